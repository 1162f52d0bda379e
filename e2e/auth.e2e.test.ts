import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

/** A Mongolian mobile number nobody else in this run uses. */
const newPhone = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The newest code the sandbox SMS gateway received for `phone` (developers read /dev/outbox). */
async function codeFor(phone: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await fetch(`${baseUrl()}/dev/outbox?format=json&to=${phone}`);
      const body = (await response.json()) as { data: { to: string; code: string | null }[] };
      code = body.data.find((message) => message.to.endsWith(phone) && message.code)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code as unknown as string;
}

/** An account made through the API, as an app would (register needs Client-Id and Device-UUID). */
async function registerByApi(name: string, password: string): Promise<string> {
  const phone = newPhone();
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path} answered ${response.status}`).toBe(200);
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };
  const challenge = await post('/v4/auth/otp', { purpose: 'register', phone });
  const verified = await post('/v4/auth/otp:verify', {
    challenge_id: challenge.challenge_id,
    purpose: 'register',
    code: await codeFor(phone),
  });
  await post(
    '/v4/auth/register',
    { verification_token: verified.verification_token, name, password },
    { 'client-id': 'e2e', 'device-uuid': crypto.randomUUID() },
  );
  return phone;
}

async function firstBookPath(): Promise<string> {
  const response = await fetch(`${baseUrl()}/v5/books?page%5Bsize%5D=1`);
  const body = (await response.json()) as { data: { data: { slug: string }[] } };
  const slug = body.data.data[0]?.slug;
  if (!slug) throw new Error('the demo catalogue has no books');
  return `/${slug}`;
}

const header = (page: Page) => page.getByRole('banner');
const loginLink = (page: Page) => header(page).getByRole('link', { name: 'Нэвтрэх' });

async function signInWithPassword(page: Page, login: string, password: string, from = '/') {
  await page.goto(from);
  await page.waitForLoadState('networkidle');
  await loginLink(page).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  await page.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(login);
  await page.getByLabel('Нууц үг', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
  await page.waitForURL((url) => url.pathname === new URL(from, baseUrl()).pathname);
}

describe('accounts in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('registers with a phone number and the code from the outbox, returns to the book signed in, signs out', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const book = await firstBookPath();
    await page.goto(book);
    await page.waitForLoadState('networkidle');

    await loginLink(page).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('prev')).toBe(book);
    await screenshot(page, 'auth-1280');
    await page.getByRole('link', { name: 'Бүртгүүлэх' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/register');

    // A wrong number is refused as it is typed, in Mongolian, and the typed text stays.
    const phoneInput = page.getByLabel('Утасны дугаар');
    await phoneInput.fill('12345');
    await phoneInput.blur();
    await expect.poll(() => page.getByText('Утасны дугаар 8 оронтой байх ёстой').count()).toBe(1);
    expect(await phoneInput.getAttribute('aria-invalid')).toBe('true');
    const phone = newPhone();
    await phoneInput.fill(`+976 ${phone}`);
    await expect.poll(() => phoneInput.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Код авах' }).click();

    await page.waitForURL((url) => url.pathname === '/auth/code');
    expect(new URL(page.url()).searchParams.get('prev')).toBe(book);
    await expect.poll(() => page.getByRole('timer').count()).toBe(1);
    await screenshot(page, 'auth-code-1280');
    const code = await codeFor(phone);
    // Six digits submit by themselves.
    await page.getByLabel('Баталгаажуулах код').fill(code);

    await expect.poll(() => page.getByRole('heading', { name: 'Бүртгэлээ дуусгах' }).count()).toBe(1);
    await page.getByLabel('Таны нэр').fill('Тэмүүлэн');
    await page.getByLabel('Нууц үг (заавал биш)').fill('Nomsan-Tuulai-2025');
    await page.getByRole('button', { name: 'Бүртгэл үүсгэх' }).click();

    await page.waitForURL((url) => url.pathname === book);
    const menuButton = header(page).getByRole('button', { name: 'Тэмүүлэн' });
    await expect.poll(() => menuButton.count()).toBe(1);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? 'null')?.name)).toBe('Тэмүүлэн');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'nomsan_session')?.httpOnly).toBe(true);

    // The menu: keyboard operable, shows the name and the ID, and signs out to '/'.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByText(/^ID: \d+$/).count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Гарах' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => loginLink(page).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('user_data'))).toBeNull();
    expect((await context.cookies()).some((c) => c.name === 'nomsan_session')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs in with Google through the local issuer and returns to the page it started from', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/audio');
    await page.waitForLoadState('networkidle');
    await loginLink(page).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('link', { name: 'Google ашиглан нэвтрэх' }).click();

    // The sandbox issuer's own sign-in page (oidc-provider), then back through /auth/google/callback.
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/oidc/google/'));
    await page.getByRole('button', { name: /Сараа/ }).click();
    await page.waitForURL((url) => url.pathname === '/audio');
    await expect.poll(() => header(page).getByRole('button', { name: 'Сараа' }).count()).toBe(1);

    // The account now lists Google as linked.
    await page.goto('/settings/social-accounts');
    await expect.poll(() => page.getByText('Холбосон: saraa@example.mn').count()).toBe(1);
    await context.close();
  });

  it('signs out a device revoked from another one at its next navigation', async () => {
    const password = 'Nomsan-Shuvuu-2025';
    const phone = await registerByApi('Оюунаа', password);
    const phoneContext = await browser.context(MOBILE);
    const laptopContext = await browser.context(DESKTOP);
    const phonePage = await phoneContext.newPage();
    const laptop = await laptopContext.newPage();
    await signInWithPassword(phonePage, phone, password, '/podcast');
    await signInWithPassword(laptop, phone, password, '/');

    await laptop.goto('/settings/devices');
    const devices = laptop.getByRole('list', { name: 'Төхөөрөмжүүд' }).getByRole('listitem');
    // The API's own registration, the phone and the laptop.
    await expect.poll(() => devices.count()).toBe(3);
    expect(await devices.first().getByText('Энэ төхөөрөмж').count()).toBe(1);
    await screenshot(laptop, 'settings-devices-1280');
    await phonePage.goto('/settings/devices');
    await expect
      .poll(() => phonePage.getByRole('list', { name: 'Төхөөрөмжүүд' }).getByRole('listitem').count())
      .toBe(3);
    await screenshot(phonePage, 'settings-devices-375');

    // The phone is the most recently active device that is not this one.
    const phoneRow = devices.nth(1);
    await phoneRow.getByRole('button', { name: 'Гаргах' }).click();
    await phoneRow.getByRole('button', { name: 'Тийм, гаргах' }).click();
    await expect.poll(() => devices.count()).toBe(2);

    // The phone's next navigation (a client-side one) finds its session gone.
    await phonePage.getByRole('link', { name: 'Нүүр', exact: true }).click();
    await phonePage.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => loginLink(phonePage).count()).toBe(1);
    expect(await phonePage.evaluate(() => localStorage.getItem('user_data'))).toBeNull();
    await phonePage.goto('/settings/devices');
    await phonePage.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(phonePage.url()).searchParams.get('prev')).toBe('/settings/devices');
    // The laptop is still signed in.
    await laptop.goto('/settings');
    expect(new URL(laptop.url()).pathname).toBe('/settings');
    await Promise.all([phoneContext.close(), laptopContext.close()]);
  });

  it('saves the profile and changes the password from Settings, saying how each went', async () => {
    const password = 'Nomsan-Tsetseg-2025';
    const phone = await registerByApi('Сараа', password);
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    await signInWithPassword(page, phone, password, '/');

    await page.goto('/settings');
    await page.getByLabel('Нэр', { exact: true }).fill('Сарантуяа');
    await page.getByRole('button', { name: 'Хадгалах' }).click();
    await page.getByText('Өөрчлөлт хадгалагдлаа.').waitFor();
    await header(page)
      .getByRole('button', { name: /Сарантуяа/ })
      .waitFor();

    await page.goto('/settings/password');
    const newPassword = 'Nomsan-Tsetseg-2026';
    await page.getByLabel('Одоогийн нууц үг', { exact: true }).fill('not-the-password');
    await page.getByLabel('Шинэ нууц үг', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Нууц үг солих' }).click();
    await page.getByText('Одоогийн нууц үг буруу байна.').first().waitFor();
    await page.getByLabel('Одоогийн нууц үг', { exact: true }).fill(password);
    await page.getByLabel('Шинэ нууц үг', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Нууц үг солих' }).click();
    // the API's own registration session is the other device
    await page.getByText('Нууц үг солигдлоо. Бусад 1 төхөөрөмжөөс гаргалаа.').waitFor();
    await screenshot(page, 'settings-password-1280');
    await context.close();
  });

  it('shows the sign-in and code pages on a phone (375 px)', async () => {
    const context: BrowserContext = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.goto('/auth?prev=%2Faudio');
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'auth-375');
    await page.getByRole('link', { name: 'Кодоор' }).click();
    await page.waitForURL((url) => url.searchParams.get('method') === 'code');
    await page.getByLabel('Утасны дугаар').fill(newPhone());
    await page.getByRole('button', { name: 'Код авах' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/code');
    await expect.poll(() => page.getByRole('timer').count()).toBe(1);
    // A wrong code: the message shows under the input, which keeps what was typed.
    await page.getByLabel('Баталгаажуулах код').fill('000000');
    await expect.poll(() => page.getByText(/Баталгаажуулах код буруу/).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Баталгаажуулах код').inputValue()).toBe('000000');
    await screenshot(page, 'auth-code-375');
    await context.close();
  });
});

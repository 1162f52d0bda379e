import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, newPhone, registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

/** An account made through the API, as an app would: its phone number. */
const registerPhone = async (name: string, password: string): Promise<string> =>
  (await registerByApi(name, password)).phone;

/** An address nobody else in this run uses. */
const newEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.mn`;

async function firstBookPath(): Promise<string> {
  const response = await fetch(`${baseUrl()}/v5/books?page%5Bsize%5D=1`);
  const body = (await response.json()) as { data: { data: { slug: string }[] } };
  const slug = body.data.data[0]?.slug;
  if (!slug) throw new Error('the demo catalogue has no books');
  return `/${slug}`;
}

const header = (page: Page) => page.getByRole('banner');
const loginLink = (page: Page) => header(page).getByRole('link', { name: 'Нэвтрэх' });

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
    const phone = await registerPhone('Оюунаа', password);
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
    const phone = await registerPhone('Сараа', password);
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
  it('sends a signed-in member from the sign-in and sign-up pages to where they were going', async () => {
    const password = 'Nomsan-Modon-2025';
    const phone = await registerPhone('Ганаа', password);
    const context = await browser.context(DESKTOP);
    // A sign-in page opened in one tab before signing in in another.
    const earlier = await context.newPage();
    await earlier.goto('/auth?prev=%2Fsummaries');
    await earlier.waitForLoadState('networkidle');
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signInWithPassword(page, phone, password, '/audio');
    const menuButton = header(page).getByRole('button', { name: 'Ганаа' });

    // Typed in or bookmarked: the server answers with the page to go on to, never the form.
    await page.goto('/auth?prev=%2Fpodcast');
    expect(new URL(page.url()).pathname).toBe('/podcast');
    await page.goto('/auth/register');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/auth/register/google?prev=%2Faudio');
    expect(new URL(page.url()).pathname).toBe('/audio');
    await expect.poll(() => menuButton.count()).toBe(1);

    // Resetting stays open: it is how a member who forgot the password Settings asks for sets one.
    await page.goto('/auth/reset?prev=%2Fsummaries');
    await page.getByRole('heading', { name: 'Нууц үг сэргээх' }).waitFor();
    // A link inside the app to the sign-in page (a client-side navigation) goes on as well.
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Нэвтрэх хуудас руу буцах' }).click();
    await page.waitForURL((url) => url.pathname === '/summaries');
    expect(await page.getByLabel('Нууц үг', { exact: true }).count()).toBe(0);
    await expect.poll(() => menuButton.count()).toBe(1);

    // The earlier tab's sign-in page, come back to with Back, is asked for again and sends on.
    await earlier.goto('/about');
    await earlier.goBack();
    await earlier.waitForURL((url) => url.pathname === '/summaries');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('counts down before another code may be asked for, with the button disabled until then', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    // The page's clock, so the minute can be skipped; it runs at the normal pace meanwhile.
    await page.clock.install();
    await page.goto('/auth?method=code&prev=%2Faudio');
    await page.waitForLoadState('networkidle');
    const phone = newPhone();
    const contact = page.getByLabel('Утасны дугаар эсвэл и-мэйл');
    const send = page.getByRole('button', { name: 'Код авах' });
    await contact.fill(phone);
    await send.click();
    await page.waitForURL((url) => url.pathname === '/auth/code');

    // The code step: "resend" waits for the API's resend_in.
    const resend = page.getByRole('button', { name: 'Дахин код авах' });
    const resendTimer = page.getByRole('timer');
    await expect.poll(() => resendTimer.count()).toBe(1);
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.fastForward(2_000);
    await expect.poll(() => resendTimer.innerText()).toMatch(/^0:5\d$/);
    expect(await resend.isDisabled()).toBe(true);

    // Back to correct the number, and asking again for the same one at once.
    await page.getByRole('link', { name: 'Дугаараа засах' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('method') === 'code');
    await contact.fill(phone);
    await send.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Шинэ код авахын өмнө түр хүлээнэ үү.' });
    await alert.waitFor();
    const timer = alert.getByRole('timer');
    expect(await timer.innerText()).toMatch(/^[01]:\d\d дараа дахин оролдоно уу\.$/);
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'auth-code-wait-375');
    const before = await timer.innerText();
    await page.clock.fastForward(3_000);
    await expect.poll(() => timer.innerText()).not.toBe(before);
    expect(await send.isDisabled()).toBe(true);

    // At zero the refusal goes and the button works again.
    await page.clock.fastForward('01:01');
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await alert.count()).toBe(0);
    // Chromium logs the refused request itself; nothing else went wrong.
    expect(problems).toEqual([expect.stringContaining('429 (Too Many Requests)')]);
    await context.close();
  });

  it('adds an e-mail address in Settings with the code sent to it, then removes it', async () => {
    const password = 'Nomsan-Nuur-2025';
    const phone = await registerPhone('Номин', password);
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.clock.install();
    await signInWithPassword(page, phone, password, '/');
    await page.goto('/settings');
    await page.waitForLoadState('networkidle');
    const emailRow = page.getByRole('definition').filter({ has: page.getByText('Нэмээгүй') });
    expect(await emailRow.count()).toBe(1);
    await screenshot(page, 'settings-profile-1280');

    await page.getByRole('button', { name: 'И-мэйл: Нэмэх' }).click();
    const address = page.getByLabel('Шинэ и-мэйл хаяг');
    const send = page.getByRole('button', { name: 'Код авах' });
    const first = newEmail('nomin');
    await address.fill(first);
    await send.click();
    // Only that a message went out: the inbox may hold a notice instead, if the address is taken.
    await page.getByText(/^n•••@example\.mn руу захидал илгээлээ\./).waitFor();
    expect(await page.getByRole('button', { name: 'Дахин код авах' }).isDisabled()).toBe(true);
    await screenshot(page, 'settings-email-code-1280');

    // Asking again for the same address at once: the action's refusal counts down.
    await page.getByRole('button', { name: 'Өөр хаяг оруулах' }).click();
    expect(await address.inputValue()).toBe(first);
    await send.click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Шинэ код авахын өмнө түр хүлээнэ үү.' });
    await refusal.getByRole('timer').waitFor();
    expect(await refusal.getByRole('timer').innerText()).toMatch(/^\d:\d\d дараа дахин оролдоно уу\.$/);
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'settings-email-wait-1280');
    await page.clock.fastForward('01:01');
    await expect.poll(() => send.isEnabled()).toBe(true);

    // Another address: its code comes back, and the profile shows it, verified.
    const second = newEmail('nomin.b');
    await address.fill(second);
    await send.click();
    const codeInput = page.getByLabel('Баталгаажуулах код');
    await codeInput.waitFor();
    await page.setViewportSize(MOBILE.viewport);
    await screenshot(page, 'settings-email-code-375');
    await page.setViewportSize(DESKTOP.viewport);
    await codeInput.fill(await codeFor(second));
    await page.getByText(`${second} хаяг баталгаажиж, таны бүртгэлд нэмэгдлээ.`).waitFor();
    const verified = page.getByRole('definition').filter({ hasText: second });
    await expect.poll(() => verified.getByText('Баталгаажсан', { exact: true }).count()).toBe(1);
    expect(await codeInput.count()).toBe(0);
    expect(await page.getByText(first).count()).toBe(0);
    await screenshot(page, 'settings-email-verified-1280');

    // The name form still saves as before, leaving the address alone.
    await page.getByLabel('Нэр', { exact: true }).fill('Номин-Эрдэнэ');
    await page.getByRole('button', { name: 'Хадгалах' }).click();
    await page.getByText('Өөрчлөлт хадгалагдлаа.').waitFor();
    expect(await verified.count()).toBe(1);

    // Removing it (the phone number remains to sign in with).
    await page.getByRole('button', { name: 'И-мэйл: Устгах' }).click();
    await page.getByRole('button', { name: 'Тийм, устгах' }).click();
    await page.getByText('И-мэйл хаягийг устгалаа.').waitFor();
    await expect.poll(() => emailRow.count()).toBe(1);
    await page.setViewportSize(MOBILE.viewport);
    await screenshot(page, 'settings-profile-375');
    expect(problems).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';

/** A Mongolian mobile number nobody else in this run uses. */
export const newPhone = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The newest code the sandbox SMS gateway or SMTP server received for `to` (developers read /dev/outbox). */
export async function codeFor(to: string, base = baseUrl()): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await fetch(`${base}/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
      const body = (await response.json()) as { data: { to: string; code: string | null }[] };
      code = body.data.find((message) => message.to.endsWith(to) && message.code)?.code ?? null;
      return code;
    })
    .not.toBeNull();
  return code as unknown as string;
}

/**
 * Pays a QPay invoice as the sandbox bank app does: posts to one of its bank links (what the bank
 * page's "Төлөх" button sends; `e2e/checkout` clicks that page itself).
 */
export async function payAtBank(bankLink: string, base = baseUrl()): Promise<void> {
  const link = new URL(bankLink, base);
  const paid = await fetch(`${base}${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    signal: AbortSignal.timeout(20_000),
  });
  expect(paid.status, `the bank answered ${paid.status}`).toBe(200);
}

/**
 * An account made through the API, as an app would (register needs Client-Id and Device-UUID):
 * its phone and its bearer token.
 */
export async function registerByApi(
  name: string,
  password: string,
  base = baseUrl(),
): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
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
    code: await codeFor(phone, base),
  });
  const registered = await post(
    '/v4/auth/register',
    { verification_token: verified.verification_token, name, password },
    { 'client-id': 'e2e', 'device-uuid': crypto.randomUUID() },
  );
  return { phone, token: registered.access_token as string };
}

/**
 * A visitor signs up in the browser as a person would (phone, the code from the outbox, name and,
 * when given, a password) and comes back to `prev`. Answers the phone.
 */
export async function signUpInBrowser(
  page: Page,
  { prev, name, password }: { prev: string; name: string; password?: string },
): Promise<string> {
  await page.goto(`/auth/register?prev=${encodeURIComponent(prev)}`);
  const phone = newPhone();
  await page.getByLabel('Утасны дугаар').fill(phone);
  await page.getByRole('button', { name: 'Код авах' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/code');
  await page.getByLabel('Баталгаажуулах код').fill(await codeFor(phone));
  await expect.poll(() => page.getByRole('heading', { name: 'Бүртгэлээ дуусгах' }).count()).toBe(1);
  await page.getByLabel('Таны нэр').fill(name);
  if (password) await page.getByLabel('Нууц үг (заавал биш)').fill(password);
  await page.getByRole('button', { name: 'Бүртгэл үүсгэх' }).click();
  await page.waitForURL((url) => url.pathname === new URL(prev, baseUrl()).pathname);
  return phone;
}

/** Signs in in the browser with a password, from `from`'s header link, and comes back there. */
export async function signInWithPassword(page: Page, login: string, password: string, from = '/') {
  await page.goto(from);
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('link', { name: 'Нэвтрэх' }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  await page.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(login);
  await page.getByLabel('Нууц үг', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
  await page.waitForURL((url) => url.pathname === new URL(from, baseUrl()).pathname);
}

/**
 * Makes the member the owner of `format` of each book, through the API as an app would: a credit
 * pack paid with QPay (the sandbox bank app pays it), then each book unlocked with credits.
 * Returns the books it could unlock (those with a credit price in that format).
 */
export async function ownBooksByApi(
  token: string,
  bookIds: number[],
  format: 'audiobook' | 'ebook',
  base = baseUrl(),
): Promise<number[]> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, `${path} answered ${response.status}`).toBe(200);
    return ((await response.json()) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const unlockable: { id: number; credits: number }[] = [];
  for (const id of bookIds) {
    const book = await call(`/v4/books/${id}`);
    const offer = (book.offers as { format: string; credit_price: number | null }[]).find(
      (o) => o.format === format && o.credit_price !== null,
    );
    if (offer) unlockable.push({ id, credits: offer.credit_price! });
  }
  const needed = unlockable.reduce((sum, b) => sum + b.credits, 0);
  const packs = (await call('/v5/credit/packs')) as { id: number; credits: number; bonus_credits: number }[];
  let balance = 0;
  while (balance < needed) {
    const pack = [...packs].sort((a, b) => b.credits - a.credits)[0]!;
    const bought = await call('/v6/purchase/credit-pack', { pack_id: pack.id, method: 'mnt', rail: 'qpay' });
    await payAtBank(bought.payment.next_action.deeplinks[0].link, base);
    balance += pack.credits + pack.bonus_credits;
    await expect.poll(async () => (await call(`/v4/billing/invoices/${bought.invoice.id}`)).status).toBe('paid');
  }
  for (const book of unlockable) await call(`/v6/purchase/book/${book.id}`, { format, method: 'credits' });
  return unlockable.map((b) => b.id);
}

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

const PASSWORD = 'Nomsan-Notify-2026';

/**
 * A credit pack bought with QPay through the API, as an app would, paid by the sandbox bank
 * app: the store tells the member with a receipt notification. Returns the invoice's id.
 */
async function buyCreditPack(token: string): Promise<{ invoiceId: string }> {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}${path}`, {
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
  const packs = (await call('/v5/credit/packs')) as { id: number }[];
  expect(packs.length).toBeGreaterThan(0);
  const bought = await call('/v6/purchase/credit-pack', { pack_id: packs[0]!.id, method: 'mnt', rail: 'qpay' });
  const link = new URL(bought.payment.next_action.deeplinks[0].link);
  const paid = await fetch(`${baseUrl()}${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(paid.status).toBe(200);
  await expect.poll(async () => (await call(`/v4/billing/invoices/${bought.invoice.id}`)).status).toBe('paid');
  return { invoiceId: bought.invoice.id as string };
}

/** The bell in the header: its name carries the count of new notifications. */
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Мэдэгдэл/ });

describe('notifications in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  /** one member who bought a credit pack, made by the first test that needs them (polls run inside a test) */
  let made: Promise<{ phone: string; token: string; invoiceId: string }> | undefined;
  const memberWithReceipt = () =>
    (made ??= (async () => {
      const member = await registerByApi('Мэдэгдэл Хүлээгч', PASSWORD);
      return { ...member, ...(await buyCreditPack(member.token)) };
    })());
  afterAll(() => browser.close());

  it('shows the count on the bell after a purchase; the bell opens the list, which marks it seen', async () => {
    const member = await memberWithReceipt();
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    // a visitor has no bell
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await bell(page).count()).toBe(0);

    await signInWithPassword(page, member.phone, PASSWORD);
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Мэдэгдэл, шинэ 1');
    await expect.poll(() => bell(page).getByText('1', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'notifications-bell-badge-1280');

    await bell(page).click();
    await page.waitForURL((url) => url.pathname === '/my-library/notifications');
    const list = page.getByRole('list', { name: 'Мэдэгдлүүд' });
    const receipt = list.getByRole('listitem', { name: 'Төлбөр амжилттай' });
    await expect.poll(() => receipt.count()).toBe(1);
    expect(await receipt.getByRole('link', { name: 'Дэлгэрэнгүй' }).getAttribute('href')).toBe(
      `/invoice/${member.invoiceId}`,
    );
    // the list marked it seen: the badge goes without a reload, and the bell is highlighted here
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Мэдэгдэл');
    expect(await bell(page).getAttribute('aria-current')).toBe('page');
    expect(
      await page
        .getByRole('navigation', { name: 'Миний сангийн хэсгүүд' })
        .getByRole('link', { name: 'Мэдэгдэл' })
        .count(),
    ).toBe(1);
    await screenshot(page, 'notifications-page-1280');

    // elsewhere, after a reload, the bell still has nothing new and is not highlighted
    await page.goto('/');
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Мэдэгдэл');
    expect(await bell(page).getAttribute('aria-current')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reaches the bell on a phone, and removes a notification from the list', async () => {
    const member = await memberWithReceipt();
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signInWithPassword(page, member.phone, PASSWORD);
    await expect.poll(() => bell(page).isVisible()).toBe(true);
    await bell(page).click();
    await page.waitForURL((url) => url.pathname === '/my-library/notifications');
    const receipt = page.getByRole('listitem', { name: 'Төлбөр амжилттай' });
    await expect.poll(() => receipt.count()).toBe(1);
    await screenshot(page, 'notifications-page-375');

    await receipt.getByRole('button', { name: '«Төлбөр амжилттай» мэдэгдлийг устгах' }).click();
    await expect.poll(() => page.getByText('Танд одоогоор мэдэгдэл алга.').count()).toBe(1);
    await screenshot(page, 'notifications-empty-375');
    await page.reload();
    expect(await page.getByText('Танд одоогоор мэдэгдэл алга.').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtBank, registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, baseUrl, launch, screenshot, watchConsole } from './support/browser';

const PASSWORD = 'Nomsan-Codes-2026';

/** Signs in on the sign-in page a members-only page sent the visitor to; it returns there. */
async function signInHere(page: Page, login: string, back: string) {
  await page.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(login);
  await page.getByLabel('Нууц үг', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
  await page.waitForURL((url) => url.pathname === back);
}

/**
 * Pays the QPay invoice on its page as the sandbox bank app does: the page's first bank deeplink,
 * posted to (what its "Төлөх" button sends).
 */
async function payOnInvoicePage(page: Page) {
  const bankLink = page.locator('a[href*="/bank/"]').first();
  await expect.poll(() => bankLink.count(), { timeout: 10_000 }).toBe(1);
  await screenshot(page, 'codes-gift-invoice-1280');
  await payAtBank((await bankLink.getAttribute('href'))!);
}

describe('promo codes and gift cards in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'a member redeems the demo code from its link; a wrong code is refused in Mongolian',
    { timeout: 30_000 },
    async () => {
      const member = await registerByApi('Урамшуулал', PASSWORD);
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);

      await page.goto('/promo');
      await expect.poll(() => page.getByText('NOMSAN2026', { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole('timer').count()).toBeGreaterThan(0);
      await screenshot(page, 'codes-promo-1280');

      // a visitor signs in first and comes back to the code
      await page.goto('/coupon/NOMSAN2026');
      await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('prev') === '/coupon/NOMSAN2026');
      await signInHere(page, member.phone, '/coupon/NOMSAN2026');
      await expect.poll(() => page.getByLabel('Код').inputValue()).toBe('NOMSAN2026');
      await page.getByRole('button', { name: 'Идэвхжүүлэх', exact: true }).click();
      await expect.poll(() => page.getByText('Амжилттай идэвхжлээ').count()).toBe(1);
      await expect.poll(() => page.getByText('1 кредит', { exact: true }).count()).toBe(1);
      await screenshot(page, 'codes-redeemed-1280');

      await page.goto('/coupon');
      await page.getByLabel('Код').fill('BURUU-KOD-1');
      await page.getByRole('button', { name: 'Идэвхжүүлэх', exact: true }).click();
      await expect.poll(() => page.getByText('Код буруу байна. Шалгаад дахин оруулна уу.').count()).toBe(1);
      await screenshot(page, 'codes-wrong-1280');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'a plan discount code: checked on /coupon, then taken by an audio subscription paid with QPay at half price',
    { timeout: 40_000 },
    async () => {
      const member = await registerByApi('Хямдралтай захиалагч', PASSWORD);
      const plans = (await (await fetch(`${baseUrl()}/v6/subscription/plans`)).json()) as {
        data: { code: string; name: string; price_mnt: number }[];
      };
      const audio = plans.data.find((plan) => plan.code === 'audio-1m')!;
      const half = Math.round(audio.price_mnt / 2);
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto('/coupon/SONSOH50');
      await page.waitForURL((url) => url.pathname === '/auth');
      await signInHere(page, member.phone, '/coupon/SONSOH50');
      await page.getByRole('button', { name: 'Идэвхжүүлэх', exact: true }).click();
      await expect.poll(() => page.getByText('Код хүчинтэй байна').count()).toBe(1);
      expect(await page.getByText('«Аудио ном» багцын эхний төлбөрт 50% хөнгөлөлт').count()).toBe(1);
      await screenshot(page, 'codes-plan-discount-1280');
      await page.getByRole('link', { name: 'Багц сонгох' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/subscription/audio' && url.searchParams.get('code') === 'SONSOH50',
      );
      await expect.poll(() => page.getByRole('region', { name: 'Урамшууллын код' }).count()).toBe(1);
      // the plan's card says what the first period costs with the code, the plan's price struck
      const price = new Intl.NumberFormat('en-US').format(half).replace(/,/g, ' ');
      const card = page.getByRole('listitem', { name: audio.name });
      expect(await card.getByText(`${price}₮`, { exact: true }).count()).toBe(1);
      expect(await card.locator('s').innerText()).toContain(
        new Intl.NumberFormat('en-US').format(audio.price_mnt).replace(/,/g, ' '),
      );
      await screenshot(page, 'codes-plan-discount-plans-1280');

      await card.getByRole('button', { name: 'Захиалах' }).click();
      const sheet = page.getByRole('dialog');
      await expect.poll(() => sheet.getByText('SONSOH50').count()).toBe(1);
      await screenshot(page, 'codes-plan-discount-sheet-1280');
      await sheet.getByRole('button', { name: `${price}₮ төлөх` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/invoice/'));
      await payOnInvoicePage(page);
      await page.goto('/subscription/audio');
      await expect
        .poll(() => page.getByText('Идэвхтэй', { exact: true }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await screenshot(page, 'codes-plan-discount-active-1280');
      const invoices = (await (await page.request.get('/account/api/invoices')).json()) as {
        data: { data: { amount_mnt: number; status: string }[] };
      };
      expect(invoices.data.data[0]).toMatchObject({ amount_mnt: half, status: 'paid' });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'a member gives a credit pack by QPay to a phone; its owner follows the notification and redeems it; the sender sees it redeemed',
    { timeout: 40_000 },
    async () => {
      const [sender, recipient] = await Promise.all([
        registerByApi('Бэлэг илгээгч', PASSWORD),
        registerByApi('Бэлэг авагч', PASSWORD),
      ]);
      const [a, b] = await Promise.all([browser.context(DESKTOP), browser.context(DESKTOP)]);
      const [page, other] = await Promise.all([a.newPage(), b.newPage()]);
      await Promise.all([
        signInWithPassword(page, sender.phone, PASSWORD, '/gift'),
        signInWithPassword(other, recipient.phone, PASSWORD, '/promo'),
      ]);
      await page.locator('input[name="gift"]').last().check();
      await page.getByLabel('Хүлээн авагчийн утасны дугаар').fill(recipient.phone);
      await page.getByLabel('Мэндчилгээ (заавал биш)').fill('Төрсөн өдрийн мэнд!');
      await screenshot(page, 'codes-gift-form-1280');
      await page.getByRole('button', { name: /төлөх$/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/invoice/'));
      await payOnInvoicePage(page);
      await expect
        .poll(() => page.getByText('Төлсөн', { exact: true }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await screenshot(page, 'codes-gift-paid-1280');

      // the gift's notification comes once the payment is fulfilled: the page is read again until it shows
      const giftLink = other.locator('a[href^="/coupon/"]').first();
      await expect
        .poll(
          async () => {
            await other.goto('/my-library/notifications');
            return giftLink.count();
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBe(1);
      await screenshot(other, 'codes-gift-notification-1280');
      await giftLink.click();
      await other.waitForURL((url) => url.pathname.startsWith('/coupon/'));
      await other.getByRole('button', { name: 'Идэвхжүүлэх', exact: true }).click();
      await expect.poll(() => other.getByText('Амжилттай идэвхжлээ').count()).toBe(1);
      await expect.poll(() => other.getByText('Төрсөн өдрийн мэнд!').count()).toBe(1);
      await screenshot(other, 'codes-gift-redeemed-1280');

      await page.goto('/my-library/cards');
      await expect.poll(() => page.getByText('Идэвхжүүлсэн', { exact: true }).count()).toBe(1);
      await screenshot(page, 'codes-cards-1280');
      await Promise.all([a.close(), b.close()]);
    },
  );
});

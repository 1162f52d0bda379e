import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './support/accounts';
import { DESKTOP, baseUrl, launch, screenshot, watchConsole } from './support/browser';
import { payOnCardPage } from './support/money';

interface Card {
  slug: string;
  type: string;
  availability: { price_mnt: number | null; credit_price: number | null };
}

/** Titles of the demo catalogue that can be bought in tögrög, and unlocked with credits. */
async function titles(path: string): Promise<Card[]> {
  const response = await fetch(`${baseUrl()}${path}`);
  return ((await response.json()) as { data: { data: Card[] } }).data.data;
}

const sheet = (page: Page) => page.getByRole('dialog');

describe('checkout in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  // the whole journey of a member's first purchases: longer than one page's test
  it(
    'signs up, buys credits with QPay, unlocks a book, buys one by card through 3-D Secure saving the card, a summary in one tap; a declined card grants nothing',
    { timeout: 150_000 },
    async () => {
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signUpInBrowser(page, {
        prev: '/settings/credit-transactions',
        name: 'Худалдан авагч',
        password: 'Nomsan-Checkout-2026',
      });
      await expect.poll(() => page.getByText('Кредитээр нээх боломжтой номууд').count()).toBe(1);
      await screenshot(page, 'checkout-credits-page-1280');

      // Credits with QPay: the QR and the bank buttons; the sandbox bank app pays it.
      await page.getByRole('button', { name: 'Худалдаж авах' }).last().click();
      await page.getByRole('button', { name: /төлөх$/ }).click();
      const bankLink = sheet(page).getByRole('link').first();
      await expect.poll(() => bankLink.count()).toBe(1);
      await screenshot(page, 'checkout-qpay-qr-1280');
      const bank = await context.newPage();
      await bank.goto((await bankLink.getAttribute('href'))!);
      await screenshot(bank, 'checkout-qpay-bank-app-1280');
      await bank.getByRole('button', { name: 'Төлөх' }).click();
      await bank.close();
      await expect.poll(() => sheet(page).getByText('Төлбөр амжилттай').count(), { timeout: 15_000 }).toBe(1);
      await screenshot(page, 'checkout-qpay-paid-1280');
      await page.keyboard.press('Escape');
      await page.reload();
      await expect.poll(() => page.getByText(/Кредит багц:/).count()).toBeGreaterThan(0);

      // Unlock a book with credits.
      const books = await titles('/v5/books?page%5Bsize%5D=60');
      const unlockable = books.find((b) => b.availability.credit_price !== null && b.availability.credit_price <= 3)!;
      await page.goto(`/${unlockable.slug}`);
      await page
        .getByRole('button', { name: /Худалдаж авах|Кредитээр нээх/ })
        .first()
        .click();
      await sheet(page)
        .getByLabel(/кредитээр нээх/)
        .check();
      await screenshot(page, 'checkout-credits-1280');
      await sheet(page)
        .getByRole('button', { name: /кредитээр нээх/ })
        .click();
      await expect.poll(() => sheet(page).getByText('Төлбөр амжилттай').count()).toBe(1);
      await page.keyboard.press('Escape');
      await page.reload();
      await expect.poll(() => page.getByRole('link', { name: 'Таны номын санд байна' }).count()).toBeGreaterThan(0);

      // Another book by card, through 3-D Secure, saving the card.
      const byCard = books.find((b) => b.slug !== unlockable.slug && (b.availability.price_mnt ?? 0) > 0)!;
      await page.goto(`/${byCard.slug}`);
      await page.getByRole('button', { name: 'Худалдаж авах' }).first().click();
      await sheet(page).getByLabel('Банкны карт').check();
      await sheet(page)
        .getByRole('button', { name: /төлөх$/ })
        .click();
      await payOnCardPage(page, '4000 0000 0000 3220', { otp: '123456', shots: 'checkout' });
      await expect.poll(() => page.getByRole('heading', { name: 'Төлбөр амжилттай' }).count()).toBe(1);
      await screenshot(page, 'checkout-card-paid-1280');

      // A summary with the saved card, in one tap.
      const summaries = await titles('/v5/summary?page%5Bsize%5D=20');
      const [oneTap, declined] = summaries.filter((s) => (s.availability.price_mnt ?? 0) > 0);
      await page.goto(`/summary/${oneTap!.slug}`);
      await page.getByRole('button', { name: 'Худалдаж авах' }).first().click();
      await sheet(page)
        .getByLabel(/Хадгалсан карт/)
        .check();
      await screenshot(page, 'checkout-saved-card-1280');
      await sheet(page)
        .getByRole('button', { name: /төлөх$/ })
        .click();
      await expect.poll(() => sheet(page).getByText('Төлбөр амжилттай').count()).toBe(1);
      await page.keyboard.press('Escape');

      // A declined card: the Mongolian message, nothing granted.
      await page.goto(`/summary/${declined!.slug}`);
      await page.getByRole('button', { name: 'Худалдаж авах' }).first().click();
      await sheet(page).getByLabel('Банкны карт').check();
      await sheet(page)
        .getByRole('button', { name: /төлөх$/ })
        .click();
      await payOnCardPage(page, '4000 0000 0000 0002');
      await expect.poll(() => page.getByText('Карт татгалзлаа. Өөр карт ашиглана уу.').count()).toBe(1);
      await screenshot(page, 'checkout-declined-1280');
      await page.goto(`/summary/${declined!.slug}`);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('link', { name: 'Таны номын санд байна' }).count()).toBe(0);

      // U-Point: the member confirms with their PIN on our page.
      const upointBook = books.find(
        (b) => b.slug !== unlockable.slug && b.slug !== byCard.slug && (b.availability.price_mnt ?? 0) > 0,
      )!;
      await page.goto(`/${upointBook.slug}`);
      await page.getByRole('button', { name: 'Худалдаж авах' }).first().click();
      await sheet(page).getByLabel('Upoint').check();
      await sheet(page)
        .getByRole('button', { name: /төлөх$/ })
        .click();
      await page.waitForURL((url) => url.pathname === '/upoint');
      await page.getByLabel('Утасны дугаар эсвэл Upoint картын дугаар').fill('99112233');
      await page.getByLabel('ПИН код').fill('1234');
      await page.getByRole('button', { name: 'Оноо шалгах' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Оноогоор төлөх' }).count()).toBe(1);
      await screenshot(page, 'checkout-upoint-1280');
      await page.getByRole('button', { name: 'Оноогоор төлөх' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/payment/'));
      await expect.poll(() => page.getByRole('heading', { name: 'Төлбөр амжилттай' }).count()).toBe(1);

      // Invoices (with their e-barimt receipts) and the library.
      await page.goto('/settings/invoices');
      await screenshot(page, 'checkout-invoices-1280');
      expect(await page.getByText('Төлөгдсөн').count()).toBeGreaterThanOrEqual(5);
      await page.locator('a[href^="/invoice/"]').first().click();
      await page.waitForURL((url) => url.pathname.startsWith('/invoice/'));
      await expect
        .poll(async () => {
          await page.reload();
          return page.getByText('Сугалааны дугаар').count();
        })
        .toBe(1);
      await screenshot(page, 'checkout-invoice-receipt-1280');
      await page.goto('/settings/payment-cards');
      expect(await page.getByRole('button', { name: 'Карт нэмэх' }).count()).toBe(1);
      await screenshot(page, 'checkout-cards-1280');
      await page.goto('/my-library/books');
      await screenshot(page, 'checkout-library-1280');
      expect(problems).toEqual([]);
    },
  );
});

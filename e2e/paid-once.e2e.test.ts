import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtBank, registerByApi, signInWithPassword, signUpInBrowser } from './support/accounts';
import { DESKTOP, baseUrl, launch, screenshot, watchConsole } from './support/browser';
import { payOnCardPage, storeClock } from './support/money';

const PASSWORD = 'Nomsan-Once-2026';
const MINUTE_MS = 60_000;
/** what the API says to a purchase of a title the member holds (mn.money.alreadyOwned) */
const ALREADY_OWNED = 'Та энэ номыг аль хэдийн авсан байна.';

interface Book {
  id: number;
  slug: string;
  title: string;
  availability: { price_mnt: number | null };
  /** the one format it is sold in for tögrög, so the sheet and a direct request buy the same */
  format: 'audiobook' | 'ebook';
}

interface InvoiceView {
  id: string;
  status: string;
  lines: { item_type: string; item_id: number }[];
  payments?: { status: string }[];
}

/** Two books of the demo catalogue sold for tögrög in one format only. */
async function booksForSale(): Promise<[Book, Book]> {
  const response = await fetch(`${baseUrl()}/v5/books?page%5Bsize%5D=60`);
  const books = ((await response.json()) as { data: { data: Omit<Book, 'format'>[] } }).data.data;
  const found: Book[] = [];
  for (const book of books.filter((b) => (b.availability.price_mnt ?? 0) > 0)) {
    const detail = await fetch(`${baseUrl()}/v4/books/${book.id}`);
    const { offers } = ((await detail.json()) as { data: { offers: { format: string; price_mnt: number | null }[] } })
      .data;
    const sold = offers.filter((o) => (o.format === 'audiobook' || o.format === 'ebook') && (o.price_mnt ?? 0) > 0);
    if (sold.length === 1) found.push({ ...book, format: sold[0]!.format as Book['format'] });
    if (found.length === 2) break;
  }
  expect(found).toHaveLength(2);
  return found as [Book, Book];
}

/** The member's invoices and attempts, read with the browser's session as the pages do. */
async function invoicesOf(page: Page, bookId: number): Promise<InvoiceView[]> {
  const list = await page.request.get('/account/api/invoices?page%5Bsize%5D=100');
  expect(list.status()).toBe(200);
  const all = ((await list.json()) as { data: { data: InvoiceView[] } }).data.data;
  const ofBook = all.filter((invoice) => invoice.lines.some((l) => l.item_type === 'book' && l.item_id === bookId));
  return Promise.all(
    ofBook.map(async (invoice) => {
      const one = await page.request.get(`/v4/billing/invoices/${invoice.id}`);
      return ((await one.json()) as { data: InvoiceView }).data;
    }),
  );
}

/** Opens a title's checkout sheet with its first «Худалдаж авах». */
async function openSheet(page: Page) {
  await page.getByRole('button', { name: 'Худалдаж авах' }).first().click();
  return page.getByRole('dialog');
}

/** Chromium logs a 409 answer to a fetch as a console error: expected of the second tap's twins. */
const unexpected = (problems: string[]) => problems.filter((p) => !/status of 409/.test(p));

describe('a title is paid once, however it is asked for', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let books: [Book, Book];
  beforeAll(async () => {
    browser = await launch();
    books = await booksForSale();
  });
  afterAll(async () => {
    // the server is shared with the other journeys: its clock goes back to the system's
    await storeClock({ reset: true });
    await browser.close();
  });

  it(
    'a member saves a card with «Карт нэмэх», then double-taps «Төлөх» in one tap while the same purchase is sent twice more: one paid invoice, one capture',
    { timeout: 120_000 },
    async () => {
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      await signUpInBrowser(page, { prev: '/settings/payment-cards', name: 'Давхар товшигч', password: PASSWORD });

      // «Карт нэмэх»: the bank's page checks the card with 100₮, the card is kept, the 100₮ given back
      await page.getByRole('button', { name: 'Карт нэмэх' }).click();
      await payOnCardPage(page, '4111 1111 1111 1111');
      // the store's pages from here (the sandbox bank's page asks for a /favicon.ico nobody serves)
      const problems = watchConsole(page);
      await expect.poll(() => page.getByRole('heading', { name: 'Карт хадгалагдлаа' }).count()).toBe(1);
      expect(await page.getByText(/1111 картаар дараагийн төлбөрөө/).count()).toBe(1);
      await expect
        .poll(() => page.getByText(/түр суутгасан 100₮-ийг буцаан олголоо/).count(), { timeout: 30_000 })
        .toBe(1);
      expect(await page.getByText('Төлбөр амжилтгүй').count()).toBe(0);
      await screenshot(page, 'paid-once-card-saved-1280');
      await page.getByRole('link', { name: 'Хадгалсан картууд' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/payment-cards');
      const savedCards = page.getByRole('list', { name: 'Төлбөрийн карт' }).getByRole('listitem');
      await expect.poll(() => savedCards.count()).toBe(1);

      // the sheet chooses the saved card first
      const book = books[0];
      await page.goto(`/${book.slug}`);
      const sheet = await openSheet(page);
      const savedCard = sheet.getByLabel(/^Хадгалсан карт .*1111/);
      await expect.poll(() => savedCard.isChecked()).toBe(true);
      const pay = sheet.getByRole('button', { name: /төлөх$/ });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await screenshot(page, 'paid-once-sheet-saved-card-1280');

      // a double tap, and at the same moment the same purchase twice from the page, each with a
      // key of its own (as a second tab or a script would): the server sees all three at once
      const twins: string[] = [crypto.randomUUID(), crypto.randomUUID()];
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/v6/purchase/')) return;
        const key = request.headers()['idempotency-key'];
        if (key && !twins.includes(key)) sent.push(key);
      });
      const cards = await page.request.get('/v4/billing/payment-gateways/golomt-v2/cards');
      const [card] = ((await cards.json()) as { data: { id: string }[] }).data;
      const purchase = { format: book.format, method: 'mnt', rail: 'golomt', card_id: card!.id };
      const [, answers] = await Promise.all([
        pay.click({ clickCount: 2, delay: 0 }),
        page.evaluate(
          async ({ id, keys, body }) =>
            Promise.all(
              keys.map(async (key) => {
                const response = await fetch(`/v6/purchase/book/${id}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'idempotency-key': key },
                  body: JSON.stringify(body),
                });
                const json = await response.json();
                return {
                  status: response.status,
                  invoice: json.data?.invoice?.id as string | undefined,
                  message: json.error?.message as string | undefined,
                };
              }),
            ),
          { id: book.id, keys: twins, body: purchase },
        ),
      ]);
      await expect
        .poll(() => sheet.getByText(new RegExp(`Төлбөр амжилттай|${ALREADY_OWNED}`)).count(), { timeout: 20_000 })
        .toBeGreaterThan(0);
      await screenshot(page, 'paid-once-double-tap-1280');
      // the sheet sent one request for the two taps; every answer is the one bill, or "you hold it"
      expect(sent).toHaveLength(1);
      for (const answer of answers) {
        expect([200, 409]).toContain(answer.status);
        if (answer.status === 409) expect(answer.message).toBe(ALREADY_OWNED);
      }

      // exactly one paid invoice for the title, with one capture, and the title held
      const invoices = await invoicesOf(page, book.id);
      expect(invoices.map((i) => i.status)).toEqual(['paid']);
      expect(invoices[0]!.payments!.filter((p) => p.status === 'paid')).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status === 200)) expect(answer.invoice).toBe(invoices[0]!.id);
      await page.keyboard.press('Escape');
      await page.reload();
      await expect.poll(() => page.getByRole('link', { name: 'Таны номын санд байна' }).count()).toBeGreaterThan(0);

      await page.goto('/settings/invoices');
      const rows = page.getByRole('list', { name: 'Нэхэмжлэх' }).getByRole('listitem');
      const ofBook = rows.filter({ hasText: book.title });
      expect(await ofBook.count()).toBe(1);
      expect(await ofBook.getByText('Төлөгдсөн').count()).toBe(1);
      // the card check's 100₮ is listed as given back
      expect(await rows.filter({ hasText: 'Карт хадгалах' }).getByText('Буцаан олгосон').count()).toBe(1);
      await screenshot(page, 'paid-once-invoices-1280');
      await ofBook.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === `/invoice/${invoices[0]!.id}`);
      const attempts = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Төлбөр', exact: true }) })
        .getByRole('listitem');
      await expect.poll(() => attempts.count()).toBe(1);
      expect(await attempts.getByText('Төлөгдсөн').count()).toBe(1);
      await attempts.first().scrollIntoViewIfNeeded();
      await screenshot(page, 'paid-once-invoice-1280');
      expect(unexpected(problems)).toEqual([]);
      await context.close();
    },
  );

  it(
    'two QRs of one title, the first left to expire, are both paid at the bank: the title is held once, the second capture is given back and the member told',
    { timeout: 120_000 },
    async () => {
      const member = await registerByApi('Хоёр QR', PASSWORD);
      const book = books[1];
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInWithPassword(page, member.phone, PASSWORD, `/${book.slug}`);

      /** opens the sheet, asks for a QPay QR and answers its first bank link, the sheet closed */
      const qr = async () => {
        const sheet = await openSheet(page);
        await sheet.getByLabel('QPay').check();
        await sheet.getByRole('button', { name: /төлөх$/ }).click();
        await expect
          .poll(() => sheet.getByRole('img', { name: 'QPay QR кодыг банкныхаа аппаар уншуулна уу' }).count())
          .toBe(1);
        const link = (await sheet.getByRole('listitem').getByRole('link').first().getAttribute('href'))!;
        return { sheet, link };
      };
      const first = await qr();
      await page.keyboard.press('Escape');
      // the first bill runs out unpaid (the store's clock moved past its 30 minutes): a second is made
      await storeClock({ advance_ms: 31 * MINUTE_MS });
      const second = await qr();
      expect(second.link).not.toBe(first.link);
      await screenshot(page, 'paid-once-second-qr-1280');
      await page.keyboard.press('Escape');

      // both QRs paid at the bank, one after the other
      await payAtBank(second.link);
      await payAtBank(first.link);
      await expect
        .poll(async () => (await invoicesOf(page, book.id)).map((i) => i.status).sort(), { timeout: 30_000 })
        .toEqual(['paid', 'refunded']);

      // held once
      await page.goto('/my-library/books');
      await expect
        .poll(() => page.getByRole('main').getByRole('listitem').filter({ hasText: book.title }).count())
        .toBe(1);
      await screenshot(page, 'paid-once-library-1280');

      // told, in Mongolian, through the bell and the notifications page
      await page.reload();
      const bell = page.getByRole('banner').getByRole('link', { name: /^Мэдэгдэл/ });
      await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Мэдэгдэл, шинэ \d+$/);
      await bell.click();
      await page.waitForURL((url) => url.pathname === '/my-library/notifications');
      const notice = page.getByText(/төлбөрийг буцаан олголоо: та үүнийг аль хэдийн авсан/);
      await expect.poll(() => notice.count()).toBe(1);
      expect(await page.getByText('Төлбөр буцаан олголоо').count()).toBeGreaterThan(0);
      await screenshot(page, 'paid-once-refund-notice-1280');

      // the refunded bill says so on its page
      const refunded = (await invoicesOf(page, book.id)).find((i) => i.status === 'refunded')!;
      await page.goto(`/invoice/${refunded.id}`);
      await expect.poll(() => page.getByText('Буцаан олгосон', { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByText(/Энэ төлбөрийг танд буцаан олгосон/).count()).toBe(1);
      expect(await page.getByRole('main').getByRole('link', { name: 'Миний номын сан' }).count()).toBe(0);
      await screenshot(page, 'paid-once-refunded-invoice-1280');
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

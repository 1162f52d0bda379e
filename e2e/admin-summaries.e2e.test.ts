import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, baseUrl, launch, watchConsole } from './support/browser';
import { adminShots, ownerCookie, staffCall as call } from './support/admin';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const at = (page: Page, pathname: string | RegExp) => expect.poll(() => new URL(page.url()).pathname).toMatch(pathname);

/** A few seconds of a sine tone as an MP3, made by the ffmpeg the media module uses: the file to choose. */
function tone(dir: string, name: string, seconds: number) {
  const path = join(dir, name);
  execFileSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`],
    ...['-ac', '1', '-ar', '44100', '-b:a', '64k', path],
  ]);
  return { name, mimeType: 'audio/mpeg', buffer: readFileSync(path) };
}

describe('summaries in the back office', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'nomsan-summary-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'the owner writes a summary of a book, is told it needs its recording, records it, prices and publishes it, and members read it at once',
    { timeout: 150_000 },
    async () => {
      const cookie = await ownerCookie();
      const books = await call<{ rows: { id: number; title: string }[] }>(
        'GET',
        '/api/staff/catalog/books?status=published&format=ebook&sort=title&limit=1',
        cookie,
      );
      const book = books.json.data.rows[0]!;
      const context = await browser.context(DESKTOP);
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: baseUrl() }]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      const title = `Товчлолын туршилт ${Date.now() % 100_000}`;
      const author = `Товчлолын зохиогч ${Date.now() % 100_000}`;
      const paragraphs = ['Эхний санаа: өдөр бүр бага багаар.', 'Хоёр дахь санаа: дадлыг орчноор нь өөрчил.'];

      try {
        await page.goto('/admin');
        await page.getByRole('navigation', { name: 'Удирдлагын цэс' }).getByRole('link', { name: 'Товчлол' }).click();
        await heading(page, 'Товчлол').waitFor();
        const rows = page.getByRole('table', { name: 'Товчлолууд' }).getByRole('row');
        await expect.poll(() => rows.count()).toBeGreaterThan(5);
        await adminShots(page, 'summaries');

        // A draft: the title is required; the book is picked by the start of its title; the text is paragraphs.
        await page.getByRole('link', { name: 'Шинэ товчлол' }).click();
        await heading(page, 'Шинэ товчлол').waitFor();
        await page.getByRole('button', { name: 'Ноорог үүсгэх' }).click();
        await expect.poll(() => page.getByText('Номын нэрийг оруулна уу.').count()).toBe(1);
        await page.getByLabel('Нэр', { exact: true }).fill(title);
        await page.getByRole('combobox', { name: 'Аль номын товчлол' }).fill(book.title.slice(0, 4));
        await page.getByRole('option', { name: book.title, exact: true }).click();
        await page.getByLabel('Текст', { exact: true }).fill(paragraphs.join('\n\n'));
        await expect.poll(() => page.getByText('2 догол мөр', { exact: false }).count()).toBe(1);
        // its author, made on the way as a title's are
        await page.getByRole('combobox', { name: 'Зохиогчид' }).fill(author);
        await page.getByRole('option', { name: `«${author}» нэртэй хүн шинээр нэмэх` }).click();
        await expect
          .poll(() => page.getByRole('list', { name: 'Зохиогчид' }).getByRole('listitem').allTextContents())
          .toEqual([expect.stringContaining(author)]);
        await adminShots(page, 'summary-new');
        await page.getByRole('button', { name: 'Ноорог үүсгэх' }).click();
        await at(page, /^\/admin\/summaries\/\d+$/);
        await heading(page, title).waitFor();

        // Publishing without a recording is refused, in the API's words.
        const status = page.getByRole('region', { name: 'Төлөв' });
        await status.getByRole('button', { name: 'Нийтлэх' }).click();
        await expect
          .poll(() => status.getByRole('alert').textContent())
          .toBe('Нийтлэхийн өмнө товчлолын аудио бичлэгээ оруулна уу.');

        // The recording, sent resumably and taken in by the books' job.
        const recording = page.getByRole('region', { name: 'Аудио бичлэг' });
        await recording.getByLabel('Аудио файл сонгох').setInputFiles([tone(dir, 'товчлол.mp3', 4)]);
        await recording.getByRole('button', { name: 'Бичлэг илгээх' }).click();
        await expect
          .poll(() => recording.getByText(/^Бичлэг бэлэн: 1 бүлэг, 0:0[45]$/).count(), { timeout: 60_000 })
          .toBe(1);

        // Its price, then published; the store's page is linked.
        const price = page.getByRole('region', { name: 'Үнэ' });
        await price.getByLabel('Үнэ, ₮', { exact: true }).fill('3900');
        await price.getByRole('button', { name: 'Үнэ хадгалах' }).click();
        await expect.poll(() => price.getByText('3 900₮', { exact: true }).count()).toBe(1);
        await status.getByRole('button', { name: 'Нийтлэх' }).click();
        const store = page.getByRole('link', { name: 'Дэлгүүрт харах' });
        await store.waitFor();
        await adminShots(page, 'summary');

        // Members see it at once: its title, its book and its paragraphs.
        const path = (await store.getAttribute('href'))!;
        expect(path).toMatch(/^\/summary\/[a-z0-9-]+$/);
        const visitor = await browser.context(DESKTOP);
        const member = await visitor.newPage();
        await member.goto(path);
        await heading(member, title).waitFor();
        for (const paragraph of paragraphs) expect(await member.getByText(paragraph).count()).toBeGreaterThan(0);
        expect(await member.getByRole('link', { name: author }).count()).toBeGreaterThan(0);
        expect(await member.getByText('3 900₮').count()).toBeGreaterThan(0);
        await visitor.close();
      } finally {
        await context.close();
      }
      // the one refusal asked for (publishing without a recording) is the browser's only complaint
      expect(problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
    },
  );

  it(
    'the owner makes a bundle of two books, is told it needs a price, prices it and puts it on sale, and visitors see it on its page',
    { timeout: 90_000 },
    async () => {
      const cookie = await ownerCookie();
      const books = (
        await call<{ rows: { id: number; title: string }[] }>(
          'GET',
          '/api/staff/catalog/books?status=published&sort=title&limit=2',
          cookie,
        )
      ).json.data.rows;
      expect(books).toHaveLength(2);
      const context = await browser.context(DESKTOP);
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: baseUrl() }]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      const title = `Багцын туршилт ${Date.now() % 100_000}`;

      try {
        await page.goto('/admin');
        await page.getByRole('navigation', { name: 'Удирдлагын цэс' }).getByRole('link', { name: 'Багц' }).click();
        await heading(page, 'Багц').waitFor();
        await expect
          .poll(() => page.getByRole('table', { name: 'Багцууд' }).getByRole('row').count())
          .toBeGreaterThan(1);
        await adminShots(page, 'bundles');

        // A new bundle is made off sale; its page opens.
        await page.getByRole('link', { name: 'Шинэ багц' }).click();
        await heading(page, 'Шинэ багц').waitFor();
        await page.getByLabel('Нэр', { exact: true }).fill(title);
        await page.getByLabel('Тайлбар', { exact: true }).fill('Хоёр номыг хамт авбал хямд.');
        await page.getByRole('button', { name: 'Багц үүсгэх' }).click();
        await at(page, /^\/admin\/bundles\/\d+$/);
        await heading(page, title).waitFor();

        // Its two books, found by the start of their titles, in order.
        const items = page.getByRole('region', { name: 'Багцын номууд' });
        for (const book of books) {
          await items.getByRole('combobox', { name: 'Номууд' }).fill(book.title.slice(0, 4));
          await items.getByRole('option', { name: book.title, exact: true }).click();
        }
        await items.getByRole('button', { name: 'Номуудыг хадгалах' }).click();
        await expect.poll(() => page.getByText('Багцын номууд хадгалагдлаа.').count()).toBe(1);

        // On sale without a price is refused, in the API's words; then priced and put on sale.
        const sale = page.getByRole('region', { name: 'Худалдаа' });
        await sale.getByRole('button', { name: 'Худалдаанд гаргах' }).click();
        await expect
          .poll(() => sale.getByRole('alert').textContent())
          .toBe('Багцыг худалдаанд гаргахын өмнө үнийг нь тогтооно уу.');
        const price = page.getByRole('region', { name: 'Үнэ' });
        await price.getByLabel('Үнэ, ₮', { exact: true }).fill('9900');
        await price.getByRole('button', { name: 'Үнэ хадгалах' }).click();
        await expect.poll(() => price.getByText('9 900₮', { exact: true }).count()).toBe(1);
        await page.getByRole('region', { name: 'Худалдаа' }).getByRole('button', { name: 'Худалдаанд гаргах' }).click();
        const store = page.getByRole('link', { name: 'Дэлгүүрт харах' });
        await store.waitFor();
        await adminShots(page, 'bundle');

        // Visitors see it at once: its title, its books and its price.
        const path = (await store.getAttribute('href'))!;
        expect(path).toMatch(/^\/bundle\/[a-z0-9-]+$/);
        const visitor = await browser.context(DESKTOP);
        const member = await visitor.newPage();
        await member.goto(path);
        await heading(member, title).waitFor();
        for (const book of books) expect(await member.getByText(book.title).count()).toBeGreaterThan(0);
        expect(await member.getByText('9 900₮').count()).toBeGreaterThan(0);

        // The page the visitor just had (kept by the page cache) shows an edit on its next load.
        await page.getByLabel('Нэр', { exact: true }).fill(`${title} II`);
        await page.getByRole('button', { name: 'Өөрчлөлт хадгалах' }).click();
        await expect.poll(() => page.getByText('Хадгалагдлаа. Дэлгүүрт шууд харагдана.').count()).toBe(1);
        await member.reload();
        await heading(member, `${title} II`).waitFor();
        await visitor.close();
      } finally {
        await context.close();
      }
      // the one refusal asked for (on sale without a price) is the browser's only complaint
      expect(problems.filter((p) => !/status of 422/.test(p))).toEqual([]);
    },
  );
});

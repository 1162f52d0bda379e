import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, baseUrl, launch, watchConsole } from './support/browser';
import { adminShots, codeNow, ownerCookie, staffCall as call } from './support/admin';
import { storeClock } from './support/money';
import { ROOT } from './support/server';

const EDITOR_PASSWORD = 'Catalogue-editor-2026';

interface Offer {
  format: 'audiobook' | 'ebook';
  price_mnt: number | null;
  original_price_mnt: number | null;
  credit_price: number | null;
  rental_days: number | null;
  rental_price_mnt: number | null;
  subscription_scopes: string[];
  ends_at: string | null;
}

/** An editor the owner invites, who joins by the link's API: their name and staff cookie. */
async function newEditor(): Promise<{ name: string; cookie: string }> {
  const owner = await ownerCookie();
  const name = `Каталогч ${Date.now() % 10_000}`;
  const invited = await call<{ url: string }>('POST', '/api/staff/invites', owner, {
    name,
    login: `catalogue-${Date.now()}@nomsan.test`,
    roles: ['editor'],
  });
  expect(invited.status).toBe(200);
  const token = new URL(invited.json.data.url).pathname.split('/').pop()!;
  const opened = await call<{ totp_secret: string }>('GET', `/api/staff/invitation/${token}`, null);
  const joined = await call('POST', `/api/staff/invitation/${token}`, null, {
    password: EDITOR_PASSWORD,
    code: await codeNow(opened.json.data.totp_secret),
  });
  expect(joined.cookie, 'joining signs the editor in').not.toBeNull();
  return { name, cookie: joined.cookie! };
}

/** A published e-book on sale for money, and its terms as they were (restored at the end). */
async function publishedEbook(cookie: string): Promise<{ id: number; title: string; offer: Offer }> {
  const list = await call<{ rows: { id: number; title: string; has_audio: boolean }[] }>(
    'GET',
    '/api/staff/catalog/books?status=published&format=ebook&sort=title&limit=100',
    cookie,
  );
  // from the end of the alphabet, away from the books other journeys take from the first pages
  for (const row of list.json.data.rows.filter((r) => !r.has_audio).reverse()) {
    const offers = await call<Offer[]>('GET', `/api/staff/catalog/books/${row.id}/offers`, cookie);
    const offer = offers.json.data.find((o) => o.format === 'ebook' && (o.price_mnt ?? 0) > 100);
    if (offer) return { id: row.id, title: row.title, offer };
  }
  throw new Error('no published e-book on sale for money in the demo');
}

/** A sound EPUB made `size` bytes larger by a stored (incompressible) resource, `mimetype` still first. */
function largeEpub(path: string, size: number): Buffer {
  const { mimetype, ...entries } = unzipSync(readFileSync(path));
  return Buffer.from(
    zipSync({
      mimetype: [mimetype!, { level: 0 }],
      ...entries,
      'OEBPS/filler.bin': [randomBytes(size), { level: 0 }],
    }),
  );
}

/** 12345 -> '12 345₮', as the store writes prices. */
const mnt = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}₮`;

/** '2026-05-01T09:30' in Ulaanbaatar (UTC+8, all year) for an instant. */
const ubInput = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);

/** A minute chosen in the back office's Ulaanbaatar date-time field: year, month, day, hour, minute. */
async function pickUbTime(field: Locator, when: Date) {
  const [year, month, day, hour, minute] = ubInput(when).split(/[-T:]/) as [string, string, string, string, string];
  for (const [label, value] of [
    ['Он', year],
    ['Сар', month],
    ['Өдөр', day],
    ['Цаг', hour],
    ['Минут', minute],
  ] as const) {
    await field.getByLabel(label, { exact: true }).selectOption(value);
  }
}

const at = (page: Page, pathname: string | RegExp) => expect.poll(() => new URL(page.url()).pathname).toMatch(pathname);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Удирдлагын цэс' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('the catalogue and podcasts in the back office', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'an editor makes a person and a draft, is told to upload the file before publishing, reprices, schedules, withdraws and restores an e-book, puts it in a new topic and the showcase (the home page shows both), renames its author (the store’s pages follow), and adds a podcast by its feed',
    { timeout: 150_000 },
    async () => {
      const started = performance.now();
      const editor = await newEditor();
      const ebook = await publishedEbook(editor.cookie);
      const context = await browser.context(DESKTOP);
      const [name, value] = editor.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: baseUrl() }]);
      const page = await context.newPage();
      const problems = watchConsole(page);
      const stamp = Date.now() % 100_000;
      let topicId: number | null = null;
      let showcasedId: number | null = null;
      let renamed: { id: number; name: string } | null = null;
      let renamedCategory: string | null = null;

      try {
        // An editor's sections: the catalogue and podcasts, and their own account.
        await page.goto('/admin');
        await heading(page, `Сайн байна уу, ${editor.name}`).waitFor();
        expect(await nav(page).getByRole('link').allTextContents()).toEqual([
          'Нүүр',
          'Каталог',
          'Товчлол',
          'Цуглуулга',
          'Хүмүүс',
          'Хэвлэлийн газар',
          'Ангилал',
          'Подкаст',
          'Багц',
          'Миний бүртгэл',
        ]);
        await nav(page).getByRole('link', { name: 'Каталог' }).click();
        await heading(page, 'Каталог').waitFor();
        const rows = page.getByRole('table', { name: 'Номууд' }).getByRole('row');
        await expect.poll(() => rows.count()).toBeGreaterThan(10);
        await adminShots(page, 'catalog');

        // A new draft with a person made on the way; the title is required.
        await page.getByRole('link', { name: 'Шинэ ном' }).click();
        await heading(page, 'Шинэ ном').waitFor();
        await page.getByRole('button', { name: 'Ноорог үүсгэх' }).click();
        await expect.poll(() => page.getByText('Номын нэрийг оруулна уу.').count()).toBe(1);
        const title = `Туршилтын ном ${stamp}`;
        const author = `Шинэ Зохиогч ${stamp}`;
        await page.getByLabel('Нэр', { exact: true }).fill(title);
        await page.getByRole('combobox', { name: 'Зохиогчид' }).fill(author);
        await page.getByRole('option', { name: `«${author}» нэртэй хүн шинээр нэмэх` }).click();
        await expect
          .poll(() => page.getByRole('list', { name: 'Зохиогчид' }).getByRole('listitem').allTextContents())
          .toEqual([expect.stringContaining(author)]);
        await page.getByRole('group', { name: 'Ангилал' }).getByRole('checkbox').first().check();
        // an English book: its level shows once the kind is chosen; a series made on the way, with its number
        expect(await page.getByLabel('Англи хэлний түвшин').count()).toBe(0);
        await page.getByLabel('Төрөл', { exact: true }).selectOption('english_book');
        await page.getByLabel('Англи хэлний түвшин').selectOption('B1');
        const series = `Туршилтын цуврал ${stamp}`;
        await page.getByRole('combobox', { name: 'Цуврал', exact: true }).fill(series);
        await page.getByRole('option', { name: `«${series}» цуврал шинээр нэмэх` }).click();
        await page.getByLabel('Цуврал дахь дугаар', { exact: true }).fill('3');
        await adminShots(page, 'catalog-new');
        await page.getByRole('button', { name: 'Ноорог үүсгэх' }).click();
        await at(page, /^\/admin\/catalog\/\d+$/);
        await heading(page, title).waitFor();

        // Publishing a title without a file is refused, in the API's words.
        const status = page.getByRole('region', { name: 'Төлөв' });
        await status.getByRole('button', { name: 'Одоо нийтлэх' }).click();
        await expect
          .poll(() => status.getByRole('alert').textContent())
          .toBe('Нийтлэхийн өмнө аудио эсвэл цахим номын файлаа оруулна уу.');
        expect(await page.getByRole('link', { name: 'Дэлгүүрт харах' }).count()).toBe(0);
        await adminShots(page, 'catalog-draft');

        // Its files, sent resumably: a cover (shown at once, then cut by the API), an EPUB whose
        // entries leave the archive (each problem listed), then a sound one; now it publishes.
        const cover = await page.screenshot({ clip: { x: 0, y: 0, width: 400, height: 600 } });
        await page
          .getByLabel('Зураг сонгох')
          .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
        const coverImage = page.getByRole('img', { name: `${title}: нүүр зураг` });
        await expect.poll(() => coverImage.getAttribute('src')).toMatch(/^\/media\/.+\.webp$/);
        const files = page.getByRole('region', { name: 'Цахим ном (EPUB)' });
        const hostile = zipSync({
          mimetype: [strToU8('application/epub+zip'), { level: 0 }],
          '../escape.xhtml': strToU8('<html/>'),
          '/etc/passwd': strToU8('root'),
        });
        await files
          .getByLabel('EPUB сонгох')
          .setInputFiles({ name: 'hostile.epub', mimeType: 'application/epub+zip', buffer: Buffer.from(hostile) });
        await expect
          .poll(() => files.getByRole('alert').getByRole('listitem').allTextContents())
          .toEqual([
            'Архивын доторх «../escape.xhtml» файлын зам архиваас гадагш заасан байна.',
            'Архивын доторх «/etc/passwd» файлын зам архиваас гадагш заасан байна.',
          ]);
        await adminShots(page, 'catalog-files-refused');
        // a sound one, made large (12 MB, three of the client's 5 MB requests) and sent over a
        // slowed connection, is paused (nothing more is sent) and resumed where it stopped
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: 4 * 1024 * 1024,
        });
        await files.getByLabel('EPUB сонгох').setInputFiles({
          name: 'footnotes-large.epub',
          mimeType: 'application/epub+zip',
          buffer: largeEpub(join(ROOT, 'e2e', 'fixtures', 'epub', 'footnotes.epub'), 12 * 1024 * 1024),
        });
        const sent = files.getByRole('progressbar', { name: 'Илгээлт' });
        await expect.poll(async () => Number(await sent.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
        await files.getByRole('button', { name: 'Түр зогсоох' }).click();
        await expect.poll(() => files.getByText(/^Түр зогссон · \d+% · /).count()).toBe(1);
        const pausedAt = await sent.getAttribute('aria-valuenow');
        await page.waitForTimeout(500);
        expect(await sent.getAttribute('aria-valuenow')).toBe(pausedAt);
        expect(Number(pausedAt)).toBeLessThan(100);
        await adminShots(page, 'catalog-upload-paused');
        await files.getByRole('button', { name: 'Үргэлжлүүлэх' }).click();
        await expect.poll(() => files.getByText(/^Цахим номтой: ойролцоогоор \d+ хуудас\.$/).count()).toBe(1);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        expect(await files.getByRole('alert').count()).toBe(0);
        await page.getByRole('region', { name: /^Цахим ном Зарагдаагүй/ }).waitFor();
        await status.getByRole('button', { name: 'Одоо нийтлэх' }).click();
        await expect.poll(() => status.getByText('Нийтлэгдсэн', { exact: true }).count()).toBe(1);
        await adminShots(page, 'catalog-files');
        // the store's page shows its level and its place in the series
        const english = await context.newPage();
        await english.goto((await page.getByRole('link', { name: 'Дэлгүүрт харах' }).getAttribute('href'))!);
        await heading(english, title).waitFor();
        expect(await english.getByText(series, { exact: true }).count()).toBeGreaterThan(0);
        expect(await english.getByText('3-р боть').count()).toBeGreaterThan(0);
        expect(await english.getByText('B1', { exact: true }).count()).toBeGreaterThan(0);
        await english.close();
        // back to a draft: a title without a price stays out of the lists other journeys read
        await status.getByRole('button', { name: 'Ноорог болгох' }).click();
        await expect.poll(() => status.getByText('Ноорог', { exact: true }).count()).toBe(1);

        // A published e-book, found by the start of its title with the filters; a new price.
        await nav(page).getByRole('link', { name: 'Каталог' }).click();
        await heading(page, 'Каталог').waitFor();
        await page.getByLabel('Нэр эсвэл ID').fill(ebook.title.slice(0, 12));
        await page.getByLabel('Төлөв').selectOption('published');
        await page.getByLabel('Хэлбэр').selectOption('ebook');
        await page.getByRole('button', { name: 'Шүүх' }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get('format')).toBe('ebook');
        const row = rows.filter({ hasText: `#${ebook.id}` });
        await row.getByRole('link').click();
        await heading(page, ebook.title).waitFor();
        const offer = page.getByRole('region', { name: /^Цахим ном/ });
        const price = ebook.offer.price_mnt! - 1;
        await offer.getByLabel('Үнэ, ₮', { exact: true }).fill(String(price));
        await offer.getByRole('button', { name: 'Үнэ хадгалах' }).click();
        await expect.poll(() => offer.getByText(mnt(price), { exact: true }).count()).toBe(1);
        const publicPath = (await page.getByRole('link', { name: 'Дэлгүүрт харах' }).getAttribute('href'))!;
        const visitor = await context.newPage();
        await visitor.goto(publicPath);
        await expect.poll(() => visitor.getByText(mnt(price)).count()).toBeGreaterThan(0);
        await visitor.close();

        // Withdrawn after a confirmation, scheduled for two days on (Ulaanbaatar time), published again.
        await status.getByRole('button', { name: 'Дэлгүүрээс хасах' }).click();
        await page
          .getByRole('dialog', { name: 'Номыг дэлгүүрээс хасах уу?' })
          .getByRole('button', { name: 'Тийм, хасах' })
          .click();
        await expect.poll(() => status.getByText('Хасагдсан', { exact: true }).count()).toBe(1);
        expect(await page.getByRole('link', { name: 'Дэлгүүрт харах' }).count()).toBe(0);
        const when = new Date((await storeClock()).getTime() + 2 * 86_400_000);
        when.setUTCMinutes(when.getUTCMinutes() - (when.getUTCMinutes() % 5), 0, 0);
        await pickUbTime(status.getByRole('group', { name: 'Нийтлэх цаг (Улаанбаатарын цагаар)' }), when);
        await status.getByRole('button', { name: 'Хуваарьт оруулах' }).click();
        await expect.poll(() => status.getByText('Хуваарьтай', { exact: true }).count()).toBe(1);
        const shown = `${ubInput(when).replace('T', ' ').replace(/-/g, '.')}-д (Улаанбаатарын цагаар) өөрөө нийтлэгдэнэ`;
        expect(await status.getByText(shown).count()).toBe(1);
        await adminShots(page, 'catalog-book');
        await status.getByRole('button', { name: 'Одоо нийтлэх' }).click();
        await expect.poll(() => status.getByText('Нийтлэгдсэн', { exact: true }).count()).toBe(1);
        await page.getByRole('link', { name: 'Дэлгүүрт харах' }).waitFor();

        // Collections: a new topic holding the e-book, moved first (by keyboard: the focus follows
        // the topic moved), the e-book added to the showcase; the home page shows both at once.
        await nav(page).getByRole('link', { name: 'Цуглуулга' }).click();
        await heading(page, 'Цуглуулга').waitFor();
        const topicTitle = `Туршилтын сэдэв ${stamp}`;
        const newTopic = page.getByRole('form', { name: 'Шинэ сэдэв' });
        await newTopic.getByRole('button', { name: 'Сэдэв үүсгэх' }).click();
        await expect.poll(() => newTopic.getByText('Сэдвийн нэрийг оруулна уу.').count()).toBe(1);
        await newTopic.getByLabel('Сэдвийн нэр').fill(topicTitle);
        await newTopic.getByLabel('Тайлбар').fill('Редакторын сонголт.');
        await newTopic.getByRole('button', { name: 'Сэдэв үүсгэх' }).click();
        await at(page, /^\/admin\/collections\/\d+$/);
        await heading(page, topicTitle).waitFor();
        topicId = Number(new URL(page.url()).pathname.split('/').pop());
        await page.getByRole('combobox', { name: 'Ном нэмэх' }).fill(ebook.title.slice(0, 12));
        await page.getByRole('option', { name: ebook.title, exact: true }).click();
        const topicItems = page.getByRole('list', { name: 'Сэдвийн зүйлс' }).getByRole('listitem');
        await expect.poll(() => topicItems.allTextContents()).toEqual([expect.stringContaining(ebook.title)]);
        await adminShots(page, 'collections-topic');
        await page.getByRole('link', { name: 'Цуглуулга руу буцах' }).click();
        await heading(page, 'Цуглуулга').waitFor();
        const topicRows = page.getByRole('list', { name: 'Сэдвүүд' }).getByRole('listitem');
        await expect.poll(async () => (await topicRows.allTextContents()).at(-1)).toContain(topicTitle);
        const topicCount = await topicRows.count();
        await page.getByRole('button', { name: `Дээш зөөх: ${topicTitle}` }).click();
        for (let moves = 1; moves < topicCount - 1; moves += 1) {
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
            .toBe(`Дээш зөөх: ${topicTitle}`);
          await expect
            .poll(async () => (await topicRows.nth(topicCount - 1 - moves).textContent()) ?? '')
            .toContain(topicTitle);
          await page.keyboard.press('Enter');
        }
        await expect.poll(async () => (await topicRows.first().textContent()) ?? '').toContain(topicTitle);
        await page.getByRole('combobox', { name: 'Онцлох ном нэмэх' }).fill(ebook.title.slice(0, 12));
        await page.getByRole('option', { name: ebook.title, exact: true }).click();
        const showcased = page.getByRole('list', { name: 'Онцлох номууд' }).getByRole('listitem');
        await expect.poll(async () => (await showcased.allTextContents()).at(-1)).toContain(ebook.title);
        showcasedId = ebook.id;
        await adminShots(page, 'collections');
        const home = await context.newPage();
        await home.goto('/');
        const topicShelf = home.getByRole('region', { name: topicTitle });
        await expect.poll(() => topicShelf.getByText(ebook.title).count()).toBeGreaterThan(0);
        await expect
          .poll(() => home.getByRole('region', { name: 'Онцлох ном' }).getByText(ebook.title).count())
          .toBeGreaterThan(0);
        await adminShots(home, 'collections-home');
        await home.close();
        // taken out of the showcase again; the focus goes to the remove button now in its place
        await page.getByRole('button', { name: `Хасах: ${ebook.title}` }).click();
        await expect.poll(async () => (await showcased.allTextContents()).join('|')).not.toContain(ebook.title);
        showcasedId = null;
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toMatch(/^Хасах: /);

        // People: the e-book's author, found by their id, renamed; the store's book page (loaded
        // before, so cached) and their author page (same address) show the new name at once.
        const bookView = await call<{ authors: { id: number; name: string }[] }>(
          'GET',
          `/api/staff/catalog/books/${ebook.id}`,
          editor.cookie,
        );
        const person = bookView.json.data.authors[0]!;
        await nav(page).getByRole('link', { name: 'Хүмүүс' }).click();
        await heading(page, 'Хүмүүс').waitFor();
        const people = page.getByRole('table', { name: 'Хүмүүс' }).getByRole('row');
        await expect.poll(() => people.count()).toBeGreaterThan(10);
        await adminShots(page, 'people');
        await page.getByLabel('Нэр эсвэл ID').fill(String(person.id));
        await page.getByRole('button', { name: 'Шүүх' }).click();
        await people
          .filter({ hasText: `#${person.id}` })
          .getByRole('link')
          .click();
        await heading(page, person.name).waitFor();
        const authorPath = (await page.getByRole('link', { name: 'Зохиогчийн хуудас' }).getAttribute('href'))!;
        const newName = `${person.name} ${stamp}`;
        await page.getByLabel('Нэр', { exact: true }).fill(newName);
        await page.getByRole('button', { name: 'Хадгалах' }).click();
        renamed = person;
        await heading(page, newName).waitFor();
        await adminShots(page, 'people-person');
        const reader = await context.newPage();
        await reader.goto(publicPath);
        await expect.poll(() => reader.getByText(newName).count()).toBeGreaterThan(0);
        await reader.goto(authorPath);
        await heading(reader, newName).waitFor();
        await reader.close();
        await nav(page).getByRole('link', { name: 'Хэвлэлийн газар' }).click();
        await heading(page, 'Хэвлэлийн газрууд').waitFor();
        await adminShots(page, 'publishers');
        await nav(page).getByRole('link', { name: 'Ангилал' }).click();
        await heading(page, 'Ангилал').waitFor();
        await expect
          .poll(() => page.getByRole('list', { name: 'Ангиллууд' }).getByRole('listitem').count())
          .toBeGreaterThan(3);
        // the last category renamed in place (its button opens the field); its slug stays
        const categoryRows = page.getByRole('list', { name: 'Ангиллууд' }).getByRole('listitem');
        const lastCategory = categoryRows.last();
        const categoryTitle = (await lastCategory.getByRole('button', { name: /^Нэр солих: / }).textContent())!;
        const categoryLink = await lastCategory.getByRole('link').getAttribute('href');
        await lastCategory.getByRole('button', { name: `Нэр солих: ${categoryTitle}` }).click();
        await lastCategory.getByLabel(`«${categoryTitle}» ангиллын шинэ нэр`).fill(`${categoryTitle} ${stamp}`);
        await lastCategory.getByRole('button', { name: 'Хадгалах' }).click();
        renamedCategory = categoryTitle;
        await lastCategory.getByRole('button', { name: `Нэр солих: ${categoryTitle} ${stamp}` }).waitFor();
        expect(await lastCategory.getByRole('link').getAttribute('href')).toBe(categoryLink);
        await adminShots(page, 'categories');

        await nav(page).getByRole('link', { name: 'Подкаст' }).click();
        await heading(page, 'Подкаст').waitFor();
        const feed = `${baseUrl()}/sandbox/podcasts/short.rss`;
        await page.getByLabel('RSS хаяг', { exact: true }).fill(feed);
        await page.getByRole('button', { name: 'Нэмэх' }).click();
        await expect
          .poll(() => page.getByRole('region', { name: 'RSS хаягаар нэмэх' }).getByRole('status').textContent())
          .toMatch(/: \d+ шинэ, \d+ шинэчлэгдсэн дугаар\.$/);
        const channel = page.getByRole('table', { name: 'Подкастууд' }).getByRole('row').filter({ hasText: feed });
        await expect.poll(() => channel.getByRole('cell').nth(1).textContent()).toBe('12');
        await adminShots(page, 'podcasts');
        await channel.getByRole('button', { name: /^Шинэчлэх/ }).click();
        await expect
          .poll(() => page.getByRole('region', { name: 'Подкастууд' }).getByRole('status').textContent())
          .toMatch(/RSS өөрчлөгдөөгүй байна\.$|: 0 шинэ, 0 шинэчлэгдсэн дугаар\.$/);

        expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
      } finally {
        // the home page as it was: no test topic, the demo's showcase
        if (topicId !== null) await call('DELETE', `/api/staff/collections/topics/${topicId}`, editor.cookie);
        if (showcasedId !== null) await call('DELETE', `/api/staff/collections/showcase/${showcasedId}`, editor.cookie);
        // the category's title as it was
        if (renamedCategory) {
          const categories = await call<{ id: number; title: string }[]>('GET', '/api/staff/categories', editor.cookie);
          const changed = categories.json.data.find((c) => c.title === `${renamedCategory} ${stamp}`);
          if (changed) {
            await call('PATCH', `/api/staff/categories/${changed.id}`, editor.cookie, { title: renamedCategory });
          }
        }
        // the author's name as it was
        if (renamed) await call('PATCH', `/api/staff/people/${renamed.id}`, editor.cookie, { name: renamed.name });
        // the demo's e-book as it was, for the journeys after this one
        const { format: _format, ...terms } = ebook.offer;
        await call('POST', `/api/staff/catalog/books/${ebook.id}/offers/ebook`, editor.cookie, terms);
        await call('POST', `/api/staff/catalog/books/${ebook.id}/status`, editor.cookie, { status: 'published' });
      }
      console.log(`admin catalogue journey: ${Math.round(performance.now() - started)} ms`);
    },
  );
});

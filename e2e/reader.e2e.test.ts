import type { BrowserContext, BrowserContextOptions, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEnvelope } from '@nomsan/api/errors';
import { ebookService } from '@nomsan/api/modules/media/ebook.service';
import type { Kernel } from '@nomsan/api/kernel/module';
import { cacheRegistry } from '@nomsan/api/lib/tagged-cache';
import { registerByApi } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

/** The three demo EPUBs, by the title in their package document. */
const DEMO_TITLES = ['Цагаан сар', 'Дадлын хүч', 'Бяцхан ботгоны аялал'];
const PASSWORD = 'Nomsan-Reader-2026';

interface DemoBook {
  id: number;
  slug: string;
  epubTitle: string;
  firstChapter: string;
  lastChapter: string;
}

const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${baseUrl()}${path}`, init);
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
};

/** One published e-book of each demo EPUB (many books share the three files). */
async function demoBooks(): Promise<DemoBook[]> {
  const cards = await api<{ data: { id: number; slug: string; formats: string[] }[] }>('/v5/books?page%5Bsize%5D=100');
  const found = new Map<string, DemoBook>();
  for (const card of cards.data.filter((c) => c.formats.includes('ebook'))) {
    const manifest = await api<{ metadata: { title: string }; toc: { label: string }[] }>(
      `/v5/drm/book/${card.id}/playlist`,
    );
    if (found.has(manifest.metadata.title)) continue;
    found.set(manifest.metadata.title, {
      id: card.id,
      slug: card.slug,
      epubTitle: manifest.metadata.title,
      firstChapter: manifest.toc[0]!.label,
      lastChapter: manifest.toc.at(-1)!.label,
    });
    if (found.size === DEMO_TITLES.length) break;
  }
  expect([...found.keys()].sort()).toEqual([...DEMO_TITLES].sort());
  return [...found.values()];
}

/** Buys a book's e-book with QPay through the API, paying in the sandbox bank's app. */
const buyEbook = (token: string, bookId: number) => buyFormat(token, bookId, 'ebook');

/** Buys a format of a book with QPay through the API, paying in the sandbox bank's app. */
async function buyFormat(token: string, bookId: number, format: 'ebook' | 'audiobook'): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const bought = await api<{ payment: { next_action: { deeplinks: { link: string }[] } } }>(
    `/v6/purchase/book/${bookId}`,
    {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ format, method: 'mnt', rail: 'qpay' }),
    },
  );
  const bank = bought.payment.next_action.deeplinks[0]!.link;
  const paid = await fetch(bank, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(paid.status).toBe(200);
  await expect
    .poll(async () => {
      const held = await api<{ format: string }[]>(`/v4/account/holdings?item_type=book&item_id=${bookId}`, {
        headers,
      });
      return held.some((h) => h.format === format);
    })
    .toBe(true);
}

async function signIn(page: Page, phone: string): Promise<void> {
  await page.goto('/auth?prev=%2Fmy-library');
  await page.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(phone);
  await page.getByLabel('Нууц үг', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/my-library'));
}

/** The frames the reader renders chapters in (blob: documents inside foliate-js's shadow roots). */
const bookFrames = (page: Page): Frame[] => page.frames().filter((frame) => frame.url().startsWith('blob:'));

async function textOnScreen(page: Page): Promise<string> {
  const texts = await Promise.all(
    bookFrames(page).map((frame) =>
      frame
        .locator('body')
        .innerText()
        .catch(() => ''),
    ),
  );
  return texts.join('\n');
}

const progressOf = async (page: Page) =>
  Number(await page.getByRole('progressbar', { name: 'Уншсан хэмжээ' }).getAttribute('aria-valuenow'));

/** Turns pages with the arrow key until `done` holds (at most `max` turns); returns how many it took. */
async function pageUntil(
  page: Page,
  key: 'ArrowRight' | 'ArrowLeft',
  done: () => Promise<boolean>,
  max = 40,
): Promise<number> {
  for (let turns = 0; turns < max; turns += 1) {
    if (await done()) return turns;
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  throw new Error(`not there after ${max} pages`);
}

/** Problems of a page, less what a reader's own requests make on purpose. */
const realProblems = (problems: string[]) =>
  problems.filter((p) => !/status of (401|403)/.test(p) && !/Failed to load resource/.test(p));

describe('the e-book reader', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let books: DemoBook[];
  let owner: { phone: string; token: string };

  beforeAll(async () => {
    browser = await launch();
    books = await demoBooks();
  });
  afterAll(() => browser.close());

  // the owner of the journeys below (registration polls the sandbox outbox: inside a test)
  it('lets a member buy the e-book of each demo EPUB with QPay', async () => {
    owner = await registerByApi('Уншигч', PASSWORD);
    for (const book of books) await buyEbook(owner.token, book.id);
  });

  it('gives a visitor the sample from the book page and, at its end, a way to buy the book', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const book = books[0]!;
    await page.goto(`/${book.slug}`);
    await page.getByRole('link', { name: 'Дээж унших' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'reader-book-page-visitor-375');
    await page.getByRole('link', { name: 'Дээж унших' }).click();
    await page.waitForURL(`**/reader/book/${book.id}`);
    await expect.poll(() => textOnScreen(page)).toContain(book.firstChapter);
    await expect.poll(() => page.getByText('Дээж', { exact: true }).count()).toBe(1);
    // the sample's first page in the whole book's progress (before: the sample's own, 100 %)
    await expect.poll(() => progressOf(page)).toBeGreaterThan(0);
    expect(await progressOf(page)).toBeLessThan(50);
    await screenshot(page, 'reader-sample-375');

    await page.getByRole('button', { name: 'Гарчиг' }).click();
    const contents = page.getByRole('region', { name: 'Гарчиг' });
    await expect.poll(() => contents.getByText('Энэ бүлэг дээжид ороогүй.').count()).toBe(3);
    await contents.getByRole('button', { name: book.lastChapter }).click();
    const locked = page.getByRole('region', { name: 'Энэ бүлэг дээжид ороогүй' });
    await expect.poll(() => locked.count()).toBe(1);
    expect(await locked.getByRole('link', { name: 'Худалдаж авах' }).getAttribute('href')).toBe(`/${book.slug}`);
    const buy = page.getByRole('region', { name: 'Дээж энд дууслаа' });

    await page.reload();
    await expect.poll(() => textOnScreen(page)).toContain(book.firstChapter);
    await pageUntil(page, 'ArrowRight', async () => (await buy.count()) === 1);
    expect(await textOnScreen(page)).not.toContain(book.lastChapter);
    await screenshot(page, 'reader-sample-end-375');
    await buy.getByRole('link', { name: 'Худалдаж авах' }).click();
    await page.waitForURL(`**/${book.slug}`);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('opens every demo EPUB for its owner and pages through it to the last chapter', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signIn(page, owner.phone);
    await page.goto(`/${books[0]!.slug}`);
    await expect.poll(() => page.getByRole('link', { name: 'Унших', exact: true }).count()).toBe(1);
    await screenshot(page, 'reader-book-page-owner-1280');
    await page.getByRole('link', { name: 'Унших', exact: true }).click();
    for (const [index, book] of books.entries()) {
      if (index > 0) await page.goto(`/reader/book/${book.id}`);
      await page.waitForURL(`**/reader/book/${book.id}`);
      await expect.poll(() => textOnScreen(page)).toContain(book.firstChapter);
      expect(await page.getByText('Дээж', { exact: true }).count()).toBe(0);
      if (index === 0) {
        await screenshot(page, 'reader-owner-1280');
        // search inside the book: a word of its last chapter, and the reader goes there
        await page.getByRole('button', { name: 'Номоос хайх' }).click();
        const search = page.getByRole('region', { name: 'Номоос хайх' });
        const word = book.lastChapter.split(' ').at(-1)!;
        await search.getByRole('searchbox').fill(word);
        await search.getByRole('button', { name: 'Хайх' }).click();
        await expect.poll(() => search.getByText(/илэрц$/).count()).toBe(1);
        await screenshot(page, 'reader-search-1280');
        await search.getByRole('button').filter({ hasText: word }).first().click();
        await expect.poll(() => textOnScreen(page)).toContain(word);
        await page.getByRole('button', { name: 'Гарчиг' }).click();
        await page.getByRole('region', { name: 'Гарчиг' }).getByRole('button', { name: book.firstChapter }).click();
        await expect.poll(() => textOnScreen(page)).toContain(book.firstChapter);
      }
      const start = await progressOf(page);
      await pageUntil(page, 'ArrowRight', async () => (await textOnScreen(page)).includes(book.lastChapter));
      expect(await progressOf(page)).toBeGreaterThan(start);
      await page.getByRole('button', { name: 'Өмнөх хуудас' }).click();
      await expect.poll(() => textOnScreen(page)).not.toContain(book.lastChapter);
    }
    await screenshot(page, 'reader-owner-last-1280');
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('switches from the e-book to the audiobook at the same chapter, and back', async () => {
    const cards = await api<{ data: { id: number; formats: string[] }[] }>('/v5/books?page%5Bsize%5D=100');
    const both = cards.data.find((c) => c.formats.includes('ebook') && c.formats.includes('audiobook'))!;
    await buyFormat(owner.token, both.id, 'ebook');
    await buyFormat(owner.token, both.id, 'audiobook');
    const headers = { authorization: `Bearer ${owner.token}` };
    const manifest = await api<{ toc: { label: string; level: number; href: string }[] }>(
      `/v5/drm/book/${both.id}/playlist`,
      { headers },
    );
    const chapters = manifest.toc.filter((entry) => entry.level === 1 && entry.href);
    const audio = await api<{ chapters: { title: string; start_seconds: number }[] }>(
      `/api/books/v3/${both.id}/playlist`,
    );
    expect(chapters.length).toBeGreaterThan(1);
    expect(audio.chapters.length).toBeGreaterThan(1);

    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signIn(page, owner.phone);
    await page.goto(`/reader/book/${both.id}?chapter=2`);
    await expect.poll(() => textOnScreen(page)).toContain(chapters[1]!.label);
    await page.getByRole('link', { name: 'Энэ бүлгээс сонсох' }).click();
    await page.waitForURL((url) => url.pathname === `/player/book/${both.id}` && url.search === '?chapter=2');
    // the player opens at the audio's second chapter
    await expect.poll(() => page.getByText(audio.chapters[1]!.title, { exact: true }).first().count()).toBe(1);
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player="title"]')?.currentTime ?? -1),
      )
      .toBeGreaterThanOrEqual(audio.chapters[1]!.start_seconds - 0.5);
    await screenshot(page, 'switch-to-audio-1280');
    // and back to the page of that chapter
    await page.getByRole('link', { name: 'Энэ бүлгээс унших' }).click();
    await page.waitForURL((url) => url.pathname === `/reader/book/${both.id}` && url.search === '?chapter=2');
    await expect.poll(() => textOnScreen(page)).toContain(chapters[1]!.label);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it('keeps highlights with notes across a reload and shows them on a second browser of the same member', async () => {
    const book = books[1]!;
    const first = await browser.context(DESKTOP);
    const page = await first.newPage();
    await signIn(page, owner.phone);
    await page.goto(`/reader/book/${book.id}`);
    // the owner paged through this book before: back to its beginning from the contents
    await page.getByRole('button', { name: 'Гарчиг' }).click();
    await page.getByRole('region', { name: 'Гарчиг' }).getByRole('button', { name: book.firstChapter }).click();
    await expect.poll(() => textOnScreen(page)).toContain(book.firstChapter);
    const sentence = await selectFirstSentence(page);
    await page.getByRole('button', { name: 'Тодруулах' }).click();
    const dialog = page.getByRole('dialog', { name: 'Тэмдэглэл засах' });
    await dialog.getByLabel('Тэмдэглэл').fill('Дахин уншина');
    await dialog.getByRole('button', { name: 'Хадгалах' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await screenshot(page, 'reader-highlight-1280');

    await page.reload();
    await page.getByRole('button', { name: 'Тодруулгууд' }).click();
    const list = page.getByRole('region', { name: 'Тодруулгууд' });
    await expect.poll(() => list.getByText(sentence).count()).toBe(1);
    expect(await list.getByText('Дахин уншина').count()).toBe(1);

    const second = await browser.context(MOBILE);
    const other = await second.newPage();
    await signIn(other, owner.phone);
    await other.goto(`/reader/book/${book.id}`);
    await expect.poll(async () => (await textOnScreen(other)).length).toBeGreaterThan(0);
    await other.getByRole('button', { name: 'Тодруулгууд' }).click();
    const otherList = other.getByRole('region', { name: 'Тодруулгууд' });
    await expect.poll(() => otherList.getByText('Дахин уншина').count()).toBe(1);
    await screenshot(other, 'reader-highlights-375');
    await otherList.getByRole('button', { name: 'Устгах' }).click();
    await expect.poll(() => otherList.getByText('Дахин уншина').count()).toBe(0);
    await first.close();
    await second.close();
  });

  it('changes the theme and the size of the text visibly, and keeps the place for the next device', async () => {
    const book = books[2]!;
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await signIn(page, owner.phone);
    await page.goto(`/reader/book/${book.id}`);
    // the owner paged through this book before (the place may have been saved as the page
    // closed): back to its beginning from the contents
    await expect.poll(async () => (await textOnScreen(page)).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Гарчиг' }).click();
    await page.getByRole('region', { name: 'Гарчиг' }).getByRole('button', { name: book.firstChapter }).click();
    await expect.poll(() => textOnScreen(page)).toContain(book.firstChapter);
    const frame = () => bookFrames(page)[0]!;
    const look = () =>
      frame().evaluate(() => ({
        background: getComputedStyle(document.body).backgroundColor,
        size: parseFloat(getComputedStyle(document.querySelector('p')!).fontSize),
      }));
    const before = await look();
    expect(before.background).toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Тохиргоо' }).click();
    const settings = page.getByRole('region', { name: 'Тохиргоо' });
    await settings.getByLabel('Харанхуй').check();
    await settings.getByRole('button', { name: 'Үсэг томруулах' }).click();
    await settings.getByRole('button', { name: 'Үсэг томруулах' }).click();
    await expect.poll(async () => (await look()).background).toBe('rgb(22, 24, 27)');
    await expect.poll(async () => (await look()).size).toBeGreaterThan(before.size * 1.15);
    await screenshot(page, 'reader-settings-dark-375');
    await settings.getByLabel('Доош гүйлгэх').check();
    await settings.getByRole('button', { name: 'Хаах' }).click();
    await screenshot(page, 'reader-dark-scrolled-375');

    // the place: paged on in one browser, opened in another
    await pageUntil(page, 'ArrowRight', async () => (await textOnScreen(page)).includes(book.lastChapter));
    await page.waitForTimeout(2_500);
    const desk = await browser.context(DESKTOP);
    const there = await desk.newPage();
    await signIn(there, owner.phone);
    await there.goto(`/reader/book/${book.id}`);
    await expect.poll(() => textOnScreen(there)).toContain(book.lastChapter);
    await expect.poll(() => there.getByText('Сүүлд уншсан газраасаа үргэлжлүүллээ.').count()).toBe(1);
    await desk.close();
    await context.close();
  });

  describe('real-world EPUB 3 files through the same reader', () => {
    /**
     * The playlist and resources of one catalogue book are answered by the API's own e-book
     * service over a fixture file (e2e/fixtures/epub, made by make-epubs.ts), so everything the
     * browser does is the reader's real path: the manifest, the resources by URL, foliate-js.
     */
    async function openFixture(
      context: BrowserContext,
      file: string,
      { owner = true }: { owner?: boolean } = {},
    ): Promise<Page> {
      const book = books[0]!;
      const quiet = () => undefined;
      const service = ebookService(
        { caches: cacheRegistry(), log: { info: quiet, warn: quiet, error: quiet } } as unknown as Kernel,
        {
          catalog: { mediaSource: async () => ({ title: file, epubFile: file, sampleChapters: 1 }) as never },
          entitlements: {
            canAccess: async () =>
              owner
                ? { allowed: true, reason: 'purchase', until: null }
                : { allowed: false, reason: null, until: null },
          },
        },
        { epubDir: new URL('./fixtures/epub/', import.meta.url).pathname },
      );
      const page = await context.newPage();
      await page.route(
        (url) => url.pathname.startsWith(`/v5/drm/book/${book.id}/`),
        async (route) => {
          const url = new URL(route.request().url());
          try {
            if (url.pathname.endsWith('/playlist')) {
              const manifest = await service.bookManifest({} as never, 1, book.id);
              return await route.fulfill({
                json: { data: manifest },
                headers: { 'cache-control': 'private, no-store' },
              });
            }
            const path = url.searchParams.get('path') ?? '';
            const resource = await service.bookResource({} as never, 1, book.id, path);
            return await route.fulfill({ body: Buffer.from(resource.bytes), contentType: resource.mediaType });
          } catch (error) {
            // as the API's error handler answers
            const { status, body } = toEnvelope(error);
            return route.fulfill({ status, json: body });
          }
        },
      );
      await page.goto(`/reader/book/${book.id}`);
      return page;
    }

    /** The fill of the progress bar: how far it is from each end of the bar (px). */
    const progressFill = (page: Page) =>
      page.getByRole('progressbar', { name: 'Уншсан хэмжээ' }).evaluate((bar) => {
        const whole = bar.getBoundingClientRect();
        const fill = bar.firstElementChild!.getBoundingClientRect();
        return { fromLeft: fill.left - whole.left, fromRight: whole.right - fill.right };
      });

    /** A one-finger sideways swipe across the page, as on a phone. */
    async function swipe(page: Page, towards: 'left' | 'right'): Promise<void> {
      const cdp = await page.context().newCDPSession(page);
      const [from, to] = towards === 'right' ? [60, 320] : [320, 60];
      const y = 420;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
      for (let step = 1; step <= 6; step += 1) {
        const x = from + ((to - from) * step) / 6;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    }

    it('takes the owner of a long real-world book (Moby-Dick) to its last chapter from the contents', async () => {
      const context = await browser.context(DESKTOP);
      const page = await openFixture(context, 'moby-dick.epub');
      const problems = watchConsole(page);
      await expect.poll(() => textOnScreen(page)).toContain('LOOMINGS');
      await page.getByRole('button', { name: 'Гарчиг' }).click();
      const contents = page.getByRole('region', { name: 'Гарчиг' });
      const last = contents.getByRole('button', { name: 'Epilogue' });
      await last.scrollIntoViewIfNeeded();
      // nothing is locked for the owner (before: every chapter but the first, and a click did nothing)
      expect(await contents.getByRole('listitem').count()).toBe(141);
      expect(await contents.getByText('Энэ бүлэг дээжид ороогүй.').count()).toBe(0);
      await screenshot(page, 'reader-contents-owner-1280');
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, 'reader-contents-owner-375');
      await last.click();
      await expect.poll(() => textOnScreen(page)).toContain('It was the devious-cruising Rachel');
      expect(await progressOf(page)).toBeGreaterThan(95);
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });

    it('shows a visitor the same entry locked, and a click says it is not in the sample, with the way to buy', async () => {
      const context = await browser.context(MOBILE);
      const page = await openFixture(context, 'moby-dick.epub', { owner: false });
      await expect.poll(() => textOnScreen(page)).toContain('LOOMINGS');
      await page.getByRole('button', { name: 'Гарчиг' }).click();
      const contents = page.getByRole('region', { name: 'Гарчиг' });
      const last = contents.getByRole('button', { name: 'Epilogue' });
      await last.scrollIntoViewIfNeeded();
      expect(await last.getByText('Энэ бүлэг дээжид ороогүй.', { exact: true }).count()).toBe(1);
      await screenshot(page, 'reader-contents-visitor-375');
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'reader-contents-visitor-1280');
      await last.click();
      const locked = page.getByRole('region', { name: 'Энэ бүлэг дээжид ороогүй' });
      await expect.poll(() => locked.count()).toBe(1);
      expect(await locked.getByRole('link', { name: 'Худалдаж авах' }).getAttribute('href')).toBe(`/${books[0]!.slug}`);
      expect(await textOnScreen(page)).not.toContain('It was the devious-cruising Rachel');
      await screenshot(page, 'reader-locked-chapter-1280');
      await context.close();
    });

    it("renders the IDPF's obfuscated fonts (The Waste Land) in the book's own typeface", async () => {
      const context = await browser.context(DESKTOP);
      const page = await openFixture(context, 'wasteland-otf-obf.epub');
      await expect.poll(() => textOnScreen(page)).toContain('April is the cruellest month');
      const fonts = () =>
        bookFrames(page)[0]!.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((font) => font.family.includes('OldStandard')).map((font) => font.status);
        });
      // as stored, the browser refuses them ('error', "OTS parsing error") and falls back to a sans-serif
      await expect.poll(async () => (await fonts()).filter((status) => status === 'loaded').length).toBeGreaterThan(0);
      expect(await fonts()).not.toContain('error');
      await context.close();
    });

    it('says a book whose file cannot be opened is unavailable, without a retry that cannot work', async () => {
      for (const [size, options] of [
        ['375', MOBILE],
        ['1280', DESKTOP],
      ] as [string, BrowserContextOptions][]) {
        const context = await browser.context(options);
        const page = await openFixture(context, 'not-in-the-store.epub');
        const alert = page.getByRole('alert');
        await expect.poll(() => alert.textContent()).toContain('Энэ номыг одоогоор нээх боломжгүй байна.');
        expect(await alert.getByRole('button', { name: 'Дахин оролдох' }).count()).toBe(0);
        expect(await alert.getByRole('link', { name: 'Номын хуудас руу буцах' }).getAttribute('href')).toBe(
          `/${books[0]!.slug}`,
        );
        await screenshot(page, `reader-unavailable-${size}`);
        await context.close();
      }
    });

    it('shows footnotes in a pop-up, and the endnotes', async () => {
      const context = await browser.context(DESKTOP);
      const page = await openFixture(context, 'footnotes.epub');
      await expect.poll(() => textOnScreen(page)).toContain('Нэгдүгээр бүлэг. Өвөл');
      const chapter = bookFrames(page)[0]!;
      await chapter.locator('a[href="#fn1"]').click();
      const note = page.getByRole('dialog', { name: 'Зүүлт тайлбар' });
      await expect.poll(() => note.isVisible()).toBe(true);
      await expect.poll(() => textOnScreen(page)).toContain('Хашаа: малыг хоргоох');
      await screenshot(page, 'reader-footnote-1280');
      await note.getByRole('button', { name: 'Хаах' }).click();
      await pageUntil(page, 'ArrowRight', async () =>
        (await textOnScreen(page)).includes('Төл: тухайн жил төрсөн мал'),
      );
      await context.close();
    });

    it('shows images (a name with a space, SVG, a CSS background) and tables', async () => {
      const context = await browser.context(DESKTOP);
      const page = await openFixture(context, 'illustrated.epub');
      // the book opens on its cover, a page with an image and no text
      await expect.poll(() => bookFrames(page).length).toBeGreaterThan(0);
      await pageUntil(page, 'ArrowRight', async () =>
        (await textOnScreen(page)).includes('Нэгдүгээр хэсэг. Газрын зураг'),
      );
      const images = () =>
        bookFrames(page)[0]!.evaluate(() =>
          [...document.images].map((img) => ({ alt: img.alt, loaded: img.complete && img.naturalWidth > 0 })),
        );
      await expect.poll(images).toEqual([
        { alt: 'Талын газрын зураг', loaded: true },
        { alt: 'Хархорумын байршил', loaded: true },
      ]);
      await screenshot(page, 'reader-images-1280');
      await pageUntil(page, 'ArrowRight', async () =>
        (await textOnScreen(page)).includes('Хүснэгт 1. Мал сүргийн тоо'),
      );
      const rows = await bookFrames(page)[0]!.locator('table tr').count();
      expect(rows).toBe(10);
      await screenshot(page, 'reader-table-1280');
      await context.close();
    });

    it("runs none of a hostile book's scripts (inline, external, handlers, SVG, javascript: links, frames) and fetches nothing for them", async () => {
      const context = await browser.context(DESKTOP);
      const asked: string[] = [];
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/pwned') asked.push(request.url());
      });
      const page = await openFixture(context, 'hostile.epub');
      const problems = watchConsole(page);
      await expect.poll(() => textOnScreen(page)).toContain('Энэ номын бүх скрипт хаагдсан байх ёстой.');
      const chapter = bookFrames(page)[0]!;
      // the images are shown (the SVG one as a picture), the text is readable
      await expect
        .poll(() => chapter.evaluate(() => [...document.images].filter((img) => img.naturalWidth > 0).length))
        .toBe(1);
      // a reader taps the javascript: link, as anyone would
      await chapter.locator('#trap').click();
      await screenshot(page, 'reader-hostile-1280');
      // then pages on into the book's SVG chapter, whose own script and onload would run there
      await pageUntil(page, 'ArrowRight', async () =>
        (await Promise.all(bookFrames(page).map((frame) => frame.locator('svg rect').count()))).some((n) => n > 0),
      );
      await page.waitForTimeout(500);
      // nothing ran: not in the reader's window, not in any frame; nothing asked the store for /pwned
      expect(await page.evaluate(() => (window as { pwned?: string[] }).pwned ?? [])).toEqual([]);
      for (const frame of page.frames()) {
        expect(await frame.evaluate(() => (window as { pwned?: string[] }).pwned ?? []).catch(() => [])).toEqual([]);
      }
      expect(asked).toEqual([]);
      // the browser refused each of them by the page's policy (what a reader's console shows)
      expect(problems.some((p) => /Content Security Policy/i.test(p))).toBe(true);
      expect(page.url()).toContain('/reader/book/');
      await context.close();
    });

    it('turns the pages of a right-to-left book leftwards, through Arabic into Hebrew', async () => {
      const context = await browser.context(MOBILE);
      const page = await openFixture(context, 'rtl.epub');
      await expect.poll(() => textOnScreen(page)).toContain('الفصل الأول');
      expect(await bookFrames(page)[0]!.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect.poll(() => progressOf(page)).toBeGreaterThan(0);
      // the bar fills the way the book reads: from the right
      const fill = await progressFill(page);
      expect(fill.fromRight).toBeLessThan(1);
      expect(fill.fromLeft).toBeGreaterThan(50);
      await screenshot(page, 'reader-rtl-375');
      const start = await progressOf(page);
      await pageUntil(page, 'ArrowLeft', async () => (await textOnScreen(page)).includes('פרק שני'));
      expect(await progressOf(page)).toBeGreaterThan(start);
      await screenshot(page, 'reader-rtl-hebrew-375');
      await context.close();
    });

    it('lays out vertical Japanese and pages through it', async () => {
      const context = await browser.context(DESKTOP);
      const page = await openFixture(context, 'vertical.epub');
      await expect.poll(() => textOnScreen(page)).toContain('吾輩は猫である');
      const mode = await bookFrames(page)[0]!.evaluate(() => getComputedStyle(document.documentElement).writingMode);
      expect(mode).toBe('vertical-rl');
      await screenshot(page, 'reader-vertical-1280');
      const start = await progressOf(page);
      await pageUntil(page, 'ArrowLeft', async () => (await progressOf(page)) > start);
      await pageUntil(page, 'ArrowLeft', async () => (await textOnScreen(page)).includes('二'), 60);
      await context.close();
    });

    it('turns the pages of a vertical book on a phone with a sideways swipe, as the arrows do', async () => {
      const context = await browser.context(MOBILE);
      const page = await openFixture(context, 'vertical.epub');
      await expect.poll(() => textOnScreen(page)).toContain('吾輩は猫である');
      await expect.poll(() => progressOf(page)).toBeGreaterThan(0);
      const start = await progressOf(page);
      // a finger moving right brings in the page on the left: onwards in a vertical book
      await swipe(page, 'right');
      await expect.poll(() => progressOf(page)).toBeGreaterThan(start);
      await swipe(page, 'left');
      await expect.poll(() => progressOf(page)).toBe(start);
      // and the bar fills from the right, the way the book reads
      expect((await progressFill(page)).fromRight).toBeLessThan(1);
      await context.close();
    });

    it('counts the first screen when scrolling as when paging, not as 0 %', async () => {
      const context = await browser.context(MOBILE);
      // the choice of 'Доош гүйлгэх' kept on this device
      await context.addInitScript(() =>
        localStorage.setItem(
          'nomsan:reader:prefs',
          JSON.stringify({ fontSize: 100, font: 'book', theme: 'light', flow: 'scrolled' }),
        ),
      );
      const page = await openFixture(context, 'rtl.epub');
      await expect.poll(() => textOnScreen(page)).toContain('الفصل الأول');
      await expect.poll(() => progressOf(page)).toBeGreaterThan(5);
      await context.close();
    });
  });
});

/** Selects the first sentence of the chapter on screen, as a reader would with the mouse; returns it. */
async function selectFirstSentence(page: Page): Promise<string> {
  const frame = bookFrames(page)[0]!;
  return frame.evaluate(() => {
    const paragraph = [...document.querySelectorAll('p')].find((p) => (p.textContent ?? '').length > 40)!;
    const text = paragraph.firstChild as Text;
    const end = (text.data.indexOf('.') + 1 || 40) as number;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, end);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return range.toString().trim();
  });
}

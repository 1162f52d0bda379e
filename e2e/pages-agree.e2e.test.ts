import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

const PASSWORD = 'Nomsan-Pages-2026';
const DEVICES = [
  [DESKTOP, '1280'],
  [MOBILE, '375'],
] as const;

const mnt = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** Pages that agree with themselves and with the spec: categories, full lists, search, banner, bundles. */
describe('pages that agree with themselves', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  const chips = (page: Page) => page.getByRole('main').getByRole('navigation', { name: 'Ангилал' });

  it(
    'home, /audio and /book show category chips that open their category; "Бүгдийг харах" opens the full list',
    { timeout: 120_000 },
    async () => {
      for (const [device, width] of DEVICES) {
        const context = await browser.context(device);
        const page = await context.newPage();
        const problems = watchConsole(page);
        for (const [path, name] of [
          ['/', 'home'],
          ['/audio', 'audio'],
          ['/book', 'book'],
        ] as const) {
          await page.goto(path);
          const links = chips(page).getByRole('link');
          await expect.poll(() => links.count()).toBeGreaterThan(3);
          expect(await links.first().getAttribute('href')).toMatch(/^\/category\/[a-z0-9-]+$/);
          await screenshot(page, `pages-${name}-chips-${width}`);
          if (path === '/') continue;
          // every "see all" leaves the page for its full list
          const seeAll = page.getByRole('link', { name: 'Бүгдийг харах' });
          const targets = await seeAll.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
          expect(targets.length).toBeGreaterThan(0);
          for (const target of targets) expect(target).not.toBe(path);
          await seeAll.first().click();
          await page.waitForURL((url) => url.pathname === path && url.searchParams.get('sort') === 'popular');
          await expect
            .poll(() =>
              page
                .getByRole('heading', {
                  level: 1,
                  name: path === '/audio' ? 'Эрэлттэй аудио номууд' : 'Эрэлттэй цахим номууд',
                })
                .count(),
            )
            .toBe(1);
          await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBeGreaterThan(12);
          await screenshot(page, `pages-${name}-all-${width}`);
          // a chip opens its category page
          if (path === '/book') {
            const chip = chips(page).getByRole('link').first();
            const title = (await chip.textContent())!.trim();
            await chip.click();
            await page.waitForURL((url) => url.pathname.startsWith('/category/'));
            await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).count()).toBe(1);
          }
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    },
  );

  it(
    'a visitor on a phone searches from the header; the bottom bar still asks them to sign in',
    { timeout: 40_000 },
    async () => {
      const context = await browser.context(MOBILE);
      const page = await context.newPage();
      await page.goto('/audio');
      const button = page.getByRole('banner').getByRole('link', { name: 'Ном хайх' });
      await expect.poll(() => button.isVisible()).toBe(true);
      await screenshot(page, 'pages-header-search-375');
      await button.click();
      await page.waitForURL((url) => url.pathname === '/search');
      await expect
        .poll(() =>
          page.getByRole('main').getByRole('searchbox').or(page.getByRole('main').getByRole('combobox')).count(),
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'pages-search-page-375');
      expect(
        await page.getByRole('navigation').getByRole('link', { name: 'Хайх', exact: true }).getAttribute('href'),
      ).toMatch(/^\/auth\?prev=/);
      // on a wide screen the header's search box is the way, not a button
      const desktop = await (await browser.context(DESKTOP)).newPage();
      await desktop.goto('/audio');
      expect(await desktop.getByRole('banner').getByRole('link', { name: 'Ном хайх' }).isVisible()).toBe(false);
      await context.close();
    },
  );

  it('the signed-in discount banner on a phone gives its words the banner’s width', { timeout: 60_000 }, async () => {
    const member = await registerByApi('Хямдрал үзэгч', PASSWORD);
    const desktop = await browser.context(DESKTOP);
    const signIn = await desktop.newPage();
    await signInWithPassword(signIn, member.phone, PASSWORD);
    for (const [device, width] of DEVICES) {
      const context =
        width === '1280' ? desktop : await browser.context({ ...device, storageState: await desktop.storageState() });
      const page = await context.newPage();
      await page.goto('/audio');
      const banner = page.getByTestId('discount-banner');
      await expect.poll(() => banner.count()).toBe(1);
      const box = (await banner.boundingBox())!;
      const words = (await banner.locator('p').boundingBox())!;
      await screenshot(page, `pages-banner-${width}`);
      if (width === '375') expect(words.width).toBeGreaterThan(box.width * 0.8);
    }
  });

  it(
    'the checkout sheet shows a long title whole and what renting gives (the days) on its own line, on a phone too',
    { timeout: 60_000 },
    async () => {
      // the rentable book with the longest title (what the sheet showed cut at 375 px)
      const rentables = (await (
        await fetch(`${baseUrl()}/api/web/subscription/rentables?filter[group_id]=1&page[size]=100`)
      ).json()) as { data: { data: { id: number; slug: string; title: string }[] } };
      const book = rentables.data.data.toSorted((a, b) => b.title.length - a.title.length)[0]!;
      expect(book.title.length).toBeGreaterThan(30);
      const offers = (await (await fetch(`${baseUrl()}/v4/books/${book.id}`)).json()) as {
        data: { offers: { format: string; rental: { days: number } | null }[] };
      };
      const days = offers.data.offers.find((o) => o.format === 'audiobook')!.rental!.days;
      const member = await registerByApi('Түрээслэгч', PASSWORD);
      const desktop = await browser.context(DESKTOP);
      await signInWithPassword(await desktop.newPage(), member.phone, PASSWORD, `/${book.slug}`);
      for (const [device, width] of DEVICES) {
        const context =
          width === '1280' ? desktop : await browser.context({ ...device, storageState: await desktop.storageState() });
        const page = await context.newPage();
        await page.goto(`/${book.slug}`);
        await page
          .locator('#offers li')
          .filter({ has: page.getByRole('heading', { name: 'Аудио ном', exact: true }) })
          .getByRole('button', { name: new RegExp(`^${days} хоног түрээслэх`) })
          .click();
        const sheet = page.getByRole('dialog');
        const heading = sheet.getByRole('heading', { level: 2 });
        await expect.poll(() => heading.isVisible()).toBe(true);
        // the whole title shows: neither cut with an ellipsis nor clamped
        const fits = await heading.evaluate((h) => ({
          across: h.scrollWidth <= h.clientWidth,
          down: h.scrollHeight <= h.clientHeight,
        }));
        expect(fits).toEqual({ across: true, down: true });
        expect(await heading.textContent()).toBe(book.title);
        const rental = sheet.getByText(`${days} хоногийн түрээс`, { exact: true });
        expect(await rental.isVisible()).toBe(true);
        expect(await sheet.getByText('Аудио ном', { exact: true }).isVisible()).toBe(true);
        // the rental's days under the title, on one line (never broken in the middle)
        const title = (await heading.boundingBox())!;
        const period = (await rental.boundingBox())!;
        expect(period.y).toBeGreaterThanOrEqual(title.y + title.height);
        expect(await rental.evaluate((span) => span.getClientRects().length)).toBe(1);
        await screenshot(page, `pages-checkout-rental-${width}`);
      }
    },
  );

  it('a bundle page says one "before" price: the items bought one by one', { timeout: 60_000 }, async () => {
    let slug: string | null = null;
    for (let id = 1; id <= 60 && !slug; id += 1) {
      const answer = (await (await fetch(`${baseUrl()}/v5/books/${id}/bundles`)).json()) as {
        data: { slug: string; kind: string; offer: { original_price_mnt: number | null } | null }[];
      };
      slug = answer.data.find((b) => b.kind === 'book' && b.offer?.original_price_mnt)?.slug ?? null;
    }
    expect(slug).not.toBeNull();
    for (const [device, width] of DEVICES) {
      const context = await browser.context(device);
      const page = await context.newPage();
      await page.goto(`/bundle/${slug}`);
      const value = page.locator('dt', { hasText: 'Тус тусад нь авбал' }).locator('xpath=following-sibling::dd[1]');
      await expect.poll(() => value.count()).toBe(1);
      const before = mnt((await value.textContent())!);
      // the bundle's head: its value beside the offer's price line (not the items' own cards)
      const head = page.locator('main h1').locator('xpath=ancestor::div[contains(@class, "md:grid-cols")][1]');
      const struck = head.locator('s, del, .line-through');
      const prices = (await struck.allTextContents()).map(mnt).filter((n) => n > 0);
      expect(prices.length).toBeGreaterThan(1);
      expect(new Set(prices)).toEqual(new Set([before]));
      await screenshot(page, `pages-bundle-${width}`);
      await context.close();
    }
  });
});

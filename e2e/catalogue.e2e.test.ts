import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

describe('the catalogue pages', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  for (const [size, options] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    it(`goes from home to a category, a book, a related book and its author, and back (${size} px)`, async () => {
      const context = await browser.context(options);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

      if (size === '1280') {
        await page.getByPlaceholder('Ном хайх...').focus();
        const panel = page.getByRole('heading', { name: 'Ангилал' }).locator('..');
        await panel.getByRole('link', { name: 'Уран зохиол' }).click();
      } else {
        // The phone header has no search box: the category is reached from a book page.
        await page
          .getByRole('link', { name: /Цагаан сар/ })
          .first()
          .click();
        await page.waitForURL('**/tsagaan-sar');
        await page.getByRole('list', { name: 'Ангилал' }).getByRole('link', { name: 'Уран зохиол' }).click();
      }
      await page.waitForURL('**/category/uran-zokhiol');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Уран зохиол');
      const chips = page.getByRole('navigation', { name: 'Ангилал' });
      expect(await chips.getByRole('link', { name: 'Уран зохиол' }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, `category-${size}`);

      const grid = page.getByRole('list', { name: 'Уран зохиол ангиллын номууд' });
      const firstBook = grid.getByRole('link').first();
      const firstTitle = (await firstBook.locator('span').nth(1).innerText()).trim();
      await firstBook.click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(firstTitle);
      await expect.poll(() => page.getByRole('heading', { name: 'Авах боломжууд' }).count()).toBe(1);
      await screenshot(page, `book-${size}`);

      const related = page.getByRole('region', { name: 'Төстэй номууд' });
      await related.scrollIntoViewIfNeeded();
      const relatedBook = related.getByRole('link').first();
      // a shelf below the first view is laid out once it nears the view (content-visibility)
      await expect.poll(() => relatedBook.locator('span').nth(1).innerText()).not.toBe('');
      const relatedTitle = (await relatedBook.locator('span').nth(1).innerText()).trim();
      await relatedBook.click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(relatedTitle);
      const bookUrl = page.url();

      const author = page.locator('dl').getByRole('link').first();
      const authorName = (await author.innerText()).trim();
      await author.click();
      await page.waitForURL('**/authors/**');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(authorName);
      await expect.poll(() => page.getByRole('heading', { name: /Номууд/ }).count()).toBe(1);
      await screenshot(page, `author-${size}`);

      await page.goBack();
      await page.waitForURL(bookUrl);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(relatedTitle);
      // All of it was client navigation: the marker set on the home page survived.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('server-renders a book page with its title, Open Graph tags and Book JSON-LD (no JavaScript)', async () => {
    const response = await fetch(`${baseUrl()}/tsagaan-sar`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1');
    expect(html).toContain('Цагаан сар');
    expect(html).toMatch(/<meta property="og:title" content="Цагаан сар[^"]*"/);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/^https?:\/\//);
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/tsagaan-sar"/);
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? 'null'),
    );
    const items = scripts.flat() as { '@type': string; name?: string; workExample?: { '@type': string }[] }[];
    const book = items.find((item) => item['@type'] === 'Book');
    expect(book?.name).toBe('Цагаан сар');
    expect(book?.workExample?.map((edition) => edition['@type']).sort()).toEqual(['Audiobook', 'Book']);
    expect(items.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('answers an old book slug with 301 to the current one', async () => {
    const response = await fetch(`${baseUrl()}/tsagaan-sar-roman`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location') ?? '', baseUrl()).pathname).toBe('/tsagaan-sar');
  });

  it('answers unknown books, people and categories with 404', async () => {
    for (const path of [
      '/no-such-book',
      '/authors/no-such-author',
      '/category/no-such-category',
      '/summary/nope',
      '/topic/nope',
    ]) {
      expect((await fetch(`${baseUrl()}${path}`)).status, path).toBe(404);
    }
  });

  it('serves robots.txt and a sitemap with absolute URLs of pages, categories, topics, summaries and books', async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset');
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/category\/uran-zokhiol<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/tsagaan-sar<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/topic\/[a-z0-9-]+<\/loc>/);
    expect(xml).toMatch(/<loc>https?:\/\/[^<]+\/summary\/[a-z0-9-]+<\/loc>/);
  });

  it("opens a topic's whole list from its home shelf, and a tag's search from a book", async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/');
    const seeAll = page.locator('a[href^="/topic/"]').first();
    await seeAll.scrollIntoViewIfNeeded();
    const shelf = seeAll.locator('xpath=ancestor::section[1]');
    const title = ((await shelf.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
    await seeAll.click();
    await page.waitForURL('**/topic/**');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    expect(await page.getByRole('list', { name: title }).getByRole('link').count()).toBeGreaterThan(0);
    await screenshot(page, 'topic-375');

    await page.goto('/tsagaan-sar');
    const tags = page.getByRole('list', { name: 'Шошго' });
    const tag = tags.getByRole('link').first();
    const tagText = (await tag.innerText()).trim().replace(/^#/, '');
    await tag.click();
    await page.waitForURL('**/search?q=**');
    expect(new URL(page.url()).searchParams.get('q')).toBe(tagText);
    const results = page.getByRole('list', { name: new RegExp(tagText) });
    await expect.poll(() => results.getByRole('link').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a book's reviews after the first ten when asked", async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/tsagaan-sar');
    await page.waitForLoadState('networkidle');
    const section = page.getByRole('region', { name: /Сэтгэгдэл/ });
    const reviews = section.locator('article');
    expect(await reviews.count()).toBe(10);
    const more = section.getByRole('button', { name: 'Бусад 1 сэтгэгдэл' });
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await expect.poll(() => reviews.count()).toBe(11);
    expect(await more.count()).toBe(0);
    await screenshot(page, 'reviews-375');

    // another book by client navigation starts again from its own first page
    const related = page.getByRole('region', { name: 'Төстэй номууд' }).getByRole('link').first();
    await related.scrollIntoViewIfNeeded();
    await related.click();
    await expect.poll(() => page.url()).not.toContain('/tsagaan-sar');
    await expect.poll(() => section.getByRole('heading', { level: 2 }).innerText()).not.toBe('Сэтгэгдэл (11)');
    const heading = await section.getByRole('heading', { level: 2 }).innerText();
    const total = Number(/\((\d+)\)/.exec(heading)?.[1] ?? 0);
    await expect.poll(() => reviews.count()).toBe(Math.min(10, total));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pages through a category with real URLs', async () => {
    const context = await browser.context({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/category/uran-zokhiol');
    const pagination = page.getByRole('navigation', { name: 'Хуудаслалт' });
    await pagination.getByRole('link', { name: '2-р хуудас' }).click();
    await page.waitForURL('**/category/uran-zokhiol?page=2');
    expect(await pagination.getByRole('link', { name: '2-р хуудас' }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});

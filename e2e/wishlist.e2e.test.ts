import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

const PASSWORD = 'Nomsan-Wishlist-2026';

/** Signs in on the sign-in page itself (the phone's header has no sign-in link), coming back to `prev`. */
async function signIn(page: Page, phone: string, prev: string) {
  await page.goto(`/auth?prev=${encodeURIComponent(prev)}`);
  await page.getByLabel('Утасны дугаар эсвэл и-мэйл').fill(phone);
  await page.getByLabel('Нууц үг', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Нэвтрэх', exact: true }).click();
  await page.waitForURL((url) => url.pathname === prev.split('?')[0]);
}

/** The title a card's heart names: `«Title» номыг хадгалах`. */
const titleOf = async (heart: ReturnType<Page['getByRole']>) =>
  /^«(.+)» номыг хадгалах$/.exec((await heart.getAttribute('aria-label')) ?? '')![1]!;

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return ((await response.json()) as { data: unknown }).data;
};

describe('the wishlist and likes in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'a member keeps a book from a shelf, finds it in the saved page, takes it off, and likes a book on its page',
    {
      timeout: 120_000,
    },
    async () => {
      const member = await registerByApi('Хадгалагч', PASSWORD);
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signIn(page, member.phone, '/book');
      await page.waitForLoadState('networkidle');

      // The heart of the first card on the first shelf: empty in the page, filled once tapped.
      // (in the page's main part: the discount banner above it is a region too)
      const shelf = page.getByRole('main').getByRole('region').first();
      const heart = shelf.getByRole('button', { name: /номыг хадгалах$/ }).first();
      const title = await titleOf(heart);
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      const saved = page.waitForResponse((r) => r.url().endsWith('/v5/wishlists') && r.request().method() === 'POST');
      await heart.click();
      expect(await heart.getAttribute('aria-pressed')).toBe('true');
      expect((await saved).status()).toBe(200);
      await screenshot(page, 'wishlist-shelf-1280');

      // The page's HTML is the same for everyone: the heart is filled after hydration, by the member's call.
      await page.reload();
      const again = page.getByRole('button', { name: `«${title}» номыг хадгалах` }).first();
      await expect.poll(() => again.getAttribute('aria-pressed')).toBe('true');

      // My library > Хадгалсан lists it.
      await page.goto('/my-library/books');
      await page
        .getByRole('navigation', { name: 'Миний сангийн хэсгүүд' })
        .getByRole('link', { name: 'Хадгалсан' })
        .click();
      await page.waitForURL((url) => url.pathname === '/my-library/saved');
      const list = page.getByRole('list', { name: 'Хадгалсан ном' });
      await expect.poll(() => list.getByRole('link', { name: title }).count()).toBeGreaterThan(0);
      await screenshot(page, 'wishlist-saved-1280');

      // Taking it off: gone at once, and the page says the list is empty, with a way to browse.
      await list.getByRole('button', { name: `«${title}» номыг хадгалснаас хасах` }).click();
      await expect.poll(() => page.getByText('Хадгалсан ном одоогоор алга').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Цахим ном үзэх' }).getAttribute('href')).toBe('/book');
      await screenshot(page, 'wishlist-saved-empty-1280');
      expect((await api(member.token, 'GET', '/v5/wishlists')) as { total: number }).toMatchObject({ total: 0 });

      // A like on the book's page: pressed at once, the count goes up by one, kept on reload.
      await page.goto('/book');
      await page.waitForLoadState('networkidle');
      const bookTitle = await titleOf(
        page
          .getByRole('main')
          .getByRole('region')
          .first()
          .getByRole('button', { name: /номыг хадгалах$/ })
          .first(),
      );
      await page.getByRole('main').getByRole('region').first().getByRole('link', { name: bookTitle }).first().click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(bookTitle);
      await page.waitForLoadState('networkidle');
      const like = page.getByRole('button', { name: 'Таалагдсан', exact: true });
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      const liked = page.waitForResponse((r) => r.url().endsWith('/v4/books/impression'));
      await like.click();
      expect(await like.getAttribute('aria-pressed')).toBe('true');
      const answer = (await (await liked).json()) as { data: { likes_count: number } };
      await expect.poll(() => page.getByText(`${answer.data.likes_count} хүнд таалагдсан`).count()).toBe(1);
      await screenshot(page, 'wishlist-book-liked-1280');
      await page.reload();
      await expect
        .poll(() => page.getByRole('button', { name: 'Таалагдсан', exact: true }).getAttribute('aria-pressed'))
        .toBe('true');
      expect(problems).toEqual([]);
    },
  );

  it('pages the saved books with real links on a phone', { timeout: 90_000 }, async () => {
    const member = await registerByApi('Олон ном', PASSWORD);
    const books = (await (await fetch(`${baseUrl()}/v5/books?page[size]=30`)).json()) as {
      data: { data: { id: number }[] };
    };
    expect(books.data.data.length).toBeGreaterThan(24);
    for (const book of books.data.data.slice(0, 26))
      await api(member.token, 'POST', '/v5/wishlists', { book_id: book.id });

    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signIn(page, member.phone, '/my-library/saved');
    const list = page.getByRole('list', { name: 'Хадгалсан ном' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(24);
    await screenshot(page, 'wishlist-saved-375');
    const next = page.getByRole('navigation', { name: 'Хуудаслалт' }).getByRole('link', { name: '2-р хуудас' });
    expect(await next.getAttribute('href')).toBe('/my-library/saved?page=2');
    await next.click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(problems).toEqual([]);
  });

  it('sends a visitor who taps a heart or the like to sign in, and back afterwards', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.goto('/book');
    await page.waitForLoadState('networkidle');
    const heart = page.getByRole('button', { name: /номыг хадгалах$/ }).first();
    const title = await titleOf(heart);
    await heart.click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('prev')).toBe('/book');
    await screenshot(page, 'wishlist-visitor-sign-in-375');

    await page.goto('/book');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: title }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    await page.waitForLoadState('networkidle');
    const bookPath = new URL(page.url()).pathname;
    const like = page.getByRole('button', { name: 'Таалагдсан', exact: true });
    await like.scrollIntoViewIfNeeded();
    await screenshot(page, 'wishlist-book-visitor-375');
    await like.click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('prev')).toBe(bookPath);
  });
});

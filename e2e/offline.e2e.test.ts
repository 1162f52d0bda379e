import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownBooksByApi, registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot } from './support/browser';

/** the page's own width holds its content: nothing sticks out sideways */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const playing = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player="title"]')?.currentTime ?? 0);

/** the first demo book whose audio edition credits unlock (a member can own it by API) */
async function creditAudiobook(): Promise<{ id: number; title: string }> {
  const response = await fetch(`${baseUrl()}/v5/books?page%5Bsize%5D=60&filter%5Bformat%5D=audiobook`);
  const books = ((await response.json()) as { data: { data: { id: number; title: string }[] } }).data.data;
  for (const book of books) {
    const detail = (await (await fetch(`${baseUrl()}/v4/books/${book.id}`)).json()) as {
      data: { offers: { format: string; credit_price: number | null }[] };
    };
    if (detail.data.offers.some((o) => o.format === 'audiobook' && o.credit_price !== null)) return book;
  }
  throw new Error('no audiobook of the demo catalogue is unlocked with credits');
}

describe('offline', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'a page not kept on the device answers, offline, with the Mongolian offline page listing the downloaded title, which opens and plays',
    { timeout: 60_000 },
    async () => {
      const started = performance.now();
      const book = await creditAudiobook();
      const password = 'Nomsan-Offline-Page-2026';
      const member = await registerByApi('Замчин', password);
      expect(await ownBooksByApi(member.token, [book.id], 'audiobook')).toEqual([book.id]);

      const context = await browser.context(MOBILE);
      const page = await context.newPage();
      await signInWithPassword(page, member.phone, password, `/player/book/${book.id}`);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.getByRole('button', { name: 'Тоглуулах' }).and(page.locator(':enabled')).waitFor();
      await page.getByRole('button', { name: 'Татаж авах' }).click();
      await expect.poll(() => page.getByText(/Төхөөрөмжид хадгалсан/).count(), { timeout: 20_000 }).toBe(1);

      await context.setOffline(true);
      try {
        // a page the device never kept: the store's offline page, never the browser's error
        await page.goto('/my-library/books');
        expect(new URL(page.url()).pathname).toBe('/my-library/books');
        await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Та офлайн байна' }).count()).toBe(1);
        await expect.poll(() => page.getByRole('button', { name: 'Дахин оролдох' }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Нүүр хуудас' }).isVisible()).toBe(true);
        const downloads = page.getByRole('list', { name: 'Төхөөрөмжид хадгалсан' });
        const title = downloads.getByRole('link', { name: book.title, exact: true });
        await expect.poll(() => title.count()).toBe(1);
        expect(await downloads.getByText(/^Аудио ном · \d{4}\.\d\d\.\d\d хүртэл$/).count()).toBe(1);
        expect(await fitsWidth(page)).toBe(true);
        await screenshot(page, 'offline-page-375');
        // the wide look in a tab of its own: the phone's page is not resized under the next tap
        const wide = await context.newPage();
        await wide.setViewportSize(DESKTOP.viewport);
        await wide.goto('/my-library/books');
        await expect.poll(() => wide.getByRole('link', { name: book.title, exact: true }).count()).toBe(1);
        expect(await fitsWidth(wide)).toBe(true);
        await screenshot(wide, 'offline-page-1280');
        await wide.close();

        // the title opens its player from the device, and plays
        await title.click();
        await page.waitForURL((url) => url.pathname === `/player/book/${book.id}`);
        await page.getByRole('button', { name: 'Тоглуулах' }).and(page.locator(':enabled')).click();
        await expect.poll(() => playing(page), { timeout: 20_000 }).toBeGreaterThan(1);

        // any other page (with a query too) is the offline page; back online, it loads itself
        await page.goto('/search?q=nom');
        await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Та офлайн байна' }).count()).toBe(1);
        // the browser saying "online" while the store is still out of reach reloads nothing
        let loads = 0;
        page.on('load', () => (loads += 1));
        await page.evaluate(() => dispatchEvent(new Event('online')));
        await page.waitForTimeout(1_500);
        expect(loads).toBe(0);
      } finally {
        await context.setOffline(false);
      }
      await page.waitForURL((url) => url.pathname === '/search');
      await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Та офлайн байна' }).count()).toBe(0);
      console.log(`offline journey: ${Math.round(performance.now() - started)} ms`);
    },
  );
});

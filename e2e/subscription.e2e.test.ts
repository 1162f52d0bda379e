import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

interface Card {
  id: number;
  slug: string;
  availability: { subscription_scopes: string[] };
}

/** An audio book of the demo catalogue that the audio subscription opens. */
async function audioBookInSubscription(): Promise<Card> {
  const response = await fetch(`${baseUrl()}/v5/books?page%5Bsize%5D=60`);
  const cards = ((await response.json()) as { data: { data: Card[] } }).data.data;
  const book = cards.find((card) => card.availability.subscription_scopes.includes('audio'));
  expect(book, 'the demo catalogue has an audio book in the audio subscription').toBeDefined();
  return book!;
}

describe('subscriptions in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('shows the plans to a visitor by scope, with prices and discounts, on a phone too', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.goto('/subscription');
    await expect.poll(() => page.getByRole('heading', { name: 'Аудио ном', exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Кредит', exact: true }).count()).toBe(1);
    expect(await page.getByText(/^\d{1,3}( \d{3})*₮$/).count()).toBeGreaterThan(0);
    await screenshot(page, 'subscription-visitor-375');
    await page.getByRole('link', { name: 'Захиалах' }).first().click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('prev') === '/subscription');

    // the running offers, each on its page with the time left
    await page.goto('/subs-sale');
    await page.getByRole('link', { name: 'Дэлгэрэнгүй' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/subscription/discount-'));
    await expect.poll(() => page.getByRole('timer').count()).toBe(1);
    expect(await page.getByText(/^-\d+%$/).count()).toBe(1);
    await screenshot(page, 'subscription-offer-375');
  });

  it(
    'a member subscribes to audio by a new card on the bank page, listens to a covered book, then cancels and keeps it until the period ends',
    { timeout: 150_000 },
    async () => {
      const book = await audioBookInSubscription();
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signUpInBrowser(page, {
        prev: '/subscription/audio',
        name: 'Захиалагч',
        password: 'Nomsan-Subscribe-2026',
      });
      await expect.poll(() => page.getByRole('heading', { name: 'Миний захиалга' }).count()).toBe(1);
      await screenshot(page, 'subscription-audio-member-1280');

      await page.getByRole('listitem', { name: 'Аудио ном, 1 сар' }).getByRole('button', { name: 'Захиалах' }).click();
      await page.getByRole('dialog').getByLabel('Шинэ карт (банкны хуудас)').check();
      expect(problems).toEqual([]);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /төлөх$/ })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/golomt/'));
      await page.getByLabel('Картын дугаар').fill('4111 1111 1111 1111');
      await page.getByLabel('Карт эзэмшигчийн нэр').fill('BOLD BAATAR');
      await page.getByLabel('Дуусах хугацаа (MM/YY)').fill('12/30');
      await page.getByLabel('CVV код').fill('123');
      await page.getByRole('button', { name: 'Төлөх' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/payment/'));
      // the bank's sandbox page is not ours (it asks for a favicon it lacks): our pages are watched again
      const back = problems.length;

      await page.goto('/subscription');
      const mine = page.getByRole('region', { name: 'Миний захиалга' });
      const row = mine.getByRole('listitem', { name: 'Аудио ном, 1 сар' });
      await expect.poll(() => row.getByText('Идэвхтэй', { exact: true }).count()).toBe(1);
      expect(await row.getByText(/автоматаар сунгагдана$/).count()).toBe(1);
      await screenshot(page, 'subscription-active-1280');

      // the covered book plays whole in the player: time runs, no preview, the full recording
      await page.goto(`/${book.slug}`);
      await expect.poll(() => page.getByRole('link', { name: 'Сонсох', exact: true }).count()).toBe(1);
      await page.getByRole('link', { name: 'Сонсох', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/player/book/${book.id}`);
      const audio = () =>
        page.evaluate(() => {
          const element = document.querySelector<HTMLAudioElement>('audio[data-player="title"]');
          return { time: element?.currentTime ?? 0, duration: element?.duration ?? 0 };
        });
      await expect.poll(async () => (await audio()).time, { timeout: 20_000 }).toBeGreaterThan(1);
      expect(await page.getByText('Дээж', { exact: true }).count()).toBe(0);
      expect((await audio()).duration).toBeGreaterThan(25);
      await screenshot(page, 'subscription-listening-1280');
      await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-player="title"]')?.pause());

      await page.goto('/subscription');
      await row.getByRole('button', { name: 'Цуцлах' }).click();
      await row.getByRole('button', { name: 'Тийм, цуцлах' }).click();
      await expect.poll(() => row.getByText('Цуцлагдсан', { exact: true }).count()).toBe(1);
      expect(await row.getByText(/^\d{4}\.\d{2}\.\d{2} хүртэл$/).count()).toBe(1);
      expect(await row.getByRole('button', { name: 'Сэргээх' }).count()).toBe(1);
      await screenshot(page, 'subscription-cancelled-1280');
      expect(problems.slice(back)).toEqual([]);
    },
  );
});

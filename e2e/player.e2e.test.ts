import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownBooksByApi, registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, MOBILE, baseUrl, launch, screenshot, watchConsole } from './support/browser';

interface AudioState {
  time: number;
  paused: boolean;
  src: string;
  duration: number;
  level: number;
}

/** the player's one audio element and its level meter, as the page has them now */
const audioState = (page: Page): Promise<AudioState> =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-player="title"]');
    const meter = document.querySelector('[role="meter"]');
    return {
      time: audio?.currentTime ?? 0,
      paused: audio?.paused ?? true,
      src: audio?.currentSrc ?? '',
      duration: audio?.duration ?? 0,
      level: Number(meter?.getAttribute('data-level') ?? 0),
    };
  });

/** books of the demo catalogue with an audio edition, by API */
async function audioBooks(): Promise<{ id: number; slug: string; title: string }[]> {
  const response = await fetch(`${baseUrl()}/v5/books?page%5Bsize%5D=60&filter%5Bformat%5D=audiobook`);
  const body = (await response.json()) as {
    data: { data: { id: number; slug: string; title: string; formats: string[] }[] };
  };
  return body.data.data.filter((b) => b.formats.includes('audiobook'));
}

describe('the audiobook player', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('plays a visitor the clear preview, which really sounds, then offers the book; the full audio cannot play without its key', async () => {
    const [book] = await audioBooks();
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`/${book!.slug}`);
    await page.getByRole('link', { name: 'Дээж сонсох' }).click();
    await page.waitForURL((url) => url.pathname === `/player/book/${book!.id}`);
    await expect.poll(() => page.getByText('Дээж', { exact: true }).count()).toBe(1);
    // the tap on the book page plays at once; time moves and the analyser hears speech
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
    await expect.poll(async () => (await audioState(page)).level).toBeGreaterThan(0.05);
    expect((await audioState(page)).src).toMatch(/^blob:/);
    await screenshot(page, 'player-preview-375');
    // near the end of the preview: it ends, and the book is offered
    await page.evaluate(() => {
      const audio = document.querySelector<HTMLAudioElement>('audio[data-player="title"]')!;
      audio.currentTime = Math.max(0, audio.duration - 1.5);
    });
    await expect.poll(() => page.getByText('Дээж дууслаа').count(), { timeout: 15_000 }).toBe(1);
    const buy = page.getByRole('link', { name: 'Худалдаж авах' });
    expect(await buy.getAttribute('href')).toBe(`/${book!.slug}#offers`);
    await screenshot(page, 'player-preview-ended-375');

    // the full rendition's segments are public (a CDN serves them) but play nothing without the
    // key: Chromium meets the encryption, waits for a key that never comes, and time stands still
    const manifest = await fetch(`${baseUrl()}/api/books/v3/${book!.id}/playlist`).then((r) => r.json());
    expect(manifest.data.status).toBe('ready');
    const preview = await fetch(`${baseUrl()}/v5/drm/book-audio/${book!.id}/mpd`).then((r) => r.json());
    const fullDir = (preview.data.dash_url as string).replace('/preview/manifest.mpd', '/full/');
    const withoutKey = await page.evaluate(async (dir) => {
      const audio = document.createElement('audio');
      const source = new MediaSource();
      audio.src = URL.createObjectURL(source);
      let encrypted = false;
      audio.addEventListener('encrypted', () => {
        encrypted = true;
      });
      await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
      const buffer = source.addSourceBuffer('audio/mp4; codecs="mp4a.40.2"');
      for (const part of ['init.mp4', 'seg_0001.m4s']) {
        const bytes = await (await fetch(dir + part)).arrayBuffer();
        buffer.appendBuffer(bytes);
        await new Promise((resolve) => buffer.addEventListener('updateend', resolve, { once: true }));
      }
      audio.muted = true;
      void audio.play().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return { encrypted, time: audio.currentTime };
    }, fullDir);
    expect(withoutKey.encrypted).toBe(true);
    expect(withoutKey.time).toBe(0);
    expect(problems).toEqual([]);
  });

  it('plays an owner the whole book, decrypted; place, speed and bookmarks follow to a second device', async () => {
    const books = await audioBooks();
    const password = 'Nomsan-Player-2026';
    const member = await registerByApi('Сонсогч', password);
    const [owned] = await ownBooksByApi(
      member.token,
      books.slice(0, 8).map((b) => b.id),
      'audiobook',
    );
    expect(owned).toBeDefined();
    const book = books.find((b) => b.id === owned)!;

    const first = await browser.context(DESKTOP);
    const page = await first.newPage();
    const problems = watchConsole(page);
    await signInWithPassword(page, member.phone, password, `/${book.slug}`);
    await page.getByRole('link', { name: 'Сонсох', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/player/book/${book.id}`);
    expect(await page.getByText('Дээж', { exact: true }).count()).toBe(0);
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
    // decoded with the licence's key: the analyser hears it; the whole recording, not the preview
    await expect.poll(async () => (await audioState(page)).level).toBeGreaterThan(0.05);
    expect((await audioState(page)).duration).toBeGreaterThan(25);
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(book.title);

    // the keys: forward 30 s, back 10 s
    const before = (await audioState(page)).time;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(before + 20);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await audioState(page)).time).toBeLessThan(before + 20);

    // speed, a pause that keeps the place (before the short recording can end on a slow
    // machine), then a bookmark with a note there
    await page.getByRole('combobox', { name: 'Хурд' }).selectOption('1.5');
    await page.getByRole('button', { name: 'Түр зогсоох' }).click();
    const stopped = (await audioState(page)).time;
    await page.getByRole('button', { name: 'Хавчуурга нэмэх' }).click();
    await page.getByLabel('Тэмдэглэл (заавал биш)').fill('Гол санаа');
    await page.getByRole('button', { name: 'Хадгалах' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Хавчуурга' }).getByText('Гол санаа').count()).toBe(1);
    await screenshot(page, 'player-owner-1280');

    // the mini-player stays across client navigation
    await page.getByRole('banner').getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    const mini = page.getByRole('region', { name: 'Тоглуулагч', exact: true });
    await expect.poll(() => mini.getByText(book.title).count()).toBe(1);
    await mini.getByRole('button', { name: 'Тоглуулах' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await mini.getByRole('button', { name: 'Түр зогсоох' }).click();
    await screenshot(page, 'player-mini-1280');
    const kept = (await audioState(page)).time;
    expect(kept).toBeGreaterThanOrEqual(stopped);

    // one player at a time: a podcast episode started on its page takes over from the book
    // (client navigation all the way: a page load would start the app afresh)
    await page.getByRole('link', { name: 'Подкаст', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/podcast');
    await page.locator('main a[href^="/podcast/"]').first().click();
    await page.locator('main ol a[href^="/podcast/"]').first().click();
    await page.waitForURL(/\/podcast\/[^/]+\/[^/]+$/);
    await expect.poll(() => mini.count()).toBe(1);
    await page.getByRole('main').getByRole('button', { name: 'Сонсох' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Подкаст тоглуулагч' }).count()).toBe(1);
    await expect.poll(() => mini.count()).toBe(0);
    await page.getByRole('region', { name: 'Подкаст тоглуулагч' }).getByRole('button', { name: 'Түр зогсоох' }).click();

    // a second device opens the same book where the first stopped, at its speed, with the bookmark
    const second = await browser.context(MOBILE);
    const phone = await second.newPage();
    await signInWithPassword(phone, member.phone, password, `/player/book/${book.id}`);
    await expect.poll(() => phone.getByRole('combobox', { name: 'Хурд' }).inputValue()).toBe('1.5');
    await expect
      .poll(async () => Number(await phone.getByRole('slider', { name: 'Сонсож буй байрлал' }).inputValue()))
      .toBeGreaterThan(kept - 1.5);
    expect(Number(await phone.getByRole('slider', { name: 'Сонсож буй байрлал' }).inputValue())).toBeLessThan(
      kept + 1.5,
    );
    await expect.poll(() => phone.getByRole('list', { name: 'Хавчуурга' }).getByText('Гол санаа').count()).toBe(1);
    await screenshot(phone, 'player-second-device-375');

    // my audio: the book to continue, and today's minutes in the chart
    await phone.goto('/cloud-player');
    await expect.poll(() => phone.getByRole('link', { name: new RegExp(book.title) }).count()).toBe(1);
    await expect.poll(() => phone.getByText(/Нийт \d+ (сек|мин)/).count()).toBe(1);
    await screenshot(phone, 'cloud-player-375');
    expect(problems).toEqual([]);
  });

  it("highlights a summary's spoken sentence as the audio moves, and plays from a tapped sentence", async () => {
    const summaries = await fetch(`${baseUrl()}/v5/summary?page%5Bsize%5D=1`).then((r) => r.json());
    const summary = summaries.data.data[0] as { id: number; slug: string };
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`/summary/${summary.slug}`);
    await page.getByRole('link', { name: 'Дээж сонсох' }).click();
    await page.waitForURL((url) => url.pathname === `/player/summary/${summary.id}`);
    const sentences = page.getByRole('list', { name: 'Дагаж унших' }).getByRole('button');
    await expect.poll(() => sentences.count()).toBeGreaterThan(1);
    const spoken = page.getByRole('list', { name: 'Дагаж унших' }).locator('[aria-current="true"]');
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);
    await expect.poll(() => spoken.innerText()).toBe('Дадлын хүч номын товчлол.');
    // the audio moves on: the highlight follows it to the next sentence
    await expect.poll(() => spoken.innerText(), { timeout: 10_000 }).toMatch(/^Эхний гол санаа/);
    await screenshot(page, 'player-read-along-1280');
    // a tap on a later sentence plays from it
    const third = sentences.nth(2);
    const text = await third.innerText();
    await third.click();
    await expect.poll(() => spoken.innerText()).toBe(text);
    expect((await audioState(page)).time).toBeGreaterThan(8);
    expect(problems).toEqual([]);
  });

  it('keeps a downloaded title on the device: with the network cut, a reload still plays it, decrypted', async () => {
    const books = await audioBooks();
    const password = 'Nomsan-Offline-2026';
    const member = await registerByApi('Аялагч', password);
    const [owned] = await ownBooksByApi(
      member.token,
      books.slice(8, 16).map((b) => b.id),
      'audiobook',
    );
    const book = books.find((b) => b.id === owned)!;
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await signInWithPassword(page, member.phone, password, `/player/book/${book.id}`);
    // the service worker has taken the page over (registered by the first page, claimed at once)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('button', { name: 'Тоглуулах' }).and(page.locator(':enabled')).waitFor();
    await page.getByRole('button', { name: 'Татаж авах' }).click();
    await expect.poll(() => page.getByText(/Төхөөрөмжид хадгалсан/).count(), { timeout: 20_000 }).toBe(1);
    await screenshot(page, 'player-downloaded-375');

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('button', { name: 'Тоглуулах' }).and(page.locator(':enabled')).waitFor();
      // no network at all: the API is out of reach
      expect(
        await page.evaluate(() =>
          fetch('/readyz').then(
            () => 'online',
            () => 'offline',
          ),
        ),
      ).toBe('offline');
      await page.getByRole('button', { name: 'Тоглуулах' }).click();
      await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
      await expect.poll(async () => (await audioState(page)).level).toBeGreaterThan(0.05);
      expect((await audioState(page)).duration).toBeGreaterThan(25);
      await screenshot(page, 'player-offline-375');
    } finally {
      await context.setOffline(false);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, screenshot, watchConsole } from './support/browser';

describe('podcasts', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('finds an episode by search, plays it, and walks to its podcast', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/search?q=hugjiltei+melhii&type=episode');
    const results = page.getByRole('list', { name: '“hugjiltei melhii” хайлтын үр дүн' });
    await results.getByRole('link').first().click();
    await page.waitForURL(/\/podcast\/[^/]+\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Хөгжилтэй мэлхий');

    const audio = page.locator('audio');
    expect(await audio.locator('source').getAttribute('type')).toBe('audio/mpeg');
    const played = await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true; // muted playback needs no user gesture
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      return { time: element.currentTime, duration: element.duration };
    });
    expect(played.time).toBeGreaterThan(0.3);
    expect(played.duration).toBeGreaterThan(1);
    await screenshot(page, 'podcast-episode-1280');

    const series = (
      await page.getByRole('navigation', { name: 'Байршил' }).getByRole('link').nth(2).innerText()
    ).trim();
    await page.getByRole('link', { name: 'Бүх дугаарыг харах' }).click();
    await page.waitForURL(/\/podcast\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(series);
    expect(await page.getByRole('heading', { name: 'Дугаарууд' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("opens a podcast from the home feed's shelf on a phone", async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/podcast');
    await page.waitForLoadState('networkidle');
    const first = page.locator('main a[href^="/podcast/"]').first();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Дугаарууд' }).count()).toBe(1);
    const episodes = page.locator('main ol a[href^="/podcast/"]');
    expect(await episodes.count()).toBeGreaterThan(0);
    await screenshot(page, 'podcast-channel-375');
    expect(problems).toEqual([]);
  });
});

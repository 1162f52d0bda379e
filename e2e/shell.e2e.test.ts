import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, screenshot, watchConsole } from './support/browser';

describe('the store shell', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('server-renders the home page with the header, shelves of covers and the footer', async () => {
    const context = await browser.context({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('mn');
    await expect.poll(() => page.getByPlaceholder('Ном хайх...').count()).toBe(1);
    const shelves = page.locator('main section[aria-labelledby]');
    expect(await shelves.count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('main img').count()).toBeGreaterThan(20);
    expect(await page.getByRole('contentinfo').innerText()).toContain('2018-2025');
    await context.close();
  });

  it('shows real covers and no console or CSP errors after hydration (1280 px)', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const firstCover = page.locator('main img').first();
    await expect
      .poll(() => firstCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Нэвтрэх' }).count()).toBe(1);
    await screenshot(page, 'home-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('navigates between tabs on the client and shows the Book submenu', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('navigation', { name: 'Үндсэн цэс' }).getByRole('link', { name: 'Ном', exact: true }).click();
    await page.waitForURL('**/audio');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Аудио ном');
    const submenu = page.getByTestId('submenu');
    await submenu.getByRole('link', { name: 'Товч ном', exact: true }).click();
    await page.waitForURL('**/summaries');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Товч ном');
    // No full reload happened: the marker set on the first page is still there.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await context.close();
  });

  it('answers an unknown page with 404, the spec text and a link to /book', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Өө, энэ хуудас олдсонгүй!' }).count()).toBe(1);
    await screenshot(page, 'not-found-1280');
    await page.getByRole('link', { name: 'Нүүр хуудас руу буцах' }).click();
    await page.waitForURL('**/book');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Цахим ном');
    await context.close();
  });

  it('hides header and footer in the app web view (mode=app)', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.goto('/?mode=app');
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByPlaceholder('Ном хайх...').count()).toBe(0);
    expect(await page.locator('main section[aria-labelledby]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('shows the bottom bar at 375 px and sends visitors to sign in before searching', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const bar = page.locator('nav.fixed');
    await expect.poll(() => bar.isVisible()).toBe(true);
    for (const label of ['Нүүр', 'Багц', 'Хайх', 'Миний сан', 'Цэс']) {
      expect(await bar.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'home-375');
    await bar.getByRole('link', { name: 'Хайх' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('prev')).toBe('/search');
    await context.close();
  });

  it('opens the mobile menu with every tab and its submenu', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Цэс' }).click();
    const menu = page.getByRole('dialog', { name: 'Цэс' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Подкаст' }).count()).toBe(1);
    await screenshot(page, 'mobile-menu-375');
    await menu.getByRole('link', { name: 'Товч ном', exact: true }).click();
    await page.waitForURL('**/summaries');
    await context.close();
  });

  it('keeps a device uuid and a per-tab session id', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // the session housekeeping writes them once the page has hydrated, which on a busy machine
    // can come after the network is idle
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('device_uuid'), sessionStorage.getItem('session')]))
      .not.toContain(null);
    const ids = await page.evaluate(() => ({
      device: localStorage.getItem('device_uuid'),
      session: sessionStorage.getItem('session'),
      version: localStorage.getItem('appVersion'),
    }));
    expect(ids.device).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.session).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.version).toBe('1.0.3');
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('device_uuid'))).toBe(ids.device);
    await context.close();
  });
});

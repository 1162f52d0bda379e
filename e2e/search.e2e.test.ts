import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, screenshot, watchConsole } from './support/browser';

describe('search', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('suggests as you type in Latin letters, and the keyboard picks a suggestion', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');

    const box = page.getByRole('combobox', { name: 'Ном хайх' });
    await box.click();
    await box.pressSequentially('tsagaan', { delay: 40 });
    const suggestions = page.getByRole('listbox', { name: 'Санал болгох үр дүн' });
    await expect.poll(() => suggestions.getByRole('option').first().innerText()).toContain('Цагаан сар');
    await screenshot(page, 'search-suggestions-1280');

    await box.press('ArrowDown');
    const first = suggestions.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL('**/tsagaan-sar');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Цагаан сар');
    expect(await suggestions.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('finds the right book first despite a typo, and does nothing on an empty Enter', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/book');
    await page.waitForLoadState('networkidle');

    const box = page.getByRole('combobox', { name: 'Ном хайх' });
    await box.click();
    await box.press('Enter');
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/book');

    await box.fill('хөвсгөл цамхг');
    await box.press('Escape');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('“хөвсгөл цамхг” хайлтын үр дүн');
    const results = page.getByRole('list', { name: '“хөвсгөл цамхг” хайлтын үр дүн' });
    expect((await results.getByRole('link').first().innerText()).split('\n')[0]).toBe('Хөвсгөлийн цамхаг');
    const tabs = page.getByRole('navigation', { name: '“хөвсгөл цамхг” хайлтын үр дүн' });
    expect(await tabs.getByRole('link', { name: /Бүгд/ }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'search-results-1280');
    expect(problems).toEqual([]);
  });

  it('shows tabs with counts, filters by type, and keeps a query box on the phone', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/search?q=setgel');
    await page.waitForLoadState('networkidle');
    const tabs = page.getByRole('navigation', { name: '“setgel” хайлтын үр дүн' });
    const summaries = tabs.getByRole('link', { name: /Товч ном/ });
    const count = Number((await summaries.innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await summaries.click();
    await page.waitForURL(/type=summary/);
    await expect.poll(() => summaries.getAttribute('aria-current')).toBe('page');
    const results = page.getByRole('list', { name: '“setgel” хайлтын үр дүн' }).getByRole('listitem');
    await expect.poll(() => results.count()).toBe(Math.min(count, 20));
    for (const text of await results.allInnerTexts()) expect(text).toContain('Товч ном');
    await screenshot(page, 'search-summaries-375');

    const form = page.getByRole('search').filter({ has: page.locator('input[name="q"]:visible') });
    await form.locator('input[name="q"]').fill('zzqxw');
    await form.locator('input[name="q"]').press('Enter');
    await page.waitForURL(/q=zzqxw/);
    await expect.poll(() => page.getByText('“zzqxw” хайлтаар юу ч олдсонгүй').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Ангилал' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'search-empty-375');
    expect(problems).toEqual([]);
  });
});

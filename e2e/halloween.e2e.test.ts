import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, launch, screenshot } from './support/browser';

const tabsNav = 'nav[aria-label="Үндсэн цэс"]';

describe('the Halloween tab', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('shows inside its window on desktop', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date('2025-10-20T12:00:00+08:00'));
    await page.goto('/');
    const tab = page
      .locator(tabsNav)
      .first()
      .getByRole('link', { name: /Halloween/ });
    await expect.poll(() => tab.count()).toBe(1);
    await screenshot(page, 'halloween-1280');
    await context.close();
  });

  it('is absent before and after the window', async () => {
    for (const time of ['2025-10-12T23:59:00+08:00', '2025-11-03T00:00:01+08:00']) {
      const context = await browser.context(DESKTOP);
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(time));
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(await page.locator(tabsNav).first().getByRole('link', { name: 'Танд' }).count()).toBe(1);
      expect(
        await page
          .locator(tabsNav)
          .first()
          .getByRole('link', { name: /Halloween/ })
          .count(),
      ).toBe(0);
      await context.close();
    }
  });

  it('disappears on desktop within a minute of the window closing', async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2025-11-02T23:59:30+08:00') });
    await page.goto('/');
    const tab = page
      .locator(tabsNav)
      .first()
      .getByRole('link', { name: /Halloween/ });
    await expect.poll(() => tab.count()).toBe(1);
    await page.clock.runFor(60_000);
    await expect.poll(() => tab.count()).toBe(0);
    await context.close();
  });

  it('appears in the mobile menu within 30 s of the window opening', async () => {
    const context = await browser.context(MOBILE);
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2025-10-12T23:59:45+08:00') });
    await page.goto('/');
    await page.getByRole('button', { name: 'Цэс' }).click();
    const menu = page.getByRole('dialog', { name: 'Цэс' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: /Halloween/ }).count()).toBe(0);
    await page.clock.runFor(30_000);
    await expect.poll(() => menu.getByRole('link', { name: /Halloween/ }).count()).toBe(1);
    await context.close();
  });
});

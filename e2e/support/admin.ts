import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from './server';

/**
 * A back-office page at both widths, whole, for people to look at: e2e/.artifacts (CI keeps it
 * with the run) or ADMIN_SHOTS_DIR; neither width scrolls sideways (a phone scrolls down, never
 * sideways). The viewport comes back to what it was.
 */
export async function adminShots(page: Page, name: string): Promise<void> {
  const dir = process.env.ADMIN_SHOTS_DIR ?? join(ROOT, 'e2e', '.artifacts');
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: join(dir, `admin-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

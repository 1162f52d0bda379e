import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ROOT } from './server';

/** The flags every headless Chromium of the project runs with (this machine has no network). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (run through e2e/vitest.config.ts)');
  return url;
};

/**
 * Debian's Chromium, never a downloaded browser. Each context is its own browser process with a
 * fresh `--user-data-dir` (Playwright's persistent context), so no state leaks between them.
 */
export async function launch(): Promise<{
  context: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close(): Promise<void>;
}> {
  const open: BrowserContext[] = [];
  return {
    context: async (options = {}) => {
      const userDataDir = mkdtempSync(join(tmpdir(), 'nomsan-chromium-'));
      const context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_FLAGS,
        baseURL: baseUrl(),
        locale: 'mn-MN',
        timezoneId: 'Asia/Ulaanbaatar',
        ...options,
      });
      open.push(context);
      return context;
    },
    close: async () => {
      await Promise.all(open.map((context) => context.close().catch(() => undefined)));
    },
  };
}

export const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
export const MOBILE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

/** Screenshots land in e2e/.artifacts for people to look at (CI keeps them with the run). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(ROOT, 'e2e', '.artifacts');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Collects console errors and CSP violations of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

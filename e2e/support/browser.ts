import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
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
 * Debian's Chromium, never a downloaded browser. One browser process per call (per journey
 * file), started on first use with a fresh profile directory of its own (Playwright creates and
 * removes it); each context is an isolated, incognito-like context of it: no cookies, storage,
 * cache or service workers are shared between contexts. Starting a context this way costs about
 * a third of starting a browser.
 */
export async function launch(): Promise<{
  context: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  close(): Promise<void>;
}> {
  let browser: Promise<Browser> | undefined;
  const open: BrowserContext[] = [];
  return {
    context: async (options = {}) => {
      browser ??= chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_FLAGS,
      });
      const context = await (
        await browser
      ).newContext({
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
      if (browser) await (await browser).close();
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

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';
import { storeClock } from './money';
import { ROOT } from './server';

/** the sandbox's demo owner (docs/staff.md) */
export const OWNER = 'owner@nomsan.demo';
/** a TOTP time step */
export const STEP_MS = 30_000;

/** The demo owner's password and authenticator secret, as the sandbox mailed them (docs/staff.md). */
export async function demoOwner(): Promise<{ password: string; secret: string }> {
  const response = await fetch(`${baseUrl()}/dev/outbox?format=json&to=${encodeURIComponent(OWNER)}`);
  const mails = ((await response.json()) as { data: { subject: string; text: string }[] }).data;
  const mail = mails.find((m) => m.subject === 'Номсан: удирдлагын хэсгийн demo эзэмшигч');
  expect(mail, 'the demo owner is in the outbox').toBeDefined();
  return { password: /Нууц үг: (\S+)/.exec(mail!.text)![1]!, secret: /\): ([A-Z2-7]+)/.exec(mail!.text)![1]! };
}

/** The authenticator's code for a 30-second step, and the step of the store's clock now (other journeys move it). */
export const codeOf = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS });
export const stepNow = async () => Math.floor((await storeClock()).getTime() / STEP_MS);
/** the authenticator's code now, by the store's clock */
export const codeNow = async (secret: string) => codeOf(secret, await stepNow());

/** A JSON call to the staff API as the store's own pages make it (its origin), with a staff cookie. */
export async function staffCall<T>(method: string, path: string, cookie: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      origin: baseUrl(),
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  return {
    status: response.status,
    cookie: cookies.find((c) => c.startsWith('nomsan_staff=')) ?? null,
    json: (await response.json()) as { data: T },
  };
}

/**
 * The demo owner's staff cookie, signed in through the API (the browser's sign-in is
 * e2e/admin.e2e.test.ts's). Each 30-second step's code is taken once and never an earlier one:
 * the previous step's code (the one step of drift the API allows) leaves this step's to a
 * journey signing in just after; if a journey just took this step, the next step's is sent.
 */
export async function ownerCookie(): Promise<string> {
  const { password, secret } = await demoOwner();
  for (const ahead of [-1, 1]) {
    const now = (await storeClock()).getTime();
    if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, STEP_MS - (now % STEP_MS) + 200));
    const { json } = await staffCall<{ challenge: string }>('POST', '/api/staff/session', null, {
      login: OWNER,
      password,
    });
    const verified = await staffCall('POST', '/api/staff/session/verify', null, {
      challenge: json.data.challenge,
      code: codeOf(secret, ahead < 0 ? Math.floor(now / STEP_MS) - 1 : await stepNow()),
    });
    if (verified.cookie) return verified.cookie;
  }
  throw new Error('the demo owner could not sign in');
}

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

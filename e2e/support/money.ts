import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, screenshot } from './browser';

/**
 * Pays on the Golomt sandbox's card page the browser was sent to, as a person types a card;
 * `otp` for a 3-D Secure card; `shots` names the screenshots of the page (none without it).
 * Waits for the bank to send the browser back to the store's /payment page.
 */
export async function payOnCardPage(page: Page, cardNumber: string, options: { otp?: string; shots?: string } = {}) {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox/golomt/'));
  await page.getByLabel('Картын дугаар').fill(cardNumber);
  await page.getByLabel('Карт эзэмшигчийн нэр').fill('BOLD BAATAR');
  await page.getByLabel('Дуусах хугацаа (MM/YY)').fill('12/30');
  await page.getByLabel('CVV код').fill('123');
  if (options.shots) await screenshot(page, `${options.shots}-golomt-card-1280`);
  await page.getByRole('button', { name: 'Төлөх' }).click();
  if (options.otp) {
    await page.getByLabel('Баталгаажуулах код').fill(options.otp);
    if (options.shots) await screenshot(page, `${options.shots}-golomt-3ds-1280`);
    await page.getByRole('button', { name: 'Баталгаажуулах' }).click();
  }
  await page.waitForURL((url) => url.pathname.startsWith('/payment/'));
}

/**
 * The sandbox's test clock of the shared server (POST /sandbox/clock, docs/operations.md): read
 * it, move it (`advance_ms`) or put it back (`reset`; a journey that moves it resets it after).
 */
export async function storeClock(body?: { advance_ms?: number; reset?: true }): Promise<Date> {
  const response = await fetch(`${baseUrl()}/sandbox/clock`, {
    method: body ? 'POST' : 'GET',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBe(200);
  return new Date(((await response.json()) as { data: { now: string } }).data.now);
}

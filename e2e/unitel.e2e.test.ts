import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, signUpInBrowser } from './support/accounts';
import { DESKTOP, launch, screenshot, watchConsole } from './support/browser';

/** a fresh Unitel number of the sandbox that pays */
const unitelPhone = () => `88${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

describe('Unitel carrier billing in the browser', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('a member subscribes on the phone bill with the code Unitel texts', { timeout: 60_000 }, async () => {
    const context = await browser.context(DESKTOP);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signUpInBrowser(page, {
      prev: '/subscription/audio',
      name: 'Юнител захиалагч',
      password: 'Nomsan-Unitel-2026',
    });
    await page.getByRole('listitem', { name: 'Аудио ном, 1 сар' }).getByRole('button', { name: 'Захиалах' }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /Юнител \(утасны төлбөр\)/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/subscription/unitel' && url.searchParams.has('plan'));
    expect(await page.getByRole('radio', { name: /Аудио ном, 1 сар/ }).isChecked()).toBe(true);

    // another carrier's number is refused in Mongolian
    await page.getByLabel('Юнителийн утасны дугаар').fill('99110001');
    await page.getByRole('button', { name: 'Код авах' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Юнителийн дугаар биш/);
    await screenshot(page, 'unitel-not-unitel-1280');

    const phone = unitelPhone();
    await page.getByLabel('Юнителийн утасны дугаар').fill(phone);
    await page.getByRole('button', { name: 'Код авах' }).click();
    await page.getByLabel('Баталгаажуулах код').fill(await codeFor(phone));
    await screenshot(page, 'unitel-code-1280');
    await page.getByRole('button', { name: 'Баталгаажуулах' }).click();
    await expect.poll(() => page.getByRole('button', { name: /төлөх$/ }).count()).toBe(1);
    await screenshot(page, 'unitel-confirm-1280');
    await page.getByRole('button', { name: /төлөх$/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Захиалга идэвхжлээ' }).count()).toBe(1);
    await screenshot(page, 'unitel-done-1280');

    await page.getByRole('link', { name: 'Миний захиалга' }).click();
    const row = page
      .getByRole('region', { name: 'Миний захиалга' })
      .getByRole('listitem', { name: 'Аудио ном, 1 сар' });
    await expect.poll(() => row.getByText('Идэвхтэй', { exact: true }).count()).toBe(1);
    await screenshot(page, 'unitel-active-1280');
    expect(problems).toEqual([]);
  });
});

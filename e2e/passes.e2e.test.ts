import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, signInWithPassword } from './support/accounts';
import { DESKTOP, MOBILE, launch, screenshot, watchConsole } from './support/browser';

const PASSWORD = 'Nomsan-Passes-2026';

/**
 * A pass from a promo code is in the member's sight: the subscription pages and the library's
 * service tab list it with its source, what it opens and its dates, instead of "no subscription".
 */
describe('passes in sight', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'a week of audio books from AUDIO7 shows on the subscription pages and /my-library/service',
    { timeout: 90_000 },
    async () => {
      const member = await registerByApi('Эрхтэй гишүүн', PASSWORD);
      const desktop = await browser.context(DESKTOP);
      const signedIn = await desktop.newPage();
      await signInWithPassword(signedIn, member.phone, PASSWORD);
      await signedIn.goto('/coupon');
      await signedIn.getByLabel('Код').fill('AUDIO7');
      await signedIn.getByRole('button', { name: 'Идэвхжүүлэх', exact: true }).click();
      await expect.poll(() => signedIn.getByText('Амжилттай идэвхжлээ').count()).toBe(1);
      const mobile = await browser.context({ ...MOBILE, storageState: await desktop.storageState() });
      for (const [context, suffix] of [
        [desktop, '1280'],
        [mobile, '375'],
      ] as const) {
        const page = await context.newPage();
        const problems = watchConsole(page);
        for (const path of ['/subscription', '/subscription/audio', '/my-library/service']) {
          await page.goto(path);
          const passes = page.getByRole('region', { name: 'Таны эрхүүд' });
          await expect.poll(() => passes.getByText('Аудио номууд нээлттэй').count()).toBe(1);
          await expect.poll(() => passes.getByText('Промо код: 7 хоног аудио ном үнэгүй').count()).toBe(1);
          expect(await page.getByText('Танд идэвхтэй захиалга алга.').count()).toBe(0);
          await screenshot(page, `passes${path.replaceAll('/', '-')}-${suffix}`);
        }
        // the e-book plans' page lists no audio pass
        await page.goto('/subscription/book');
        await expect.poll(() => page.getByText('Танд идэвхтэй захиалга алга.').count()).toBe(1);
        expect(problems).toEqual([]);
      }
    },
  );
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminShots, ownerCookie } from './support/admin';
import { DESKTOP, baseUrl, launch, watchConsole } from './support/browser';
import { ROOT } from './support/server';

const SAMPLE = join(ROOT, 'apps', 'api', 'src', 'modules', 'catalog', 'fixtures', 'onix-sample.xml');

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('importing a catalogue from ONIX in the back office', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it(
    'the owner sends an ONIX file, reads the dry run (created, refused), applies it and finds the new draft in the catalogue',
    { timeout: 90_000 },
    async () => {
      // the hand-written sample, its records and titles made this run's own
      const stamp = Date.now().toString(36);
      mkdirSync(join(ROOT, 'e2e', '.artifacts'), { recursive: true });
      const file = join(ROOT, 'e2e', '.artifacts', `onix-${stamp}.xml`);
      const title = `Нүүдлийн салхи ${stamp}`;
      writeFileSync(
        file,
        readFileSync(SAMPLE, 'utf8')
          .replaceAll('mn.munkhiinuseg.sample.', `e2e.${stamp}.`)
          .replace('<TitleText>Нүүдлийн салхи</TitleText>', `<TitleText>${title}</TitleText>`)
          .replace('Steppe Chronicle', `Steppe Chronicle ${stamp}`),
      );
      const cookie = await ownerCookie();
      const context = await browser.context(DESKTOP);
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: baseUrl() }]);
      const page = await context.newPage();
      const problems = watchConsole(page);

      await page.goto('/admin/catalog');
      await heading(page, 'Каталог').waitFor();
      await page.getByRole('link', { name: 'ONIX оруулах' }).click();
      await heading(page, 'ONIX-оос каталог оруулах').waitFor();
      await adminShots(page, 'catalog-import');

      await page.getByLabel('ONIX файл сонгох').setInputFiles(file);
      await page.getByRole('heading', { name: 'Урьдчилсан шалгалт' }).waitFor({ timeout: 30_000 });
      const created = page.getByRole('table', { name: 'Шинээр үүсэх номууд' });
      await expect.poll(() => created.getByRole('row').count()).toBe(3);
      await expect.poll(() => created.textContent()).toContain(title);
      await expect.poll(() => created.textContent()).toContain('25 000₮');
      const refused = page.getByRole('table', { name: 'Татгалзсан бүтээгдэхүүн' });
      await expect.poll(() => refused.textContent()).toContain('Төгрөгийн (MNT) үнэ алга: USD.');
      await expect.poll(() => refused.textContent()).toContain('«BC»');
      await expect.poll(() => page.getByText('Шинэ номууд ноорог хэлбэрээр үүснэ').count()).toBe(1);
      await adminShots(page, 'catalog-import-dry-run');

      await page.getByRole('button', { name: 'Каталогт бичих' }).click();
      const dialog = page.getByRole('dialog', { name: 'Каталогт бичих үү?' });
      await dialog.getByRole('button', { name: 'Каталогт бичих' }).click();
      await page.getByRole('heading', { name: 'Оруулсан' }).waitFor({ timeout: 30_000 });
      await page.getByRole('table', { name: 'Шинээр үүссэн номууд' }).getByRole('link', { name: title }).waitFor();
      await adminShots(page, 'catalog-import-applied');

      // the new title is a draft in the catalogue list
      await page.goto(`/admin/catalog?q=${encodeURIComponent(title)}`);
      const rows = page.getByRole('table', { name: 'Номууд' }).getByRole('row');
      await expect.poll(() => rows.filter({ hasText: title }).count()).toBe(1);
      await expect.poll(() => rows.filter({ hasText: title }).textContent()).toContain('Ноорог');
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

// `npm run demo:seed -- --titles N [--reset]`: seeds the demo catalogue into the configured
// database (DATABASE_URL, or the PGlite directory under DATA_DIR), e.g. 100 000 titles for a
// benchmark. Refuses a database that already has a catalogue unless --reset is given.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@nomsan/db/client';
import { DataDirLockedError, lockDataDir } from '@nomsan/db/data-dir-lock';
import { sql } from '@nomsan/db/orm';
import { seedDemo, seedDemoIfEmpty } from './seed';

const CATALOGUE_TABLES = [
  'commerce_credit_pack',
  'billing_sales_offer',
  'commerce_code_redemption',
  'commerce_code',
  'billing_plan',
  'commerce_offer',
  'commerce_bundle_item',
  'commerce_bundle',
  'podcast_episode',
  'podcast_series',
  'catalog_summary_category',
  'catalog_summary_contributor',
  'catalog_summary',
  'catalog_audio_chapter',
  'catalog_audio_edition',
  'catalog_ebook_edition',
  'catalog_book_tag',
  'catalog_book_category',
  'catalog_book_contributor',
  'catalog_book',
  'catalog_series',
  'catalog_tag',
  'catalog_category',
  'catalog_contributor',
  'catalog_publisher',
  // derived from the catalogue; the server rebuilds it on its next start
  'search_document',
  'search_text',
  'search_term',
  'search_term_variant',
];

const { values } = parseArgs({
  options: {
    titles: { type: 'string', default: '300' },
    seed: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'no-media': { type: 'boolean', default: false },
  },
});
const titles = Number(values.titles);
if (!Number.isInteger(titles) || titles < 1) {
  console.error(`demo:seed: --titles must be a positive whole number (got "${values.titles}")`);
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR || './data');
const url = process.env.DATABASE_URL || undefined;
let release = () => undefined as void;
try {
  // A server running on the same PGlite directory would be corrupted by a second writer.
  if (!url) release = lockDataDir(dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`demo:seed: ${error.message}`);
  process.exit(1);
}
const handle = await openDatabase({ url, dataDir: join(dataDir, 'pglite') });
try {
  await handle.migrate();
  if (values.reset) {
    await handle.db.execute(sql.raw(`truncate ${CATALOGUE_TABLES.join(', ')} restart identity cascade`));
  }
  const options = {
    titles,
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    mediaDir: values['no-media'] ? null : join(dataDir, 'media'),
    log: (message: string) => console.log(message),
  };
  const started = performance.now();
  if (values.reset) await seedDemo(handle.db, options);
  else if (!(await seedDemoIfEmpty(handle.db, options))) {
    console.error('demo:seed: the database already has a catalogue; add --reset to replace it');
    process.exitCode = 1;
  }
  if (!process.exitCode)
    console.log(
      `seeded ${titles} titles into ${url ? 'PostgreSQL' : dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
} finally {
  await handle.close();
  release();
}

import { join } from 'node:path';
import { buildTemplate } from '@nomsan/db/testing';
import { seedDemo } from '@nomsan/demo/seed';
import { relatedBooksService } from '../modules/catalog/related.service';
import { createModules } from '../modules/index';

/** Test catalogue: the default demo catalogue, so tests see what users see. */
export const TEST_TITLES = 300;

/** Vitest globalSetup: one migrated, seeded template per run; each test file copies it. */
export default async function setup() {
  const started = performance.now();
  const cleanup = await buildTemplate(
    {
      name: `demo${TEST_TITLES}`,
      prepare: async (db, handle) => {
        await seedDemo(db, { titles: TEST_TITLES, mediaDir: null });
        const { services, kernel, close } = createModules({
          db: handle,
          publicBaseUrl: 'http://localhost:3000',
          mediaBaseUrl: '/media',
        });
        await relatedBooksService().compute(kernel.root);
        await services.search.reindex(kernel.root);
        await close();
      },
    },
    join(process.cwd(), '.tmp', `test-template-${process.pid}.tar.gz`),
  );
  console.log(`test database template ready in ${Math.round(performance.now() - started)} ms`);
  return cleanup;
}

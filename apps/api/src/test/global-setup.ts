import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplate } from '@nomsan/db/testing';
import { takeInDemoMedia } from '@nomsan/demo/deliveries';
import { seedDemo } from '@nomsan/demo/seed';
import { mediaIntake } from '../modules/media/media-intake.service';
import { mediaSettings } from '../modules/media/media.settings';
import { relatedBooksService } from '../modules/catalog/related.service';
import { createModules } from '../modules/index';

/** Test catalogue: the default demo catalogue, so tests see what users see. */
export const TEST_TITLES = 300;

declare module 'vitest' {
  interface ProvidedContext {
    /** the demo's EPUBs and recordings, taken in once (createTestApp's media folders) */
    demoMedia: { ebookDir: string; sourceDir: string };
  }
}

/**
 * Vitest globalSetup: one migrated, seeded template per run, each test file copying it; and the
 * demo's files taken in through the media intake once (kept in .tmp for the next run), as the
 * server takes them in at its first start.
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const demoMedia = {
    ebookDir: join(process.cwd(), '.tmp', 'test-media', 'ebooks'),
    sourceDir: join(process.cwd(), '.tmp', 'test-media', 'sources'),
  };
  await takeInDemoMedia(mediaIntake(mediaSettings(demoMedia, '/media')), demoMedia);
  project.provide('demoMedia', demoMedia);
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

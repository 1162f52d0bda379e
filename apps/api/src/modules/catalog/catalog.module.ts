import { tag } from '../../lib/cache-tags';
import { defineModule } from '../../kernel/module';
import { handle } from '../jobs/jobs.service';
import { catalogRoutes } from './catalog.routes';
import { catalogEdits, type CatalogEdits } from './catalog-edits.service';
import { catalogService, type CatalogService } from './catalog.service';
import { computeRelatedJob, relatedBooksService } from './related.service';

/** The catalogue's read model, and its writes under `edits`. */
export type CatalogModule = CatalogService & { edits: CatalogEdits };

declare module '../../kernel/module' {
  interface ModuleServices {
    catalog: CatalogModule;
  }
}

/** Books, summaries, people, categories, topics and reviews: what the store shows. */
export const catalogModule = defineModule({
  name: 'catalog',
  dependsOn: ['podcasts', 'commerce'],
  create: (kernel, { podcasts, commerce }) => ({
    ...catalogService(kernel, podcasts, commerce),
    edits: catalogEdits(kernel),
  }),
  routes: catalogRoutes,
  jobs: (_catalog, kernel) => [
    handle(computeRelatedJob, async (ctx) => {
      const result = await relatedBooksService().compute(ctx);
      // every process's neighbours lists came from the old results
      kernel.invalidate(ctx, [tag.related]);
      kernel.log.info(result, 'related books computed');
    }),
  ],
  async start(_catalog, kernel) {
    // A new (or just seeded) catalogue has no precomputed related books yet.
    if (await relatedBooksService().needsComputing(kernel.root)) {
      await kernel.jobs.enqueue(kernel.root, computeRelatedJob, {}, { dedupeKey: computeRelatedJob.name });
    }
  },
});

import { tag } from '../../lib/cache-tags';
import { defineModule, type Kernel } from '../../kernel/module';
import { defineJob, handle } from '../jobs/jobs.service';
import { catalogRoutes } from './catalog.routes';
import { z } from 'zod';
import { catalogDesk, type CatalogDesk } from './catalog-desk.service';
import { catalogDeskRoutes } from './catalog-desk.routes';
import { catalogImport, type CatalogImport } from './catalog-import.service';
import { catalogImportRoutes } from './catalog-import.routes';
import { collectionsDesk, type CollectionsDesk } from './collections-desk.service';
import { collectionsDeskRoutes } from './collections-desk.routes';
import { peopleDesk, type PeopleDesk } from './people-desk.service';
import { peopleDeskRoutes } from './people-desk.routes';
import { summaryDesk, type SummaryDesk } from './summary-desk.service';
import { summaryDeskRoutes } from './summary-desk.routes';
import { catalogEdits, type CatalogEdits } from './catalog-edits.service';
import { catalogService, type CatalogService } from './catalog.service';
import { computeRelatedJob, relatedBooksService } from './related.service';

/**
 * The catalogue's read model, its writes under `edits`, the back office's desk (titles,
 * summaries), its ONIX imports, its collections (discovery topics, the showcase) and its
 * people, publishers and categories.
 */
export type CatalogModule = CatalogService & {
  edits: CatalogEdits;
  desk: CatalogDesk;
  summaryDesk: SummaryDesk;
  imports: CatalogImport;
  collections: CollectionsDesk;
  people: PeopleDesk;
};

/**
 * The desk's changes of one such window of time have the related books computed once, at its
 * end. A window's job is its own (dedupe key), so a change made while the previous window's job
 * is running gets the next window's: no change is left out of a computation.
 */
const RELATED_WINDOW_MS = 60_000;
const relatedWindowEnd = (kernel: Kernel) =>
  Math.ceil((kernel.clock.now().getTime() + 1) / RELATED_WINDOW_MS) * RELATED_WINDOW_MS;

/** Every minute, the drafts whose scheduled publication has come are published. */
export const publishDueJob = defineJob('catalog.publish-due', z.object({}).strict(), { maxAttempts: 3 });

declare module '../../kernel/module' {
  interface ModuleServices {
    catalog: CatalogModule;
  }
}

/** Books, summaries, people, categories, topics and reviews: what the store shows. */
export const catalogModule = defineModule({
  name: 'catalog',
  dependsOn: ['podcasts', 'commerce'],
  create: (kernel, { podcasts, commerce }) => {
    const desk = catalogDesk(kernel, {
      formatsOnSale: async (ctx, id) =>
        (await commerce.deskOffers(ctx, id)).flatMap((offer) =>
          offer.format === 'audiobook' || offer.format === 'ebook' ? [offer.format] : [],
        ),
    });
    // Neighbours are computed over the whole catalogue: once a minute at most, for all the
    // changes made in it.
    desk.onChanged(async (ctx) => {
      const end = relatedWindowEnd(kernel);
      await kernel.jobs.enqueue(
        ctx,
        computeRelatedJob,
        {},
        { dedupeKey: `${computeRelatedJob.name}:${end}`, runAt: new Date(end) },
      );
    });
    return {
      ...catalogService(kernel, podcasts, commerce),
      edits: catalogEdits(kernel),
      desk,
      summaryDesk: summaryDesk(kernel, desk),
      imports: catalogImport(kernel, desk, commerce),
      collections: collectionsDesk(kernel, podcasts),
      people: peopleDesk(kernel, desk),
    };
  },
  routes: async (app, context) => {
    await app.register(catalogRoutes, context);
    await app.register(catalogDeskRoutes, context);
    await app.register(summaryDeskRoutes, context);
    await app.register(catalogImportRoutes, context);
    await app.register(collectionsDeskRoutes, context);
    await app.register(peopleDeskRoutes, context);
  },
  jobs: (catalog, kernel, services) => [
    handle(publishDueJob, async (ctx) => {
      const published = await catalog.desk.publishDue(ctx, (tx, ids) =>
        Promise.all(
          ids.map((id) =>
            services.staff.audit.record(tx, { staffId: null, actor: 'schedule' }, 'catalog.book_published', 'book', id),
          ),
        ).then(() => undefined),
      );
      if (published > 0) kernel.log.info({ published }, 'scheduled titles published');
    }),
    handle(computeRelatedJob, async (ctx) => {
      const result = await relatedBooksService().compute(ctx);
      // every process's neighbours lists came from the old results
      kernel.invalidate(ctx, [tag.related]);
      kernel.log.info(result, 'related books computed');
    }),
  ],
  schedules: [{ job: publishDueJob, cron: '* * * * *' }],
  async start(_catalog, kernel) {
    // A new (or just seeded) catalogue has no precomputed related books yet.
    if (await relatedBooksService().needsComputing(kernel.root)) {
      await kernel.jobs.enqueue(kernel.root, computeRelatedJob, {}, { dedupeKey: computeRelatedJob.name });
    }
  },
});

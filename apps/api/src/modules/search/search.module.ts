import { DAY_MS } from '../../lib/clock';
import { defineModule } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { handle } from '../jobs/jobs.service';
import { searchRoutes } from './search.routes';
import { pruneSearchLogJob, refreshJob, reindexJob, searchService, type SearchService } from './search.service';
import type { IndexScope } from './indexer';

declare module '../../kernel/module' {
  interface ModuleServices {
    search: SearchService;
  }
}

/** searches older than this no longer count for the popular lists */
const SEARCH_LOG_DAYS = 90;
/** the most items one refresh job indexes (a big catalogue import is several jobs) */
const REFRESH_BATCH = 1000;

/** Search over books, summaries and episodes, with suggestions and what people search for. */
export const searchModule = defineModule({
  name: 'search',
  dependsOn: ['catalog', 'podcasts'],
  create(kernel, { catalog, podcasts }) {
    // A title the desk changed, or a channel read from its feed, is indexed again in place by a
    // job the change's own transaction enqueues: found as soon as that job commits.
    const refresh = async (ctx: Ctx, scope: IndexScope) => {
      for (const [kind, ids] of Object.entries(scope) as [keyof IndexScope, number[]][]) {
        for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
          const batch = { books: [], summaries: [], podcasts: [], [kind]: ids.slice(i, i + REFRESH_BATCH) };
          await kernel.jobs.enqueue(ctx, refreshJob, batch);
        }
      }
    };
    catalog.desk.onChanged((ctx, titles) => refresh(ctx, { ...titles, podcasts: [] }));
    podcasts.feeds.onChanged((ctx, seriesId) => refresh(ctx, { books: [], summaries: [], podcasts: [seriesId] }));
    return searchService(kernel, {
      catalog,
      podcasts,
      onLogError: (error) => kernel.onError(error, 'search query log'),
    });
  },
  routes: searchRoutes,
  jobs: (search, kernel) => [
    handle(reindexJob, async (ctx) => {
      kernel.log.info(await search.reindex(ctx), 'search index built');
    }),
    handle(refreshJob, async (ctx, scope) => {
      kernel.log.info(await search.refresh(ctx, scope), 'search index refreshed');
    }),
    handle(pruneSearchLogJob, async (ctx) => {
      kernel.log.info({ removed: await search.pruneLog(ctx, SEARCH_LOG_DAYS * DAY_MS) }, 'old search records pruned');
    }),
  ],
  schedules: [
    { job: pruneSearchLogJob, cron: '20 4 * * *' },
    // Nightly, the whole index anew: popularity moved by the day's sales and plays, refreshed
    // rows back in static-rank order, and words no document holds any more dropped.
    { job: reindexJob, cron: '40 3 * * *' },
  ],
  async start(search, kernel) {
    if (await search.needsIndexing(kernel.root)) {
      await kernel.jobs.enqueue(kernel.root, reindexJob, {}, { dedupeKey: reindexJob.name });
    }
  },
  close: (search) => search.close(),
});

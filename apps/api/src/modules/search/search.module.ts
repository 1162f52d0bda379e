import { DAY_MS } from '../../lib/clock';
import { defineModule } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { handle } from '../jobs/jobs.service';
import { searchRoutes } from './search.routes';
import { pruneSearchLogJob, reindexJob, searchService, type SearchService } from './search.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    search: SearchService;
  }
}

/** searches older than this no longer count for the popular lists */
const SEARCH_LOG_DAYS = 90;

/** Search over books, summaries and episodes, with suggestions and what people search for. */
export const searchModule = defineModule({
  name: 'search',
  dependsOn: ['catalog', 'podcasts'],
  create(kernel, { catalog, podcasts }) {
    // a title the desk changed, or a channel read from its feed, is found once the index is built again
    const reindex = (ctx: Ctx) =>
      kernel.jobs.enqueue(ctx, reindexJob, {}, { dedupeKey: reindexJob.name }).then(() => undefined);
    catalog.desk.onChanged(reindex);
    podcasts.feeds.onChanged(reindex);
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
    handle(pruneSearchLogJob, async (ctx) => {
      kernel.log.info({ removed: await search.pruneLog(ctx, SEARCH_LOG_DAYS * DAY_MS) }, 'old search records pruned');
    }),
  ],
  schedules: [{ job: pruneSearchLogJob, cron: '20 4 * * *' }],
  async start(search, kernel) {
    if (await search.needsIndexing(kernel.root)) {
      await kernel.jobs.enqueue(kernel.root, reindexJob, {}, { dedupeKey: reindexJob.name });
    }
  },
  close: (search) => search.close(),
});

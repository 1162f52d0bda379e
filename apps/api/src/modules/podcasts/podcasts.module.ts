import { z } from 'zod';
import { defineModule } from '../../kernel/module';
import { defineJob, handle } from '../jobs/jobs.service';
import { podcastFeeds, type PodcastFeeds } from './podcast-feeds.service';
import { podcastsRoutes } from './podcasts.routes';
import { podcastsService, type PodcastsService } from './podcasts.service';

export interface PodcastsSettings {
  /** the sandbox's feeds are served by the store itself: local addresses may be read */
  allowPrivateFeeds: boolean;
}

declare module '../../kernel/module' {
  interface ModuleServices {
    podcasts: PodcastsService & { feeds: PodcastFeeds };
  }
  interface ModuleSettings {
    podcasts: PodcastsSettings;
  }
}

/** Every hour, the feeds not read for an hour are read again. */
export const refreshFeedsJob = defineJob('podcasts.refresh-feeds', z.object({}).strict(), {
  maxAttempts: 1,
  long: true,
});

/** Podcast series and their episodes, and the channels added by their RSS feed. */
export const podcastsModule = defineModule({
  name: 'podcasts',
  dependsOn: [],
  create: (kernel) => ({
    ...podcastsService(kernel),
    feeds: podcastFeeds(kernel, { allowPrivate: kernel.settings.podcasts?.allowPrivateFeeds ?? false }),
  }),
  routes: podcastsRoutes,
  jobs: (podcasts, kernel) => [
    handle(refreshFeedsJob, async (ctx) => {
      const result = await podcasts.feeds.refreshDue(ctx);
      if (result.refreshed + result.failed > 0) kernel.log.info(result, 'podcast feeds refreshed');
    }),
  ],
  schedules: [{ job: refreshFeedsJob, cron: '15 * * * *' }],
});

import { defineModule } from '../../kernel/module';
import { podcastsRoutes } from './podcasts.routes';
import { podcastsService, type PodcastsService } from './podcasts.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    podcasts: PodcastsService;
  }
}

/** Podcast series and their episodes. */
export const podcastsModule = defineModule({
  name: 'podcasts',
  dependsOn: [],
  create: (kernel) => podcastsService(kernel),
  routes: podcastsRoutes,
});

import { defineModule } from '../../kernel/module';
import { analyticsRoutes } from './analytics.routes';
import { analyticsService, type AnalyticsService } from './analytics.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    analytics: AnalyticsService;
  }
}

/** Listening analytics: the podcast player's progress events, and where a member stopped. */
export const analyticsModule = defineModule({
  name: 'analytics',
  dependsOn: ['podcasts'],
  create: (_kernel, { podcasts }) => analyticsService({ podcasts }),
  routes: analyticsRoutes,
});

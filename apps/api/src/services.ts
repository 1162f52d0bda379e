import type { ApiContext } from './context';
import { catalogService } from './modules/catalog/catalog.service';
import { commerceService } from './modules/commerce/commerce.service';
import { podcastsService } from './modules/podcasts/podcasts.service';
import { searchService } from './modules/search/search.service';

/**
 * The domain services of one process, made once and shared by the routes and the worker, so
 * that each module's caches exist once and a module reaches another only through its service.
 */
export function createServices(
  context: ApiContext,
  options: { onError?: (error: unknown, what: string) => void } = {},
) {
  const podcasts = podcastsService(context);
  const commerce = commerceService(context);
  const catalog = catalogService(context, podcasts, commerce);
  const search = searchService(context, {
    catalog,
    podcasts,
    onLogError: (error) => options.onError?.(error, 'search query log'),
  });
  return { podcasts, commerce, catalog, search };
}

export type Services = ReturnType<typeof createServices>;

/** What every route plugin is registered with. */
export interface RouteContext extends ApiContext {
  services: Services;
}

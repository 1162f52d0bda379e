import type { FastifyPluginAsync } from 'fastify';
import { podcastFeedEndpoints, podcastsEndpoints as endpoints } from '@nomsan/contracts/podcasts.endpoints';
import { actorOf, requireStaff } from '../staff/staff.service';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';

export const podcastsRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const podcasts = services.podcasts;

  route(app, endpoints.podcastSeries, async (request) => ({
    data: await podcasts.series(request.ctx, request.params.id),
  }));

  route(app, endpoints.publication, async (request) => ({
    data: await podcasts.publication(request.ctx, request.params.id),
  }));

  route(app, endpoints.publications, async (request) => {
    const q = request.query;
    const page = await podcasts.publications(request.ctx, q['filter[series_id]'], {
      slug: q['filter[slug]'],
      page: q.page,
      perPage: q['page[size]'],
    });
    return { data: page };
  });

  // the back office (editors): each import is in the audit log
  route(app, podcastFeedEndpoints.feeds, async (request) => ({ data: await podcasts.feeds.list(request.ctx) }));

  route(app, podcastFeedEndpoints.addFeed, async (request) => {
    const staff = requireStaff(request);
    const imported = await podcasts.feeds.add(request.ctx, request.body.feed_url, (tx, result) =>
      services.staff.audit.record(tx, actorOf(staff), 'podcast.feed_add', 'podcast', result.series.id, {
        after: { feed_url: result.series.feed_url, created: result.created, updated: result.updated },
      }),
    );
    return { data: imported };
  });

  route(app, podcastFeedEndpoints.refreshFeed, async (request) => {
    const staff = requireStaff(request);
    const imported = await podcasts.feeds.refresh(request.ctx, request.params.id, (tx, result) =>
      services.staff.audit.record(tx, actorOf(staff), 'podcast.feed_refresh', 'podcast', result.series.id, {
        after: { created: result.created, updated: result.updated, unchanged: result.unchanged },
      }),
    );
    return { data: imported };
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { catalogDeskEndpoints as endpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { actorOf, requireStaff } from '../staff/staff.service';

/** The catalogue desk's routes (editors); every change is in the audit log, in its transaction. */
export const catalogDeskRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const desk = services.catalog.desk;
  const audited =
    (request: Parameters<typeof requireStaff>[0], action: string, objectType: string) =>
    (tx: Ctx, { id, ...change }: { id: number; before: unknown; after: unknown }) =>
      services.staff.audit.record(tx, actorOf(requireStaff(request)), action, objectType, id, change);

  route(app, endpoints.books, async (request) => {
    const { q, status, format, sort, after, limit } = request.query;
    return {
      data: await desk.books(
        request.ctx,
        { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(format ? { format } : {}) },
        sort,
        after,
        limit,
      ),
    };
  });

  route(app, endpoints.book, async (request) => ({ data: await desk.book(request.ctx, request.params.id) }));

  route(app, endpoints.createBook, async (request) => ({
    data: await desk.create(request.ctx, request.body, audited(request, 'catalog.book_create', 'book')),
  }));

  route(app, endpoints.updateBook, async (request) => ({
    data: await desk.update(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.book_update', 'book'),
    ),
  }));

  route(app, endpoints.setStatus, async (request) => ({
    data: await desk.setStatus(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.book_status', 'book'),
    ),
  }));

  route(app, endpoints.contributors, async (request) => ({
    data: await desk.contributors(request.ctx, request.query.q, request.query.limit),
  }));

  route(app, endpoints.createContributor, async (request) => ({
    data: await desk.createContributor(
      request.ctx,
      request.body,
      audited(request, 'catalog.contributor_create', 'contributor'),
    ),
  }));

  route(app, endpoints.publishers, async (request) => ({
    data: await desk.publishers(request.ctx, request.query.q, request.query.limit),
  }));

  route(app, endpoints.createPublisher, async (request) => ({
    data: await desk.createPublisher(
      request.ctx,
      request.body,
      audited(request, 'catalog.publisher_create', 'publisher'),
    ),
  }));

  route(app, endpoints.categories, async (request) => ({ data: await desk.categories(request.ctx) }));
};

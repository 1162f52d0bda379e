import type { FastifyPluginAsync } from 'fastify';
import { collectionsDeskEndpoints as endpoints } from '@nomsan/contracts/collections-desk.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { auditedBy, type requireStaff } from '../staff/staff.service';
import type { OnChange } from './collections-desk.service';

type StaffRequest = Parameters<typeof requireStaff>[0];

/** The topics and the showcase at the collections desk (editors); every change is in the audit log, in its transaction. */
export const collectionsDeskRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const desk = services.catalog.collections;
  const audited = (request: StaffRequest, action: string, objectType: 'topic' | 'showcase'): OnChange =>
    auditedBy(services.staff.audit, request, action, objectType);

  route(app, endpoints.topics, async (request) => ({ data: await desk.topics(request.ctx) }));

  route(app, endpoints.createTopic, async (request) => ({
    data: await desk.createTopic(request.ctx, request.body, audited(request, 'catalog.topic_create', 'topic')),
  }));

  route(app, endpoints.orderTopics, async (request) => ({
    data: await desk.orderTopics(request.ctx, request.body.ids, audited(request, 'catalog.topics_order', 'topic')),
  }));

  route(app, endpoints.topic, async (request) => ({ data: await desk.topic(request.ctx, request.params.id) }));

  route(app, endpoints.updateTopic, async (request) => ({
    data: await desk.updateTopic(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.topic_update', 'topic'),
    ),
  }));

  route(app, endpoints.deleteTopic, async (request) => ({
    data: await desk.deleteTopic(request.ctx, request.params.id, audited(request, 'catalog.topic_delete', 'topic')),
  }));

  route(app, endpoints.addTopicItem, async (request) => ({
    data: await desk.addItem(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.topic_item_add', 'topic'),
    ),
  }));

  route(app, endpoints.orderTopicItems, async (request) => ({
    data: await desk.orderItems(
      request.ctx,
      request.params.id,
      request.body.items,
      audited(request, 'catalog.topic_items_order', 'topic'),
    ),
  }));

  route(app, endpoints.removeTopicItem, async (request) => {
    const { id, type, item_id } = request.params;
    return {
      data: await desk.removeItem(
        request.ctx,
        id,
        { type, id: item_id },
        audited(request, 'catalog.topic_item_remove', 'topic'),
      ),
    };
  });

  route(app, endpoints.podcasts, async (request) => ({ data: await desk.podcasts(request.ctx, request.query.q) }));

  route(app, endpoints.showcase, async (request) => ({ data: await desk.showcase(request.ctx) }));

  route(app, endpoints.addToShowcase, async (request) => ({
    data: await desk.addToShowcase(
      request.ctx,
      request.body.book_id,
      audited(request, 'catalog.showcase_add', 'showcase'),
    ),
  }));

  route(app, endpoints.orderShowcase, async (request) => ({
    data: await desk.orderShowcase(
      request.ctx,
      request.body.ids,
      audited(request, 'catalog.showcase_order', 'showcase'),
    ),
  }));

  route(app, endpoints.removeFromShowcase, async (request) => ({
    data: await desk.removeFromShowcase(
      request.ctx,
      request.params.id,
      audited(request, 'catalog.showcase_remove', 'showcase'),
    ),
  }));
};

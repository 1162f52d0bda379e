import type { FastifyPluginAsync } from 'fastify';
import { peopleDeskEndpoints as endpoints } from '@nomsan/contracts/people-desk.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { auditedBy, type requireStaff } from '../staff/staff.service';
import { deskFiles } from '../uploads/uploads.service';
import type { OnChange } from './people-desk.service';

type StaffRequest = Parameters<typeof requireStaff>[0];

/** People, publishers and categories at the catalogue desk (editors); every change is in the audit log, in its transaction. */
export const peopleDeskRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const desk = services.catalog.people;
  const files = deskFiles(services);
  const audited = (
    request: StaffRequest,
    action: string,
    objectType: 'contributor' | 'publisher' | 'category',
  ): OnChange => auditedBy(services.staff.audit, request, action, objectType);

  route(app, endpoints.people, async (request) => ({
    data: await desk.people(request.ctx, request.query.q, request.query.after, request.query.limit),
  }));

  route(app, endpoints.person, async (request) => ({ data: await desk.person(request.ctx, request.params.id) }));

  route(app, endpoints.updatePerson, async (request) => ({
    data: await desk.updatePerson(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.contributor_update', 'contributor'),
    ),
  }));

  route(app, endpoints.personPhoto, async (request) => {
    const { id } = request.params;
    await desk.person(request.ctx, id); // 404 before the upload is taken
    const photo = await files.cover(request, request.body.upload_id, { kind: 'contributor', id });
    return {
      data: await desk.setPersonPhoto(
        request.ctx,
        id,
        photo,
        audited(request, 'catalog.contributor_photo', 'contributor'),
      ),
    };
  });

  route(app, endpoints.publishers, async (request) => ({
    data: await desk.publishers(request.ctx, request.query.q, request.query.after, request.query.limit),
  }));

  route(app, endpoints.publisher, async (request) => ({ data: await desk.publisher(request.ctx, request.params.id) }));

  route(app, endpoints.updatePublisher, async (request) => ({
    data: await desk.updatePublisher(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.publisher_update', 'publisher'),
    ),
  }));

  route(app, endpoints.publisherLogo, async (request) => {
    const { id } = request.params;
    await desk.publisher(request.ctx, id); // 404 before the upload is taken
    const logo = await files.cover(request, request.body.upload_id, { kind: 'publisher', id });
    return {
      data: await desk.setPublisherLogo(request.ctx, id, logo, audited(request, 'catalog.publisher_logo', 'publisher')),
    };
  });

  route(app, endpoints.categories, async (request) => ({ data: await desk.categories(request.ctx) }));

  route(app, endpoints.createCategory, async (request) => ({
    data: await desk.createCategory(
      request.ctx,
      request.body.title,
      audited(request, 'catalog.category_create', 'category'),
    ),
  }));

  route(app, endpoints.orderCategories, async (request) => ({
    data: await desk.orderCategories(
      request.ctx,
      request.body.ids,
      audited(request, 'catalog.categories_order', 'category'),
    ),
  }));

  route(app, endpoints.updateCategory, async (request) => ({
    data: await desk.renameCategory(
      request.ctx,
      request.params.id,
      request.body.title,
      audited(request, 'catalog.category_update', 'category'),
    ),
  }));
};

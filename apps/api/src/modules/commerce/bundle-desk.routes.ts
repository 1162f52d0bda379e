import type { FastifyPluginAsync } from 'fastify';
import { bundleDeskEndpoints as endpoints } from '@nomsan/contracts/bundle-desk.endpoints';
import type { DeskOffer } from '@nomsan/contracts/catalog-desk';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { auditedBy, type requireStaff } from '../staff/staff.service';
import { deskFiles } from '../uploads/uploads.service';
import type { BundleTitles } from './bundle-desk.service';
import { saveAuditedOffer } from './desk-offer';

type StaffRequest = Parameters<typeof requireStaff>[0];

/** The bundles desk (editors); every change is in the audit log, in its transaction. */
export const bundleDeskRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const desk = services.commerce.bundleDesk;
  const files = deskFiles(services);
  // a bundle's titles are the catalogue's, asked of its desk (commerce reads no catalogue table)
  const titles: BundleTitles = (ctx, kind, ids) => services.catalog.desk.titles(ctx, kind, ids);
  const audited = (request: StaffRequest, action: string) => auditedBy(services.staff.audit, request, action, 'bundle');

  route(app, endpoints.bundles, async (request) => {
    const { q, kind, active, sort, after, limit } = request.query;
    return {
      data: await desk.bundles(
        request.ctx,
        { ...(q ? { q } : {}), ...(kind ? { kind } : {}), ...(active ? { active: active === 'true' } : {}) },
        sort,
        after,
        limit,
      ),
    };
  });

  route(app, endpoints.bundle, async (request) => ({
    data: await desk.bundle(request.ctx, request.params.id, titles),
  }));

  route(app, endpoints.createBundle, async (request) => ({
    data: await desk.create(request.ctx, request.body, audited(request, 'commerce.bundle_create'), titles),
  }));

  route(app, endpoints.updateBundle, async (request) => ({
    data: await desk.update(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'commerce.bundle_update'),
      titles,
    ),
  }));

  route(app, endpoints.setBundleItems, async (request) => ({
    data: await desk.setItems(
      request.ctx,
      request.params.id,
      request.body.item_ids,
      audited(request, 'commerce.bundle_items'),
      titles,
    ),
  }));

  route(app, endpoints.setBundleActive, async (request) => ({
    data: await desk.setActive(
      request.ctx,
      request.params.id,
      request.body.active,
      audited(request, 'commerce.bundle_active'),
      titles,
    ),
  }));

  // the cover: the upload is taken (once, its sender's) and cut square by the media module, then the bundle points at it
  route(app, endpoints.setBundleCover, async (request) => {
    const { id } = request.params;
    await desk.bundle(request.ctx, id, titles);
    const cover = await files.cover(request, request.body.upload_id, { kind: 'bundle', id });
    return { data: await desk.setCover(request.ctx, id, cover, audited(request, 'commerce.bundle_cover'), titles) };
  });

  /** the bundle's terms changed (or its sale stopped) through the offers' one path, its row locked and its rule kept */
  async function saveOffer(
    request: StaffRequest & { params: { id: number } },
    terms: Omit<DeskOffer, 'format'> | null,
  ) {
    const { id } = request.params;
    await saveAuditedOffer(services, request, { objectType: 'bundle', id, format: 'bundle' }, terms, (tx) =>
      desk.guardOffer(tx, id, terms),
    );
    return { data: await desk.bundle(request.ctx, id, titles) };
  }

  route(app, endpoints.saveBundleOffer, async (request) => saveOffer(request, request.body));
  route(app, endpoints.stopBundleOffer, async (request) => saveOffer(request, null));
};

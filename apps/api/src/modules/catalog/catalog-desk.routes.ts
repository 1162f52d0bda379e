import type { FastifyPluginAsync } from 'fastify';
import { catalogDeskEndpoints as endpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { saveAuditedOffer } from '../commerce/commerce.service';
import { deskFiles } from '../uploads/uploads.service';
import { auditedBy, requireStaff } from '../staff/staff.service';

/** The catalogue desk's routes (editors); every change is in the audit log, in its transaction. */
export const catalogDeskRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const desk = services.catalog.desk;
  const files = deskFiles(services);
  const audited = (request: Parameters<typeof requireStaff>[0], action: string, objectType: string) =>
    auditedBy(services.staff.audit, request, action, objectType);

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

  route(app, endpoints.offers, async (request) => {
    await desk.book(request.ctx, request.params.id);
    return { data: await services.commerce.deskOffers(request.ctx, request.params.id) };
  });

  /** a format's terms changed (or its sale stopped), with the audit entry, in one transaction */
  async function saveOffer(
    request: Parameters<typeof requireStaff>[0] & { params: { id: number; format: 'audiobook' | 'ebook' } },
    terms: Parameters<typeof services.commerce.saveOffer>[3],
  ) {
    const { id, format } = request.params;
    const book = await desk.book(request.ctx, id);
    if (terms && !(format === 'audiobook' ? book.has_audio : book.has_ebook)) {
      throw new AppError('BUSINESS_RULE', mn.catalogDesk.offerNeedsEdition);
    }
    await saveAuditedOffer(services, request, { objectType: 'book', id, format }, terms);
    return { data: await services.commerce.deskOffers(request.ctx, id) };
  }

  route(app, endpoints.saveOffer, async (request) => saveOffer(request, request.body));
  route(app, endpoints.stopOffer, async (request) => saveOffer(request, null));

  // files: the upload is taken (once, its sender's), checked and kept by the media module, then the title points at it
  route(app, endpoints.setEbook, async (request) => {
    const staff = requireStaff(request);
    const { id } = request.params;
    await desk.book(request.ctx, id);
    let file: { name: string; pages: number } | undefined;
    if (request.body.upload_id) {
      const upload = await services.uploads.take(request.ctx, request.body.upload_id, staff.staffId, 'epub');
      const kept = await services.media.intake.ebook(id, upload.path);
      file = { name: kept.file, pages: kept.pages };
    }
    return {
      data: await desk.setEbook(
        request.ctx,
        id,
        {
          ...(file ? { file } : {}),
          ...(request.body.sample_chapters ? { sampleChapters: request.body.sample_chapters } : {}),
        },
        audited(request, 'catalog.book_ebook', 'book'),
      ),
    };
  });

  route(app, endpoints.setAudio, async (request) => {
    const { id } = request.params;
    await desk.book(request.ctx, id);
    return { data: await files.recording(request, { kind: 'book', id }, request.body, 'catalog.book_audio') };
  });

  route(app, endpoints.audioStatus, async (request) => {
    await desk.book(request.ctx, request.params.id);
    return { data: await services.media.audio.status(request.ctx, 'book', request.params.id) };
  });

  route(app, endpoints.setCover, async (request) => {
    const { id } = request.params;
    await desk.book(request.ctx, id);
    const cover = await files.cover(request, request.body.upload_id, { kind: 'book', id });
    return { data: await desk.setCover(request.ctx, id, cover, audited(request, 'catalog.book_cover', 'book')) };
  });

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

  route(app, endpoints.series, async (request) => ({
    data: await desk.series(request.ctx, request.query.q, request.query.limit),
  }));

  route(app, endpoints.createSeries, async (request) => ({
    data: await desk.createSeries(request.ctx, request.body, audited(request, 'catalog.series_create', 'series')),
  }));

  route(app, endpoints.categories, async (request) => ({ data: await desk.categories(request.ctx) }));
};

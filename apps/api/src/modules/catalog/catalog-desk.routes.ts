import type { FastifyPluginAsync } from 'fastify';
import { catalogDeskEndpoints as endpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { transaction, type Ctx } from '../../kernel/unit-of-work';
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

  route(app, endpoints.offers, async (request) => {
    await desk.book(request.ctx, request.params.id);
    return { data: await services.commerce.deskOffers(request.ctx, request.params.id) };
  });

  /** a format's terms changed (or its sale stopped), with the audit entry, in one transaction */
  async function saveOffer(
    request: Parameters<typeof requireStaff>[0] & { params: { id: number; format: 'audiobook' | 'ebook' } },
    terms: Parameters<typeof services.commerce.saveOffer>[3],
  ) {
    const staff = requireStaff(request);
    const { id, format } = request.params;
    const book = await desk.book(request.ctx, id);
    if (terms && !(format === 'audiobook' ? book.has_audio : book.has_ebook)) {
      throw new AppError('BUSINESS_RULE', mn.catalogDesk.offerNeedsEdition);
    }
    await transaction(request.ctx, async (tx) => {
      const before = await services.commerce.saveOffer(tx, id, format, terms);
      await services.staff.audit.record(
        tx,
        actorOf(staff),
        terms ? 'catalog.offer_save' : 'catalog.offer_stop',
        'book',
        id,
        {
          before,
          after: terms ? { format, ...terms } : null,
        },
      );
    });
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
    const staff = requireStaff(request);
    const { id } = request.params;
    await desk.book(request.ctx, id);
    const files: { path: string; name: string }[] = [];
    for (const uploadId of request.body.upload_ids) {
      const upload = await services.uploads.take(request.ctx, uploadId, staff.staffId, 'audio');
      files.push({ path: upload.path, name: upload.fileName });
    }
    const transcript = request.body.transcript_upload_id
      ? (await services.uploads.take(request.ctx, request.body.transcript_upload_id, staff.staffId, 'transcript')).path
      : null;
    await transaction(request.ctx, async (tx) => {
      await services.media.audio.start(tx, 'book', id, files, transcript);
      await services.staff.audit.record(tx, actorOf(staff), 'catalog.book_audio', 'book', id, {
        after: { files: files.map((f) => f.name), transcript: transcript !== null },
      });
    });
    return { data: await services.media.audio.status(request.ctx, 'book', id) };
  });

  route(app, endpoints.audioStatus, async (request) => {
    await desk.book(request.ctx, request.params.id);
    return { data: await services.media.audio.status(request.ctx, 'book', request.params.id) };
  });

  route(app, endpoints.setCover, async (request) => {
    const staff = requireStaff(request);
    const { id } = request.params;
    await desk.book(request.ctx, id);
    const upload = await services.uploads.take(request.ctx, request.body.upload_id, staff.staffId, 'cover');
    const cover = await services.media.intake.bookCover(id, upload.path);
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

  route(app, endpoints.categories, async (request) => ({ data: await desk.categories(request.ctx) }));
};

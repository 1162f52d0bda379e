import type { FastifyPluginAsync } from 'fastify';
import { catalogDeskEndpoints as endpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import type { DeskOffer } from '@nomsan/contracts/catalog-desk';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { saveAuditedOffer } from '../commerce/commerce.service';
import { deskFiles } from '../uploads/uploads.service';
import { auditedBy, type requireStaff } from '../staff/staff.service';

type StaffRequest = Parameters<typeof requireStaff>[0];

/** The summaries at the catalogue desk (editors); every change is in the audit log, in its transaction. */
export const summaryDeskRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const summaries = services.catalog.summaryDesk;
  const files = deskFiles(services);
  const audited = (request: StaffRequest, action: string) =>
    auditedBy(services.staff.audit, request, action, 'summary');

  route(app, endpoints.summaries, async (request) => {
    const { q, status, sort, after, limit } = request.query;
    return {
      data: await summaries.summaries(
        request.ctx,
        { ...(q ? { q } : {}), ...(status ? { status } : {}) },
        sort,
        after,
        limit,
      ),
    };
  });

  route(app, endpoints.summary, async (request) => ({
    data: await summaries.summary(request.ctx, request.params.id),
  }));

  route(app, endpoints.createSummary, async (request) => ({
    data: await summaries.create(request.ctx, request.body, audited(request, 'catalog.summary_create')),
  }));

  route(app, endpoints.updateSummary, async (request) => ({
    data: await summaries.update(
      request.ctx,
      request.params.id,
      request.body,
      audited(request, 'catalog.summary_update'),
    ),
  }));

  route(app, endpoints.setSummaryStatus, async (request) => ({
    data: await summaries.setStatus(
      request.ctx,
      request.params.id,
      request.body.status,
      audited(request, 'catalog.summary_status'),
    ),
  }));

  // files: the upload is taken (once, its sender's) and kept by the media module, then the summary points at it
  route(app, endpoints.setSummaryCover, async (request) => {
    const { id } = request.params;
    await summaries.summary(request.ctx, id);
    const cover = await files.cover(request, request.body.upload_id, { kind: 'summary', id });
    return { data: await summaries.setCover(request.ctx, id, cover, audited(request, 'catalog.summary_cover')) };
  });

  // the recording goes through the books' job (probed, joined, normalised, packaged), as a summary's
  route(app, endpoints.setSummaryAudio, async (request) => {
    const { id } = request.params;
    await summaries.summary(request.ctx, id);
    return {
      data: await files.recording(request, { kind: 'summary', id }, request.body, 'catalog.summary_audio'),
    };
  });

  route(app, endpoints.summaryAudioStatus, async (request) => {
    await summaries.summary(request.ctx, request.params.id);
    return { data: await services.media.audio.status(request.ctx, 'summary', request.params.id) };
  });

  const offerOf = async (ctx: Ctx, id: number) =>
    (await services.commerce.deskOffers(ctx, id, 'summary')).find((offer) => offer.format === 'summary') ?? null;

  route(app, endpoints.summaryOffer, async (request) => {
    await summaries.summary(request.ctx, request.params.id);
    return { data: await offerOf(request.ctx, request.params.id) };
  });

  /** the summary's terms changed (or its sale stopped), with the audit entry, in one transaction */
  async function saveOffer(
    request: StaffRequest & { params: { id: number } },
    terms: Omit<DeskOffer, 'format'> | null,
  ) {
    const { id } = request.params;
    await summaries.summary(request.ctx, id);
    await saveAuditedOffer(services, request, { objectType: 'summary', id, format: 'summary' }, terms);
    return { data: await offerOf(request.ctx, id) };
  }

  route(app, endpoints.saveSummaryOffer, async (request) => saveOffer(request, request.body));
  route(app, endpoints.stopSummaryOffer, async (request) => saveOffer(request, null));
};

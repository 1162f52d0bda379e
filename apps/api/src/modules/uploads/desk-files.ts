import type { FastifyRequest } from 'fastify';
import type { ModuleServices } from '../../kernel/module';
import { transaction } from '../../kernel/unit-of-work';
import { actorOf, requireStaff } from '../staff/staff.service';

/** what a cover is cut for: a title (2:3); a summary, a bundle, a person's photo or a publisher's logo (square) */
export interface CoverTarget {
  kind: 'book' | 'summary' | 'bundle' | 'contributor' | 'publisher';
  id: number;
}

/**
 * The back office's files as every desk takes them (titles, summaries, bundles): finished
 * uploads of the staff member who sent them, each taken once, then kept by the media module.
 * The desk then points its row at what was kept, in its own audited transaction.
 */
export function deskFiles(services: Pick<ModuleServices, 'uploads' | 'media' | 'staff'>) {
  return {
    /** a `cover` upload, cut to the pages' sizes for `target`: its key in the media store and its colour */
    async cover(request: FastifyRequest, uploadId: string, target: CoverTarget) {
      const staff = requireStaff(request);
      const upload = await services.uploads.take(request.ctx, uploadId, staff.staffId, 'cover');
      return services.media.intake.cover(target, upload.path);
    },

    /**
     * A recording's `audio` uploads in the order they play (and its transcript), handed to the
     * audio job with the audit entry `action` in one transaction; answers where the job is.
     */
    async recording(
      request: FastifyRequest,
      target: { kind: 'book' | 'summary'; id: number },
      body: { upload_ids: readonly string[]; transcript_upload_id: string | null },
      action: string,
    ) {
      const staff = requireStaff(request);
      const files: { path: string; name: string }[] = [];
      for (const uploadId of body.upload_ids) {
        const upload = await services.uploads.take(request.ctx, uploadId, staff.staffId, 'audio');
        files.push({ path: upload.path, name: upload.fileName });
      }
      const transcript = body.transcript_upload_id
        ? (await services.uploads.take(request.ctx, body.transcript_upload_id, staff.staffId, 'transcript')).path
        : null;
      await transaction(request.ctx, async (tx) => {
        await services.media.audio.start(tx, target.kind, target.id, files, transcript);
        await services.staff.audit.record(tx, actorOf(staff), action, target.kind, target.id, {
          after: { files: files.map((f) => f.name), transcript: transcript !== null },
        });
      });
      return services.media.audio.status(request.ctx, target.kind, target.id);
    },
  };
}

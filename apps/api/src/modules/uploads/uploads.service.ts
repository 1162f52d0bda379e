import { mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { mn } from '@nomsan/contracts/messages';
import type { UploadView } from '@nomsan/contracts/uploads';
import { AppError } from '../../errors';
import type { ErrorCode } from '@nomsan/contracts/messages';
import type { Kernel } from '../../kernel/module';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { isUploadKind, sniff, UPLOAD_KINDS, type UploadKind } from './sniff';
import { uploadsRepository } from './uploads.repository';

export { deskFiles, type CoverTarget } from './desk-files';

export const UPLOADS_PATH = '/api/staff/uploads';
/** the staff member a relayed request is from: set by the route, never taken from the client */
export const STAFF_ID_HEADER = 'x-nomsan-staff-id';
/** a file taken in, or never finished, is removed after this long */
const KEPT_MS = 24 * 60 * 60_000;

/** what a module takes in: the file on this machine's disk and what it is */
export interface TakenUpload {
  path: string;
  fileName: string;
  type: string;
  size: number;
}

/** an error a tus hook throws: the status and our envelope as the body */
const refusal = (status: number, code: ErrorCode, message: string) => ({
  status_code: status,
  body: JSON.stringify({ error: { code, message } }),
});

/** a file name to show: no path, no control characters, 200 characters at most */
const safeName = (name: string | null | undefined) =>
  [...(name ?? '')]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 200) || 'file';

const metadataOf = (header: string | null): Record<string, string> => {
  const pairs: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split(' ');
    if (!key) continue;
    try {
      pairs[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
    } catch {
      pairs[key] = '';
    }
  }
  return pairs;
};

/**
 * Resumable uploads for the back office (docs/uploads.md): the tus protocol through
 * `@tus/server` with its file store, so hundreds of megabytes survive a dropped phone
 * connection (the client asks where it stopped and sends the rest). Each upload is declared
 * with a kind (cover, epub, audio, transcript, onix) that bounds its size; once complete its
 * first bytes must show a type the kind allows, or it is deleted and refused. A module takes a
 * finished upload once, by id, as the staff member who sent it.
 */
export function uploadsService(kernel: Kernel, options: { directory: string }) {
  const repository = boundRepository(uploadsRepository);
  mkdirSync(options.directory, { recursive: true });
  const pathOf = (id: string) => join(options.directory, id);
  const staffOf = (request: Request) => Number(request.headers.get(STAFF_ID_HEADER));

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: options.directory }),
    relativeLocation: true,
    async maxSize(request, id) {
      // a new upload's id is made before its row: its kind is in the request's metadata
      const row = id ? await repository(kernel.root).byId(id) : undefined;
      if (row) return isUploadKind(row.kind) ? UPLOAD_KINDS[row.kind].maxBytes : 1;
      const kind = metadataOf(request.headers.get('upload-metadata')).kind;
      return isUploadKind(kind) ? UPLOAD_KINDS[kind].maxBytes : UPLOAD_KINDS.cover.maxBytes;
    },
    // another person's upload is nobody's
    async onIncomingRequest(request, id) {
      if (!id || request.method === 'POST') return;
      const row = await repository(kernel.root).byId(id);
      if (!row || row.staffId !== staffOf(request)) throw refusal(404, 'NOT_FOUND', mn.uploads.notFound);
    },
    async onUploadCreate(request, upload) {
      const { kind, filename } = upload.metadata ?? {};
      if (!isUploadKind(kind)) throw refusal(400, 'VALIDATION_ERROR', mn.uploads.kindInvalid);
      if (upload.sizeIsDeferred || upload.size === undefined)
        throw refusal(400, 'VALIDATION_ERROR', mn.uploads.sizeRequired);
      await repository(kernel.root).insert({
        id: upload.id,
        staffId: staffOf(request),
        kind,
        fileName: safeName(filename),
        size: upload.size,
      });
      return {};
    },
    async onUploadFinish(_request, upload) {
      await checkContent(upload);
      return {};
    },
  });

  /** the first bytes of a complete upload must show a type its kind allows */
  async function checkContent(upload: Upload): Promise<void> {
    const row = await repository(kernel.root).byId(upload.id);
    if (!row || !isUploadKind(row.kind)) throw refusal(404, 'NOT_FOUND', mn.uploads.notFound);
    const file = await open(pathOf(upload.id), 'r');
    const head = Buffer.alloc(4100);
    let read: number;
    try {
      ({ bytesRead: read } = await file.read(head, 0, head.length, 0));
    } finally {
      await file.close();
    }
    const type = sniff(head.subarray(0, read));
    const allowed: readonly string[] = UPLOAD_KINDS[row.kind].types;
    if (!allowed.includes(type)) {
      await forget(upload.id);
      throw refusal(422, 'BUSINESS_RULE', mn.uploads.typeRefused(mn.uploads.kinds[row.kind]));
    }
    await repository(kernel.root).finish(upload.id, type, kernel.clock.now());
  }

  /** the sender's finished upload of `kind`, not taken yet (else the refusal that says why) */
  async function finished(ctx: Ctx, id: string, staffId: number, kind: UploadKind): Promise<TakenUpload> {
    const row = await repository(ctx).byId(id);
    if (!row || row.staffId !== staffId) throw new AppError('NOT_FOUND', mn.uploads.notFound);
    if (row.kind !== kind)
      throw new AppError('VALIDATION_ERROR', mn.uploads.wrongKind, { upload_id: mn.uploads.wrongKind });
    if (!row.finishedAt || !row.sniffedType) throw new AppError('CONFLICT', mn.uploads.notFinished);
    if (row.takenAt) throw new AppError('CONFLICT', mn.uploads.taken);
    return { path: pathOf(id), fileName: row.fileName, type: row.sniffedType, size: row.size };
  }

  async function forget(id: string): Promise<void> {
    await rm(pathOf(id), { force: true });
    await rm(`${pathOf(id)}.json`, { force: true });
    await repository(kernel.root).remove(id);
  }

  return {
    /** answers a tus request (the route has set who sent it) */
    handle: (request: Request) => tus.handleWeb(request),

    /**
     * A finished upload of `kind` by `staffId`, taken once: its file stays on disk until the
     * daily prune (a module copies what it keeps into the media store).
     */
    async take(ctx: Ctx, id: string, staffId: number, kind: UploadKind): Promise<TakenUpload> {
      const upload = await finished(ctx, id, staffId, kind);
      if (!(await repository(ctx).take(id, kernel.clock.now()))) throw new AppError('CONFLICT', mn.uploads.taken);
      return upload;
    },

    /** A finished upload not taken yet, read without taking it (a catalogue import's dry run). */
    peek: (ctx: Ctx, id: string, staffId: number, kind: UploadKind): Promise<TakenUpload> =>
      finished(ctx, id, staffId, kind),

    /** the staff member's latest uploads */
    async recent(ctx: Ctx, staffId: number): Promise<UploadView[]> {
      return (await repository(ctx).recent(staffId, 50)).map((row) => ({
        id: row.id,
        kind: row.kind as UploadKind,
        file_name: row.fileName,
        size: row.size,
        type: row.sniffedType,
        status: row.takenAt ? 'taken' : row.finishedAt ? 'ready' : 'uploading',
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** the day's clean-up: files taken in, or left unfinished, a day ago */
    async prune(ctx: Ctx): Promise<number> {
      const stale = await repository(ctx).stale(new Date(kernel.clock.now().getTime() - KEPT_MS));
      for (const { id } of stale) await forget(id);
      return stale.length;
    },
  };
}

export type UploadsService = ReturnType<typeof uploadsService>;

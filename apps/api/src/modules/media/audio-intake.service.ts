import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { DeskAudioStatus } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { defineJob, NoRetry } from '../jobs/jobs.service';
import { AudioUnreadable, chaptersOf, normalise, probe, sourceNameOf, type AudioChapter } from './audio-ingest';
import type { MediaSettings } from './media.service';
import { mediaRepository, type MediaItemType } from './media.repository';

/** one recording in: its title, its files in order (already taken from the uploads) and a transcript */
const ingestPayload = z
  .object({
    type: z.enum(['book', 'summary'] satisfies MediaItemType[]),
    id: z.number().int(),
    files: z
      .array(z.object({ path: z.string(), name: z.string() }))
      .min(1)
      .max(300),
    transcript: z.string().nullable(),
  })
  .strict();
type IngestPayload = z.infer<typeof ingestPayload>;

export const ingestAudioJob = defineJob(
  'media.ingest-audio',
  // a job queued before summaries had recordings named only its book (`bookId`)
  z.preprocess(
    (value) =>
      value && typeof value === 'object' && 'bookId' in value
        ? (({ bookId, ...rest }) => ({ ...rest, type: 'book', id: bookId }))(value as { bookId: unknown })
        : value,
    ingestPayload,
  ),
  // a recording that fails says why on the page; the editor sends it again
  { maxAttempts: 1, long: true },
);
type ItemType = MediaItemType;

/** what the catalogue does with a recording made: the book's audio edition and chapters, or the summary's recording */
export type SetAudio = (
  ctx: Ctx,
  type: ItemType,
  id: number,
  audio: { audioFile: string; durationSeconds: number; sampleSeconds: number; chapters: AudioChapter[] },
) => Promise<void>;

/**
 * Recordings into the store (docs/catalog-desk.md): a job probes the files, joins them in order
 * normalised for loudness into one source (MEDIA_SOURCE_DIR), gives the title its audio
 * edition and chapters, then packages it (encrypted DASH/HLS and the preview); each step's
 * progress is kept for the back office's page.
 */
export function audioIntake(
  kernel: Kernel,
  settings: Pick<MediaSettings, 'sourceDir'>,
  deps: {
    queuePackaging: (ctx: Ctx, type: ItemType, id: number, source: string) => Promise<boolean>;
    setAudio: () => SetAudio;
  },
) {
  const repository = boundRepository(mediaRepository);
  const now = () => kernel.clock.now();

  return {
    /** queues a recording for a book or a summary (a new one replaces one on its way) */
    async start(
      ctx: Ctx,
      type: ItemType,
      id: number,
      files: { path: string; name: string }[],
      transcript: string | null,
    ) {
      await transaction(ctx, async (tx) => {
        await repository(tx).startIngest(
          type,
          id,
          files.map((f) => f.name),
          now(),
        );
        await kernel.jobs.enqueue(tx, ingestAudioJob, { type, id, files, transcript });
      });
    },

    /** the job's work */
    async run(ctx: Ctx, payload: IngestPayload): Promise<void> {
      const { type, id } = payload;
      const step = (status: 'probing' | 'normalizing' | 'packaging', progress: number) =>
        repository(ctx).updateIngest(type, id, { status, progress, error: null, updatedAt: now() });
      try {
        await step('probing', 0);
        const probed = [];
        for (const [index, file] of payload.files.entries()) {
          probed.push(await probe(file.path, file.name));
          await step('probing', Math.floor(((index + 1) / payload.files.length) * 100));
        }
        await step('normalizing', 0);
        const audioFile = sourceNameOf(type, id, now());
        await normalise(probed, join(settings.sourceDir, audioFile), (percent) => step('normalizing', percent));
        if (payload.transcript) {
          await copyFile(payload.transcript, join(settings.sourceDir, audioFile.replace(/\.m4a$/, '.transcript.txt')));
        }
        const durationSeconds = Math.round(probed.reduce((sum, file) => sum + file.durationSeconds, 0));
        await deps.setAudio()(ctx, type, id, {
          audioFile,
          durationSeconds,
          // a tenth of the book, at least half a minute, at most five
          sampleSeconds: Math.min(300, Math.max(30, Math.round(durationSeconds / 10))),
          chapters: chaptersOf(probed, `1`),
        });
        // the packaging job takes it from here; its progress is the asset's
        await transaction(ctx, async (tx) => {
          await repository(tx).updateIngest(type, id, { status: 'packaging', progress: 0, updatedAt: now() });
          await deps.queuePackaging(tx, type, id, audioFile);
        });
      } catch (error) {
        const message =
          error instanceof AudioUnreadable ? mn.audioIngest.unreadable(error.file) : mn.audioIngest.failed;
        await repository(ctx).updateIngest(type, id, { status: 'failed', error: message, updatedAt: now() });
        if (!(error instanceof AudioUnreadable)) kernel.onError(error, `recording of ${type} ${id} failed`);
        throw new NoRetry(message);
      }
    },

    /** where a title's recording is: the intake's step and the packaging's */
    async status(ctx: Ctx, type: ItemType, id: number): Promise<DeskAudioStatus> {
      const [ingest, asset] = await Promise.all([repository(ctx).ingest(type, id), repository(ctx).asset(type, id)]);
      // once handed to packaging, the asset says how far it is (and whether it failed)
      const packaged = !ingest || ingest.status === 'packaging' ? asset : undefined;
      const status =
        packaged?.status === 'ready' ? 'ready' : packaged?.status === 'failed' ? 'failed' : (ingest?.status ?? 'none');
      return {
        status,
        progress: status === 'ready' ? 100 : packaged ? packaged.progress : (ingest?.progress ?? 0),
        files: ingest?.files ?? [],
        error: ingest?.error ?? (status === 'failed' ? mn.audioIngest.failed : null),
        duration_seconds: asset?.durationSeconds ? Math.round(asset.durationSeconds) : null,
        chapters: asset?.chapters.length ?? 0,
        updated_at: (ingest?.updatedAt ?? asset?.updatedAt ?? null)?.toISOString() ?? null,
      };
    },
  };
}

export type AudioIntake = ReturnType<typeof audioIntake>;

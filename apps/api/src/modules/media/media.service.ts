import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import type { PackagingStatus, PlaybackSession, Playlist, PlaylistChapter } from '@nomsan/contracts/media';
import type { Kernel } from '../../kernel/module';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { AppError, notFound } from '../../errors';
import type { CatalogService, MediaSource } from '../catalog/catalog.service';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import { defineJob, NoRetry } from '../jobs/jobs.service';
import { KEY_URI_PLACEHOLDER, packageAudio } from './media.packager';
import { kidToBase64Url, mediaKeys, newTitleKey, sessionTag, type LicenceClaim } from './media.keys';
import { mediaRepository, type AssetRow, type MediaItemType } from './media.repository';
import type { MediaStorage } from './media.storage';
import { ffmpegPath } from './media.tools';
import { alignSentences, sentencesOf, silencesOf, type TimedSentence } from './media.transcript';

export const packageJob = defineJob(
  'media.package',
  z.object({ type: z.enum(['book', 'summary']), id: z.number().int().positive() }).strict(),
  { maxAttempts: 3, long: true },
);

export interface MediaSettings {
  /** wraps title keys, signs licence tokens; the same in every process of a deployment */
  secret: string;
  storage: MediaStorage;
  /** where source recordings are (a title's `audioFile` is a name in it) */
  sourceDir: string;
  /**
   * where e-books' EPUB files are (a title's `epubFile` is a name in it): private, never under
   * the public media folder; the demo's are also read from its fixtures
   */
  ebookDir: string;
  /** where mezzanines are kept between packaging runs */
  workDir: string;
  /** how many of the most popular titles to package when a process starts (0: none) */
  packageAhead: number;
}

/** a packaging that has not moved for this long is taken as lost (its worker died) */
const STUCK_AFTER_MS = 10 * 60_000;

/** how long a device may listen offline before it must renew its lease online */
export const OFFLINE_LEASE_DAYS = 7;

/** how long a licence token lets its session ask for a key */
export const LICENCE_TTL_SECONDS = 300;

/** the session a playback or licence request is made with */
export interface Listener {
  sessionId: string | number;
  userId: number;
}

const refused = (message: string) => new AppError('FORBIDDEN', message);
const formatOf = (type: MediaItemType) => (type === 'book' ? ('audiobook' as const) : ('summary' as const));
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The title's chapters laid on its packaged length: a catalogue's nominal chapter times are
 * clamped into the recording, and the last chapter ends where the audio does.
 */
export function chaptersOn(
  chapters: MediaSource['chapters'],
  duration: number | null,
  title: string,
): PlaylistChapter[] {
  if (duration === null) {
    return chapters.map((c) => ({
      position: c.position,
      title: c.title,
      start_seconds: c.startSeconds,
      duration_seconds: c.durationSeconds,
    }));
  }
  const starts = chapters
    .map((c) => Math.min(c.startSeconds, duration))
    .filter((s, i, all) => i === 0 || s > all[i - 1]!);
  const list =
    starts.length > 0
      ? chapters.slice(0, starts.length)
      : [{ position: 1, title, startSeconds: 0, durationSeconds: 0 }];
  return list.map((c, i) => {
    const start = i === 0 ? 0 : starts[i]!;
    const end = i + 1 < list.length ? starts[i + 1]! : duration;
    return {
      position: c.position,
      title: c.title,
      start_seconds: round2(start),
      duration_seconds: round2(end - start),
    };
  });
}

/**
 * Media (ARCHITECTURE.md section 6, ADR 022): a title's audio is packaged once by a job into
 * CENC DASH, AES-128 HLS and a clear preview, with a key of its own; an entitled session gets
 * a short-lived licence token bound to it, everyone else the preview.
 */
export function mediaService(
  context: Kernel,
  deps: { catalog: CatalogService; entitlements: EntitlementsService },
  settings: MediaSettings,
) {
  const repository = boundRepository(mediaRepository);
  const keys = mediaKeys(settings.secret);
  const now = () => context.clock.now();

  async function sourceOf(ctx: Ctx, type: MediaItemType, id: number): Promise<MediaSource & { audioFile: string }> {
    const source = await deps.catalog.mediaSource(ctx, type, id);
    if (!source?.audioFile) throw notFound(mn.media.noAudio);
    return source as MediaSource & { audioFile: string };
  }

  /** the title's packaged asset; asks for packaging (once) when there is none from this source */
  async function assetOf(ctx: Ctx, type: MediaItemType, id: number, source: string): Promise<AssetRow | undefined> {
    const asset = await repository(ctx).asset(type, id);
    if (asset && asset.source === source && asset.status !== 'failed') return asset;
    if (asset?.status === 'queued' || asset?.status === 'packaging') {
      if (now().getTime() - asset.updatedAt.getTime() < STUCK_AFTER_MS) return asset;
    }
    await queuePackaging(ctx, type, id, source);
    return repository(ctx).asset(type, id);
  }

  /** asks the worker to package a title, once however many ask at the same time */
  async function queuePackaging(
    ctx: Ctx,
    type: MediaItemType,
    id: number,
    source: string,
    options: { background?: boolean } = {},
  ): Promise<boolean> {
    const at = now();
    if (!(await repository(ctx).queue(type, id, source, at, new Date(at.getTime() - STUCK_AFTER_MS)))) return false;
    await context.jobs.enqueue(
      ctx,
      packageJob,
      { type, id },
      { dedupeKey: `media.package:${type}:${id}`, background: options.background },
    );
    return true;
  }

  const statusOf = (asset: AssetRow | undefined): PackagingStatus => asset?.status ?? 'none';

  /** a token's claim, once it is shown to be this session's, unexpired and still entitled */
  async function claimOf(ctx: Ctx, token: string, listener: Listener | null): Promise<LicenceClaim> {
    const claim = keys.verify(token);
    if (!claim) throw refused(mn.media.licenceInvalid);
    if (claim.exp * 1000 <= now().getTime()) throw refused(mn.media.licenceExpired);
    if (!listener || sessionTag(listener.sessionId) !== claim.sid) throw refused(mn.media.licenceOtherSession);
    const access = await deps.entitlements.canAccess(
      ctx,
      listener.userId,
      { type: claim.type, id: claim.id },
      formatOf(claim.type),
    );
    if (!access.allowed) throw refused(mn.media.notEntitled);
    return claim;
  }

  async function titleKey(ctx: Ctx, claim: LicenceClaim): Promise<Buffer> {
    const row = await repository(ctx).key(claim.type, claim.id);
    if (!row || row.kid !== claim.kid) throw refused(mn.media.licenceInvalid);
    return keys.unwrap(row.wrappedKey);
  }

  /** a recording's file, among the store's sources (MEDIA_SOURCE_DIR) */
  const sourcePath = (file: string) => join(settings.sourceDir, file);

  /** the recording's sentences timed on its pauses, from the transcript beside it (if any) */
  async function transcriptOf(recording: string, duration: number): Promise<TimedSentence[] | null> {
    const sidecar = recording.replace(/\.[^./]+$/, '') + '.transcript.txt';
    if (!existsSync(sidecar)) return null;
    const sentences = sentencesOf(await readFile(sidecar, 'utf8'));
    return alignSentences(sentences, await silencesOf(ffmpegPath(), recording), duration);
  }

  const urlOf = (asset: AssetRow, path: string) => settings.storage.urlOf(`${asset.storagePrefix}/${path}`);

  const service = {
    /** chapters, lengths and the preview of a title's audio; packaging is asked for when missing */
    async playlist(ctx: Ctx, type: MediaItemType, id: number): Promise<Playlist> {
      const source = await sourceOf(ctx, type, id);
      const asset = await assetOf(ctx, type, id, source.audioFile);
      const ready = asset?.status === 'ready';
      return {
        item_type: type,
        item_id: id,
        title: source.title,
        duration_seconds: ready ? round2(asset.durationSeconds!) : null,
        preview_seconds: ready ? round2(asset.previewSeconds!) : null,
        chapters: ready ? asset.chapters.map(toChapter) : chaptersOn(source.chapters, null, source.title),
        status: statusOf(asset),
        progress: asset?.progress ?? 0,
      };
    },

    /**
     * What a player loads: for a session entitled to the title, the encrypted manifests and a
     * licence token bound to the session; for anyone else, the clear preview.
     */
    async playback(ctx: Ctx, type: MediaItemType, id: number, listener: Listener | null): Promise<PlaybackSession> {
      const source = await sourceOf(ctx, type, id);
      const [asset, access] = await Promise.all([
        assetOf(ctx, type, id, source.audioFile),
        listener
          ? deps.entitlements.canAccess(ctx, listener.userId, { type, id }, formatOf(type))
          : Promise.resolve({ allowed: false as const }),
      ]);
      const full = access.allowed;
      const base = {
        item_type: type,
        item_id: id,
        access: full ? ('full' as const) : ('preview' as const),
        status: statusOf(asset),
        progress: asset?.progress ?? 0,
      };
      if (asset?.status !== 'ready') {
        return {
          ...base,
          dash_url: null,
          hls_url: null,
          licence: null,
          duration_seconds: null,
          preview_seconds: null,
          chapters: chaptersOn(source.chapters, null, source.title),
          transcript: null,
        };
      }
      const common = {
        ...base,
        duration_seconds: round2(asset.durationSeconds!),
        preview_seconds: round2(asset.previewSeconds!),
        chapters: asset.chapters.map(toChapter),
      };
      if (!full || !listener) {
        const previewEnd = asset.previewSeconds!;
        return {
          ...common,
          dash_url: urlOf(asset, 'preview/manifest.mpd'),
          hls_url: urlOf(asset, 'preview/audio.m3u8'),
          licence: null,
          // the preview's sentences only: the rest of the text is what is sold
          transcript:
            asset.transcript
              ?.filter((s) => s.start < previewEnd)
              .map((s) => ({ ...s, end: Math.min(s.end, round2(previewEnd)) })) ?? null,
        };
      }
      const key = await repository(ctx).key(type, id);
      if (!key) throw new AppError('UNAVAILABLE');
      // a licence never outlives the access (a rental ending in the next minutes)
      const until = access.allowed ? access.until : null;
      const exp = Math.min(
        Math.floor(now().getTime() / 1000) + LICENCE_TTL_SECONDS,
        until ? Math.floor(until.getTime() / 1000) : Number.MAX_SAFE_INTEGER,
      );
      const token = keys.sign({ sid: sessionTag(listener.sessionId), type, id, kid: key.kid, exp });
      return {
        ...common,
        dash_url: urlOf(asset, 'full/manifest.mpd'),
        hls_url: `/v5/drm/hls/playlist.m3u8?token=${encodeURIComponent(token)}`,
        transcript: asset.transcript ?? null,
        access_until: until?.toISOString() ?? null,
        licence: {
          url: '/v5/drm/licence',
          token,
          key_ids: [kidToBase64Url(key.kid)],
          expires_at: new Date(exp * 1000).toISOString(),
        },
      };
    },

    /**
     * A title's key for a device to listen offline until the lease ends (an entitled member
     * only; the app renews it when online). ClearKey: the key is the member's to extract, as
     * with every licence (ADR 022); the lease bounds how long an app honours it.
     */
    async offlineLease(ctx: Ctx, type: MediaItemType, id: number, listener: Listener) {
      // refusals first, and without a write: not entitled, or nothing packaged to keep yet
      const access = await deps.entitlements.canAccess(ctx, listener.userId, { type, id }, formatOf(type));
      if (!access.allowed) throw refused(mn.media.notEntitled);
      const [asset, row] = await Promise.all([repository(ctx).asset(type, id), repository(ctx).key(type, id)]);
      if (asset?.status !== 'ready' || !row) throw new AppError('CONFLICT', mn.media.notReady);
      const session = await service.playback(ctx, type, id, listener);
      const leaseEnd = now().getTime() + OFFLINE_LEASE_DAYS * 86_400_000;
      // a rental or a subscription ending sooner ends the lease with it
      const ends = access.until ? Math.min(leaseEnd, access.until.getTime()) : leaseEnd;
      return {
        item_type: type,
        item_id: id,
        keys: { [kidToBase64Url(row.kid)]: keys.unwrap(row.wrappedKey).toString('base64url') },
        expires_at: new Date(ends).toISOString(),
        session,
      };
    },

    /** the ClearKey licence: the title key, for the asked key ids that are this token's */
    async licence(ctx: Ctx, token: string, kids: string[], listener: Listener | null) {
      const claim = await claimOf(ctx, token, listener);
      const kid = kidToBase64Url(claim.kid);
      if (!kids.includes(kid)) throw refused(mn.media.licenceWrongKey);
      const key = await titleKey(ctx, claim);
      return { keys: [{ kty: 'oct' as const, kid, k: key.toString('base64url') }], type: 'temporary' as const };
    },

    /** the AES-128 HLS playlist of a token's title, its key URI bound to the same token */
    async hlsPlaylist(ctx: Ctx, token: string, listener: Listener | null): Promise<string> {
      const claim = await claimOf(ctx, token, listener);
      const asset = await repository(ctx).asset(claim.type, claim.id);
      if (asset?.status !== 'ready') throw notFound(mn.media.noAudio);
      const stored = await settings.storage.read(`${asset.storagePrefix}/hls/audio.m3u8`);
      if (!stored) throw notFound(mn.media.noAudio);
      const keyUri = `/v5/drm/hls/key?token=${encodeURIComponent(token)}`;
      return stored
        .toString('utf8')
        .split('\n')
        .map((line) => {
          if (line.startsWith('#EXT-X-KEY')) return line.replace(`URI="${KEY_URI_PLACEHOLDER}"`, `URI="${keyUri}"`);
          if (line && !line.startsWith('#')) return urlOf(asset, `hls/${line.trim()}`);
          return line;
        })
        .join('\n');
    },

    hlsKey: async (ctx: Ctx, token: string, listener: Listener | null): Promise<Buffer> =>
      titleKey(ctx, await claimOf(ctx, token, listener)),

    /** asks the worker to package a title from `source` now (a new recording from the back office) */
    queuePackaging: (ctx: Ctx, type: MediaItemType, id: number, source: string) =>
      queuePackaging(ctx, type, id, source),

    /** the `media.package` job: packages a title from its current source and publishes it */
    async packageTitle(ctx: Ctx, type: MediaItemType, id: number): Promise<void> {
      // a draft's recording is packaged too: it is ready when the title is published
      const source = await deps.catalog.mediaSource(ctx, type, id, true);
      if (!source?.audioFile) throw new NoRetry(`${type} ${id} has no audio`);
      const repo = repository(ctx);
      const previous = await repo.asset(type, id);
      await repo.update(type, id, { status: 'packaging', progress: 5, source: source.audioFile, updatedAt: now() });
      try {
        const fresh = newTitleKey();
        const key = await repo.keepKey({
          itemType: type,
          itemId: id,
          kid: fresh.kid,
          wrappedKey: keys.wrap(fresh.key),
        });
        const packaged = await packageAudio({
          source: sourcePath(source.audioFile),
          workDir: settings.workDir,
          key: { kid: key.kid, key: keys.unwrap(key.wrappedKey) },
          previewSeconds: source.sampleSeconds ?? 300,
          onProgress: (progress) => repo.update(type, id, { progress, updatedAt: now() }),
        });
        // a new prefix each time: a CDN never serves an old segment under a new manifest
        const prefix = `packaged/${type}-${id}/${now().getTime().toString(36)}${randomBytes(3).toString('hex')}`;
        try {
          await settings.storage.putDirectory(prefix, packaged.dir);
        } finally {
          await rm(packaged.dir, { recursive: true, force: true });
        }
        const transcript = await transcriptOf(sourcePath(source.audioFile), packaged.durationSeconds);
        await repo.update(type, id, {
          status: 'ready',
          transcript,
          progress: 100,
          durationSeconds: packaged.durationSeconds,
          previewSeconds: packaged.previewSeconds,
          chapters: chaptersOn(source.chapters, packaged.durationSeconds, source.title).map((c) => ({
            position: c.position,
            title: c.title,
            startSeconds: c.start_seconds,
            durationSeconds: c.duration_seconds,
          })),
          storagePrefix: prefix,
          error: null,
          packagedAt: now(),
          updatedAt: now(),
        });
        if (previous?.storagePrefix && previous.storagePrefix !== prefix) {
          await settings.storage.remove(previous.storagePrefix).catch(() => undefined);
        }
      } catch (error) {
        await repo.update(type, id, {
          status: 'failed',
          error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
          updatedAt: now(),
        });
        throw error;
      }
    },

    /** queues packaging of the most popular titles not packaged yet */
    async packageAhead(ctx: Ctx, limit: number): Promise<number> {
      if (limit <= 0) return 0;
      let queued = 0;
      // (the titles come with their recordings: no catalogue read per title at start-up)
      for (const title of await deps.catalog.audioTitles(ctx, limit)) {
        // ahead of anyone asking: background work, after every job someone waits for
        if (await queuePackaging(ctx, title.kind, title.id, title.audioFile, { background: true })) queued += 1;
      }
      return queued;
    },
  };
  return service;
}

const toChapter = (c: {
  position: number;
  title: string;
  startSeconds: number;
  durationSeconds: number;
}): PlaylistChapter => ({
  position: c.position,
  title: c.title,
  start_seconds: c.startSeconds,
  duration_seconds: c.durationSeconds,
});

export type MediaService = ReturnType<typeof mediaService>;

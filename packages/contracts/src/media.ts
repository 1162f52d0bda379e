import { z } from 'zod';
import { envelope } from './http';

/**
 * Audio as the players receive it: a title's playlist (chapters, lengths, the free preview)
 * for everyone, and a playback session (manifests and, for an entitled session, the licence)
 * per member (ARCHITECTURE.md section 6, ADR 022).
 */

export const packagingStatus = z.enum(['none', 'queued', 'packaging', 'ready', 'failed']);
export type PackagingStatus = z.infer<typeof packagingStatus>;

export const playlistChapter = z.object({
  position: z.number().int(),
  title: z.string(),
  /** seconds from the start of the title's audio */
  start_seconds: z.number(),
  duration_seconds: z.number(),
});
export type PlaylistChapter = z.infer<typeof playlistChapter>;

export const playlist = z.object({
  item_type: z.enum(['book', 'summary']),
  item_id: z.number().int(),
  title: z.string(),
  /** the packaged audio's own length (null until it is packaged) */
  duration_seconds: z.number().nullable(),
  /** the free preview's length: the first seconds, playable by everyone */
  preview_seconds: z.number().nullable(),
  chapters: z.array(playlistChapter),
  status: packagingStatus,
  /** percent, while packaging */
  progress: z.number().int(),
});
export type Playlist = z.infer<typeof playlist>;
export const playlistResponse = envelope(playlist);

/** one sentence of what the recording says, with when it is said (read-along) */
export const transcriptSentence = z.object({ start: z.number(), end: z.number(), text: z.string() });

export const playbackSession = z.object({
  item_type: z.enum(['book', 'summary']),
  item_id: z.number().int(),
  /** `full`: the whole title (encrypted, with a licence); `preview`: the free first minutes */
  access: z.enum(['full', 'preview']),
  status: packagingStatus,
  progress: z.number().int(),
  /** DASH manifest (CENC for `full`, clear for `preview`); null until packaged */
  dash_url: z.string().nullable(),
  /** HLS for Safari: AES-128 for `full` (keys from the HLS key endpoint), clear for `preview` */
  hls_url: z.string().nullable(),
  /** the ClearKey licence: where to ask, with which short-lived token bound to this session */
  licence: z
    .object({
      url: z.string(),
      token: z.string(),
      key_ids: z.array(z.string()),
      expires_at: z.string(),
    })
    .nullable(),
  duration_seconds: z.number().nullable(),
  preview_seconds: z.number().nullable(),
  chapters: z.array(playlistChapter),
  /** the sentences and their times, when the recording has a transcript (the preview's part of it for a preview) */
  transcript: z.array(transcriptSentence).nullable(),
  /** when the full access ends (a rental, a subscription): the player stops there; null: for good or a preview */
  access_until: z.string().nullable().optional(),
});
export type TranscriptSentence = z.infer<typeof transcriptSentence>;
export type PlaybackSession = z.infer<typeof playbackSession>;
export const playbackResponse = envelope(playbackSession);

/** W3C ClearKey licence request (EME): the key ids, base64url */
export const clearKeyRequest = z.object({
  kids: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{22}$/))
    .min(1)
    .max(4),
  type: z.enum(['temporary', 'persistent-license']).default('temporary'),
});
/** W3C ClearKey licence: a JSON Web Key set */
export const clearKeyResponse = z.object({
  keys: z.array(z.object({ kty: z.literal('oct'), kid: z.string(), k: z.string() })),
  type: z.enum(['temporary', 'persistent-license']),
});
export const licenceHeaders = z.looseObject({ 'x-licence-token': z.string().min(20).max(1_000) });
export const tokenQuery = z.object({ token: z.string().min(20).max(1_000) });

/** a title kept on the device for listening offline: its key, for a limited time */
export const offlineLeaseRequest = z.strictObject({
  item_type: z.enum(['book', 'summary']),
  item_id: z.number().int().min(1).max(2_147_483_647),
});
export const offlineLease = z.object({
  item_type: z.enum(['book', 'summary']),
  item_id: z.number().int(),
  /** ClearKey keys by key id (base64url both), what the player is configured with offline */
  keys: z.record(z.string(), z.string()),
  /** the device must not play the title after this moment without renewing the lease online */
  expires_at: z.string(),
  /** the playback session to open offline (its manifest and segments are what to keep) */
  session: playbackSession,
});
export type OfflineLease = z.infer<typeof offlineLease>;
export const offlineLeaseResponse = envelope(offlineLease);

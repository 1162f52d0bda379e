import { z } from 'zod';
import { CRLF, MAX_EVENTS_PER_UPLOAD, PODCAST_PROGRESS_EVENT } from './analytics-events';
import { envelope, MAX_ID } from './http';
import { mn } from './messages';

/**
 * Listening analytics (spec section 7, "Podcast progress"): the podcast player buffers a progress
 * event a minute while it plays and posts them as one multipart file field named `file`, one
 * JSON object a line, each line ending in CRLF.
 */

/** far more than 500 lines take (a line is about 200 bytes) */
export const MAX_EVENTS_FILE_BYTES = 256 * 1024;
/** a week of audio: no episode is longer */
const MAX_POSITION_SECONDS = 7 * 24 * 60 * 60;
/** unix seconds from 2000-01-01 to 2100-01-01: a `t` in milliseconds is refused, not misread */
const T_MIN = 946_684_800;
const T_MAX = 4_102_444_800;

/** an opaque client token (a browser session id, a device uuid): letters, digits and `._:-` */
const token = (min: number) =>
  z
    .string()
    .min(min)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]*$/, { error: mn.validation.badFormat });

/**
 * One line of the file, the spec's field names: `id` the publication (episode), `s` the
 * browser session (sessionStorage `session`), `d` the device (localStorage `device_uuid`), `did`
 * empty in the spec's client, `u` the member or null, `progress` the position in seconds, `t`
 * when (unix seconds), `e` the event's name.
 */
export const progressEvent = z.strictObject({
  id: z.number().int().min(1).max(MAX_ID),
  s: token(1),
  d: token(1),
  did: token(0),
  u: z.number().int().min(1).max(MAX_ID).nullable(),
  progress: z.number().min(0).max(MAX_POSITION_SECONDS),
  t: z.number().int().min(T_MIN).max(T_MAX),
  e: z.enum([PODCAST_PROGRESS_EVENT]),
});
/** the same as analytics-events.ts's `ProgressEventLine` (tested), which the web formats without zod */
export type ProgressEvent = z.infer<typeof progressEvent>;

const lineText = (line: number) => String(line);

/**
 * The `file` part, parsed line by line: every line must be one event ending in CRLF. A misfit is
 * reported at `file.<line>` (1-based) or `file.<line>.<field>`, and refuses the whole file.
 */
export const eventsFile = z
  .string()
  .max(MAX_EVENTS_FILE_BYTES)
  .meta({
    format: 'binary',
    description: `One JSON object a line, each line ending in CRLF (\\r\\n), at most ${MAX_EVENTS_PER_UPLOAD} lines; each line is \`x-line-schema\`.`,
    'x-line-schema': z.toJSONSchema(progressEvent, { target: 'openapi-3.0' }),
  })
  .transform((text, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', message, path, input: text });
    if (text.length === 0) {
      issue([], mn.analytics.emptyFile);
      return z.NEVER;
    }
    if (!text.endsWith(CRLF)) {
      issue([], mn.analytics.lineEnding);
      return z.NEVER;
    }
    const lines = text.slice(0, -CRLF.length).split(CRLF);
    if (lines.length > MAX_EVENTS_PER_UPLOAD) {
      issue([], mn.analytics.tooManyLines(MAX_EVENTS_PER_UPLOAD));
      return z.NEVER;
    }
    const events: ProgressEvent[] = [];
    lines.forEach((line, i) => {
      const at = lineText(i + 1);
      if (/[\r\n]/.test(line)) return issue([at], mn.analytics.lineEnding);
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return issue([at], mn.analytics.notJson);
      }
      const parsed = progressEvent.safeParse(value);
      if (!parsed.success) {
        for (const each of parsed.error.issues) issue([at, ...each.path.map(String)], each.message);
        return;
      }
      events.push(parsed.data);
    });
    return events;
  });

export const analyticsEventsBody = z.strictObject({ file: eventsFile });
export type AnalyticsEventsBody = z.input<typeof analyticsEventsBody>;

export const analyticsEventsResponse = envelope(
  z.object({
    /** lines in the file */
    received: z.number().int(),
    /** lines kept: not a repeat of one already kept (same device, publication and `t`) */
    stored: z.number().int(),
  }),
);

/** Publication ids: `12`, or a list `12,13,14` (a series' page), at most 50. */
export const MAX_PROGRESS_IDS = 50;
const ID_LIST = new RegExp(`^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${MAX_PROGRESS_IDS - 1}}$`);
export const podcastProgressQuery = z.object({
  publication_id: z
    .string()
    .regex(ID_LIST, { error: mn.validation.invalidId })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(z.number().max(MAX_ID, { error: mn.validation.idTooLarge }))),
});

/** Where the member stopped in an episode: the latest progress event from any of their devices. */
export const podcastProgress = z.object({
  publication_id: z.number().int(),
  /** seconds into the episode */
  progress: z.number(),
  /** when, unix seconds */
  t: z.number().int(),
});
export type PodcastProgress = z.infer<typeof podcastProgress>;
export const podcastProgressResponse = envelope(z.array(podcastProgress));

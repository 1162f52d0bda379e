/**
 * The podcast progress file's plain parts (no schemas), for the web's player: it formats the file
 * without loading zod. The schemas that read it are in analytics.ts.
 */

export const PODCAST_PROGRESS_EVENT = 'podcast_episode.progress';
export const CRLF = '\r\n';
/** lines one upload may carry: a player buffering one a minute sends five at a time */
export const MAX_EVENTS_PER_UPLOAD = 500;

/** One line of the file (spec: progress event line); analytics.ts's `progressEvent` parses it. */
export interface ProgressEventLine {
  /** the publication (episode) */
  id: number;
  /** the browser session (sessionStorage `session`) */
  s: string;
  /** the device (localStorage `device_uuid`) */
  d: string;
  /** empty in the spec's client */
  did: string;
  /** the member, or null */
  u: number | null;
  /** seconds into the episode */
  progress: number;
  /** when, unix seconds */
  t: number;
  e: typeof PODCAST_PROGRESS_EVENT;
}

/** The file the player uploads: each event as one JSON line ending in CRLF. */
export function eventsFileText(events: readonly ProgressEventLine[]): string {
  return events.map((event) => `${JSON.stringify(event)}${CRLF}`).join('');
}

import type { DatabaseHandle } from '@nomsan/db/client';

/** What the API modules need from the process that hosts them. */
export interface ApiContext {
  db: DatabaseHandle;
  /** public origin of the store, e.g. https://nomsan.mn; used for absolute links */
  publicBaseUrl: string;
  /** where covers and media are served from (a CDN in production), without trailing slash */
  mediaBaseUrl: string;
}

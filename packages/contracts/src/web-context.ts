import type { ApiClient } from './client';

/** Configuration the browser may see: an explicit allow-list chosen by the server. */
export interface PublicConfig {
  supportPhone: string;
  supportEmail: string;
  publicBaseUrl: string;
  mediaBaseUrl: string;
}

/** What the server hands every web loader and action during server rendering. */
export interface WebLoadContext {
  api: ApiClient;
  config: PublicConfig;
  /** the request's CSP nonce, put on every script the page renders */
  cspNonce: string;
  requestId: string;
  /** the server's log line for a failure while loading or rendering (the request's own logger) */
  logError: (error: unknown, what: string) => void;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The header the web role puts on the API calls it makes while rendering a page. The visitor's
 * page request is counted by the rate limit once; the calls its loaders make on its behalf are
 * not counted again (a page makes several). The value is derived from COOKIE_SECRET, which every
 * process of one deployment shares, so a separate web role proves itself to the API the same
 * way, and a visitor who does not know the secret cannot claim it.
 */
export const INTERNAL_CALL_HEADER = 'x-nomsan-internal';

export function internalCallToken(secret: string): string {
  return createHmac('sha256', secret).update('nomsan internal call').digest('base64url');
}

/** Whether the request carries this deployment's internal-call token. */
export function isInternalCall(request: FastifyRequest, token: string): boolean {
  const presented = request.headers[INTERNAL_CALL_HEADER];
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

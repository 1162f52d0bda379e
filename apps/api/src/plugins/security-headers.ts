import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isSecureRequest } from '../lib/scheme';

declare module 'fastify' {
  interface FastifyRequest {
    /** the browser reached us over HTTPS (lib/scheme.ts): Secure cookies, HSTS */
    viaHttps: boolean;
  }
}

/**
 * Powerful features no page of the store uses are off, for it and anything it embeds; playback
 * (autoplay, encrypted media for the audio keys, fullscreen, picture-in-picture) stays ours.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'autoplay=(self)',
  'encrypted-media=(self)',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
].join(', ');

/** Six months; browsers ignore the header over plain HTTP, so it is only sent over HTTPS. */
const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The headers helmet sends for these options, worked out once. They depend on nothing in the
 * request (the Content-Security-Policy, which does, is csp.ts's), yet running helmet's
 * middlewares on every response, each header through Node's validation, took 6 % of the CPU
 * of a cached answer.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middlewares are synchronous; one that was not would leave headers unset
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Sends helmet's headers and the Permissions-Policy on every response, and HSTS on those the
 * browser reached over HTTPS.
 */
export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>, publicBaseUrl: string): void {
  // helmet's HSTS would go out over plain HTTP too: ours is sent per request, below
  const { 'strict-transport-security': _hsts, ...fixed } = helmetHeaders(options);
  const headers = { ...fixed, 'permissions-policy': PERMISSIONS_POLICY };
  app.decorateRequest('viaHttps', {
    getter() {
      return isSecureRequest(this, publicBaseUrl);
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.viaHttps) reply.header('strict-transport-security', HSTS);
    done();
  });
}

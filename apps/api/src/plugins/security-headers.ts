import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** Sends helmet's headers on every response. */
export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

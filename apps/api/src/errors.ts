import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { mn, type ErrorCode } from '@nomsan/contracts/messages';

const statusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  BUSINESS_RULE: 422,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  INVALID_CREDENTIALS: 401,
  CSRF_REJECTED: 403,
  OTP_INVALID: 422,
  EXPECTATION_FAILED: 417,
};

/**
 * A failure the user is told about: a machine code, its HTTP status and a Mongolian message
 * (the code's default text unless a more precise one is given).
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** for RATE_LIMITED: seconds until a retry may succeed (the Retry-After header) */
  retryAfterS?: number;
  constructor(
    readonly code: ErrorCode,
    message: string = mn.errors[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOf[code];
  }
}

export const statusOfCode = (code: ErrorCode): number => statusOf[code];

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);

/** Fastify's own error codes that are the caller's fault, mapped to ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  // a path segment longer than any id or slug: no such page
  FST_ERR_MAX_PARAM_LENGTH: 'NOT_FOUND',
};

interface Envelope {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/**
 * Input a service was handed, parsed with its schema: what does not fit is a 400 naming each
 * field with its Mongolian message (for calls that come from no route: scripts, jobs, flows).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
  throw new AppError('VALIDATION_ERROR', undefined, fields);
}

/** The envelope of an error code with its default message. */
export function envelopeOf(code: ErrorCode): Envelope {
  return { error: { code, message: mn.errors[code] } };
}

export function toEnvelope(error: unknown): { status: number; body: Envelope } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
      fields[path] ??= issue.message ?? mn.errors.VALIDATION_ERROR;
    }
    return { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: mn.errors.VALIDATION_ERROR, fields } } };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const mapped = fastifyError?.code ? fastifyCodes[fastifyError.code] : undefined;
  if (mapped) return { status: statusOf[mapped], body: envelopeOf(mapped) };
  if (error instanceof SyntaxError) return { status: 400, body: envelopeOf('INVALID_JSON') };
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404
        ? 'NOT_FOUND'
        : status === 429
          ? 'RATE_LIMITED'
          : status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : 'BAD_REQUEST';
    return { status, body: envelopeOf(code) };
  }
  return { status: 500, body: envelopeOf('INTERNAL') };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What a browser shows when a page request is refused before the web app renders (over the rate
 * limit, an unreadable address): the message and a way home, in a document of its own.
 */
export function errorPageHtml(status: number, message: string): string {
  const title = `${escapeHtml(mn.errorPage.title)} | ${escapeHtml(mn.brand.name)}`;
  return `<!doctype html><html lang="mn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${ERROR_PAGE_STYLE}</style></head><body><main><p class="code">${escapeHtml(mn.errorPage.status)}: ${status}</p><h1>${escapeHtml(mn.errorPage.title)}</h1><p>${escapeHtml(message)}</p><a href="/">${escapeHtml(mn.errorPage.home)}</a></main></body></html>`;
}

/** The store's look in a few lines (the brand colour, its type), without the app's style sheet. */
const ERROR_PAGE_STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}' +
  'main{max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center}' +
  'h1{font-size:1.75rem;margin:.5rem 0 0}p{color:#475569;line-height:1.5}.code{font-size:.875rem;font-weight:600}' +
  'a{display:inline-block;margin-top:1.5rem;padding:.7rem 1.5rem;border-radius:999px;background:#0061ff;color:#fff;' +
  'font-weight:600;text-decoration:none}a:hover{background:#0747cc}';

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApiPath(request.url) &&
  /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * One error handler for the whole app: the envelope out (a plain page for a browser's page
 * request), the details only in the log.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (error instanceof AppError && error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request rejected');
    reply.status(status);
    if (wantsPage(request)) {
      return reply.type('text/html; charset=utf-8').send(errorPageHtml(status, body.error.message));
    }
    return reply.send(body);
  });
}

export const apiPrefixes = ['/api', '/v4', '/v5', '/v6', '/account/api'] as const;

/** Whether a canonical request URL (see lib/request-target.ts) is the JSON API's. */
export function isApiPath(url: string): boolean {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  return apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Unknown API paths answer 404 in the envelope instead of falling through to the web app. */
export function registerApiNotFound(app: FastifyInstance): void {
  for (const prefix of apiPrefixes) {
    for (const url of [prefix, `${prefix}/*`]) {
      app.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        url,
        schema: { hide: true },
        handler: async () => {
          throw notFound();
        },
      });
    }
  }
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  INVALID_CREDENTIALS: 401,
  CSRF_REJECTED: 403,
  OTP_INVALID: 422,
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
};

interface Envelope {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
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
  if (mapped) return { status: statusOf[mapped], body: { error: { code: mapped, message: mn.errors[mapped] } } };
  if (error instanceof SyntaxError) {
    return { status: 400, body: { error: { code: 'INVALID_JSON', message: mn.errors.INVALID_JSON } } };
  }
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
    return { status, body: { error: { code, message: mn.errors[code] } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: mn.errors.INTERNAL } } };
}

/** One error handler for the whole app: the envelope out, the details only in the log. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toEnvelope(error);
    if (error instanceof AppError && error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, 'request rejected');
    return reply.status(status).send(body);
  });
}

export const apiPrefixes = ['/api', '/v4', '/v5', '/v6', '/account/api'] as const;

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

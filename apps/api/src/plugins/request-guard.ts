import { STATUS_CODES, type IncomingMessage, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorCode } from '@nomsan/contracts/messages';
import { AppError, envelopeOf, statusOfCode, toEnvelope } from '../errors';
import { canonicalTarget } from '../lib/request-target';

/** Requests whose target could not be made canonical, refused by the first hook. */
const refused = new WeakSet<IncomingMessage>();

/** What Node's HTTP parser reports for a request it could not read, and how we answer it. */
function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/**
 * Server options that put every request through one canonical target before routing, and answer
 * what Fastify and Node refuse on their own (a URL the router cannot decode, a parameter over
 * the length limit, a request line or headers Node cannot parse) in the envelope too.
 */
export function requestGuardOptions(): Pick<
  FastifyServerOptions,
  'rewriteUrl' | 'frameworkErrors' | 'clientErrorHandler'
> & { http: ServerOptions } {
  return {
    // Node would answer a missing Host with an empty 400 of its own; we answer it (rewriteUrl).
    http: { requireHostHeader: false },
    rewriteUrl(req) {
      const raw = req.url ?? '/';
      const target = canonicalTarget(raw);
      // HTTP/1.1 requires a Host (RFC 9112 section 3.2); without one the request is refused
      const hostless = req.httpVersion === '1.1' && !req.headers.host;
      if (target.ok && !hostless) return target.url;
      refused.add(req);
      return '/';
    },
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const { status, body } = toEnvelope(error);
      void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
    },
    // (Fastify calls it with the instance as `this`)
    clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
      // a connection the client reset has nobody to answer
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const code = clientErrorCode(error);
      const status = statusOfCode(code);
      this.log.warn({ code, reason: error.code }, 'unreadable request');
      if (socket.writable) {
        const body = JSON.stringify(envelopeOf(code));
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
            `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
            `Connection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  };
}

/** A JSON string escape for NUL, which no PostgreSQL text can hold (`\u0000`). */
const JSON_NUL = /\\u0000/i;

/**
 * The first hook of every request: a target refused by `rewriteUrl` answers 400 here. JSON
 * bodies are parsed as Fastify does (prototype keys refused), and refused too when they would
 * put a NUL into text.
 */
export function installRequestGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(refused.has(request.raw) ? new AppError('BAD_REQUEST') : undefined);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (JSON_NUL.test(text)) done(new AppError('VALIDATION_ERROR'), undefined);
    else parseJson(request, text, done);
  });
}

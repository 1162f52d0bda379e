import { STATUS_CODES, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorCode } from '@nomsan/contracts/messages';
import { AppError, envelopeOf, statusOfCode, toEnvelope } from '../errors';
import { canonicalTarget } from '../lib/request-target';

/**
 * Requests refused before routing, and why: a target that could not be made canonical, a missing
 * or doubled Host, an `Expect` we cannot meet. The first hook answers them in the envelope.
 */
const refused = new WeakMap<IncomingMessage, ErrorCode>();

/** Methods any route of the app answers: what a CONNECT is told to use instead. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** What Node's HTTP parser reports for a request it could not read, and how we answer it. */
function clientErrorCode(error: NodeJS.ErrnoException): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'BAD_REQUEST';
}

/** How many Host header lines the request came with (Node keeps only the first). */
function hostLines(req: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') count += 1;
  return count;
}

/**
 * Writes an error envelope straight to a socket that has no response object (Node could not
 * parse the request, or it is a CONNECT), then closes it.
 */
function answerOnSocket(socket: Duplex, code: ErrorCode, headers = ''): void {
  if (socket.writable) {
    const status = statusOfCode(code);
    const body = JSON.stringify(envelopeOf(code));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * How long a client may take: to send a request's headers, to send the whole request (headers
 * and body), and to start its next request on a kept-alive connection. Only receiving is
 * bounded: a response may take as long as it needs (a long download, a slow render).
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/**
 * Headers in 10 s and a request (at most `BODY_LIMIT_BYTES`, 1 MiB by default) in 30 s are
 * generous for any real client; a connection between requests is kept 65 s, longer than the
 * 60 s a load balancer commonly keeps an idle one, so the balancer, not us, closes it first.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000 };

/**
 * Server options that put every request through one canonical target before routing, answer
 * what Fastify and Node refuse on their own (a URL the router cannot decode, a parameter over
 * the length limit, a request line or headers Node cannot parse) in the envelope too, and close
 * a connection whose request does not arrive in time (408 in the envelope).
 */
export function requestGuardOptions(
  timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS,
): Pick<
  FastifyServerOptions,
  'rewriteUrl' | 'frameworkErrors' | 'clientErrorHandler' | 'requestTimeout' | 'keepAliveTimeout'
> & { http: ServerOptions } {
  return {
    http: {
      // Node would answer a missing Host with an empty 400 of its own; we answer it (rewriteUrl).
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      // (here too, so that Node checks the headers' limit against it, not against its default)
      requestTimeout: timeouts.requestMs,
      // Node looks for late requests only this often (30 s by default): a limit of 10 s would
      // let a trickling client hold its socket for 40.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    },
    // (Fastify sets these on the server; its own defaults are no request limit and 72 s)
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    rewriteUrl(req) {
      const raw = req.url ?? '/';
      const target = canonicalTarget(raw);
      // HTTP/1.1 requires one Host (RFC 9112 section 3.2): none, or two, is refused
      const badHost = (req.httpVersion === '1.1' && !req.headers.host) || hostLines(req) > 1;
      if (target.ok && !badHost && !refused.has(req)) return target.url;
      if (!refused.has(req)) refused.set(req, 'BAD_REQUEST');
      return '/';
    },
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const { status, body } = toEnvelope(error);
      void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
    },
    // (Fastify calls it with the instance as `this`)
    clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
      // a connection the client reset has nobody to answer
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const code = clientErrorCode(error);
      this.log.warn({ code, reason: error.code }, 'unreadable request');
      answerOnSocket(socket, code);
    },
  };
}

/** A JSON string escape for NUL, which no PostgreSQL text can hold (`\u0000`). */
const JSON_NUL = /\\u0000/i;

/**
 * The first hook of every request: a request refused before routing is answered here (400 for a
 * target or Host refused by `rewriteUrl`, 417 for an `Expect` other than `100-continue`, which
 * Node would answer bare). A CONNECT, which Node hands to no route and would drop, is told 405.
 * JSON bodies are parsed as Fastify does (prototype keys refused), and refused too when they
 * would put a NUL into text.
 */
export function installRequestGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const code = refused.get(request.raw);
    done(code ? new AppError(code) : undefined);
  });
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    refused.set(req, 'EXPECTATION_FAILED');
    app.routing(req, res);
  });
  app.server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    app.log.warn({ code: 'METHOD_NOT_ALLOWED', method: req.method }, 'CONNECT refused');
    answerOnSocket(socket, 'METHOD_NOT_ALLOWED', `Allow: ${ALLOWED_METHODS}\r\n`);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (JSON_NUL.test(text)) done(new AppError('VALIDATION_ERROR'), undefined);
    else parseJson(request, text, done);
  });
}

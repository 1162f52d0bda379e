import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@nomsan/contracts/identity';
import { AppError, isApiPath } from '../../errors';
import type { SessionsService } from './sessions.service';
import { sameSecret } from './tokens';

/** The session a request is signed in with. */
export interface CurrentSession {
  id: string;
  userId: number;
  /** how the request proved it: the web's cookie, or an app's bearer token */
  via: 'cookie' | 'bearer';
  token: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `required`: 401 without a live session; `optional`: the session when there is one. Either
     * way the answer is personal: `Cache-Control: private, no-store`.
     */
    auth?: 'optional' | 'required';
  }
  interface FastifyRequest {
    /** set for routes with `config.auth`; null for a visitor */
    session: CurrentSession | null;
  }
}

/** The signed-in session of a route with `config: { auth: 'required' }`; throws 401 otherwise. */
export function requireUser(request: FastifyRequest): CurrentSession {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function credentialsOf(request: FastifyRequest): { token: string; via: CurrentSession['via'] } | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

const cookieBase = (request: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: request.viaHttps,
});

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: { token: string; csrf: string; maxAgeS: number },
): void {
  const base = { ...cookieBase(request), maxAge: cookies.maxAgeS };
  reply.setCookie(SESSION_COOKIE, cookies.token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, cookies.csrf, { ...base, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieBase(request), httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, cookieBase(request));
}

export interface SessionPluginOptions {
  sessions: SessionsService;
  /**
   * origins whose pages may send unsafe requests with the cookie: the public origin, and in
   * embedded mode the addresses the server listens on (filled in once it listens)
   */
  trustedOrigins: ReadonlySet<string>;
}

/**
 * Refuses cross-site mutations of the API (CSRF), and resolves the session of routes that ask
 * for it. Registered on the root, so every module's routes get both; see docs/accounts.md.
 *
 * An unsafe request passes when it is authenticated by a bearer token (browsers cannot add one
 * cross-site), or its Origin is trusted, or (no Origin) Sec-Fetch-Site says same-origin, or (no
 * browser headers at all) it carries no session cookie or echoes the session's CSRF token.
 */
export const sessionPlugin = fp<SessionPluginOptions>(
  async (app, options) => {
    const csrfRejected = () => new AppError('CSRF_REJECTED');

    function checkCsrf(request: FastifyRequest): void {
      if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
      const origin = request.headers.origin;
      if (origin !== undefined) {
        if (!options.trustedOrigins.has(origin)) throw csrfRejected();
        return;
      }
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined) {
        if (site !== 'same-origin' && site !== 'none') throw csrfRejected();
        return;
      }
      const cookie = request.cookies[SESSION_COOKIE];
      if (!cookie) return;
      const echoed = request.headers[CSRF_HEADER];
      if (typeof echoed !== 'string' || !sameSecret(echoed, options.sessions.csrfToken(cookie))) throw csrfRejected();
    }

    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request, reply) => {
      if (UNSAFE.has(request.method) && isApiPath(request.url)) checkCsrf(request);
      const mode = request.routeOptions.config.auth;
      if (!mode) return;
      reply.header('cache-control', 'private, no-store');
      const credentials = credentialsOf(request);
      if (credentials) {
        const session = await options.sessions.resolve(request.ctx, credentials.token);
        if (session) {
          request.session = { id: session.id, userId: session.userId, via: credentials.via, token: credentials.token };
        } else if (credentials.via === 'cookie') {
          // Revoked, expired or unknown: the browser forgets it.
          clearSessionCookies(request, reply);
        }
      }
      if (mode === 'required' && !request.session) throw new AppError('UNAUTHORIZED');
    });
  },
  { name: 'nomsan-session' },
);

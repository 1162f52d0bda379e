import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { acceptsCoding, collectTags, inProcessApi, INTERNAL_CALL_HEADER } from '@nomsan/api';
import { createApiClient, type Fetch } from '@nomsan/contracts/client';
import { SESSION_COOKIE } from '@nomsan/contracts/cookies';
import { splitAtNonce } from './gzip-splice';
import { concurrencyLimit } from './limiter';
import { OFFLINE_PAGE_PATH, offlinePage } from './offline-page';
import {
  isSharedRequest,
  isStorable,
  MAX_CACHED_BODY,
  pageCache,
  renderTags,
  type CachedPage,
  type PageCache,
} from './page-cache';
import type { PublicConfig, WebLoadContext } from '@nomsan/contracts/web-context';

/** dist/web next to the server bundle, or the repository's dist/web when running from sources */
export function webBuildDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'web'), join(here, '..', '..', '..', 'dist', 'web')];
  return candidates.find((dir) => existsSync(join(dir, 'server', 'index.js'))) ?? null;
}

export interface WebOptions {
  /** the build: `client/` (served as it is) and `server/index.js` (the renderer) */
  buildDir: string;
  /** a renderer to use instead of the build's (tests render the sources through Vite) */
  serverBuild?: ServerBuild;
  config: PublicConfig;
  /** the API's origin for a separate web role; absent means the API runs in this process */
  apiUrl: string | undefined;
  mode: 'production' | 'development';
  /** pages rendered at once; more wait in arrival order (see limiter.ts) */
  renderConcurrency: number;
  /** how long a page that is the same for everyone is served from memory; 0 turns it off */
  pageCacheTtlMs: number;
  /** marks the API calls of a render as this deployment's own (lib/internal-call.ts) */
  internalToken: string;
  /**
   * the invalidation bus (the API's lib/invalidation.ts): drops the cached pages a change
   * touched, in every process (ADR 019); absent: pages live out their TTL
   */
  invalidations?: { subscribe(listener: (tags: string[]) => void): () => void };
}

const PAGE_CACHE_MAX = 2_000;
/** how long after an invalidation a separate API process may still answer from its old caches */
const LATE_API_MS = 500;

/**
 * Serves the React Router app: built assets from dist/web/client, and every other path through
 * server rendering. Loaders reach the API through the typed client: in-process (inject) when
 * the API is mounted here, over HTTP to API_URL otherwise.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const build =
    options.serverBuild ??
    ((await import(pathToFileURL(join(options.buildDir, 'server', 'index.js')).href)) as ServerBuild);
  const handle = createRequestHandler(build, options.mode);
  // Rendering is CPU work on one thread: letting every request start at once only makes each
  // page wait behind newer ones at each of its API calls. A short first-come queue keeps the
  // slowest pages close to the average under load.
  const renders = concurrencyLimit(options.renderConcurrency);
  const cache = options.pageCacheTtlMs > 0 ? pageCache({ ttlMs: options.pageCacheTtlMs, max: PAGE_CACHE_MAX }) : null;
  if (cache && options.invalidations) {
    const unsubscribe = options.invalidations.subscribe((tags) => {
      cache.invalidate(tags);
      // A separate API process may hear of the change a moment after this one, and a page
      // rendered from its answers meanwhile would keep the old data: drop again shortly after.
      if (options.apiUrl) setTimeout(() => cache.invalidate(tags), LATE_API_MS).unref();
    });
    app.addHook('onClose', async () => unsubscribe());
  }

  await app.register(async (web) => {
    // Form posts to route actions reach React Router unparsed.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    await web.register(fastifyStatic, {
      root: join(options.buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // the build writes .br and .gz copies beside each script, style and sprite
      preCompressed: true,
      // ours below: with send's own (max-age=0), which it sets after setHeaders, every hashed
      // asset was revalidated on every page load
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(`${join('client', 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : // a new service worker reaches every tab at its next visit
              path.endsWith(`${join('client', 'sw.js')}`)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
        // the same URL answers brotli, gzip or plain bytes: shared caches must keep them apart
        res.setHeader('vary', 'accept-encoding');
      },
    });

    // what the service worker answers a page it cannot reach with (public/sw.js keeps it at install)
    web.get(OFFLINE_PAGE_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(offlinePage(reply.scriptNonce)),
    );

    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      // the visitor's page request counts against the rate limit; its API calls do not
      config: { page: true },
      handler: async (request, reply) => {
        const tags = renderTags();
        const context: WebLoadContext = {
          api: createApiClient({
            ...apiTransport(app, request, options.apiUrl, options.internalToken, tags.note),
            // the API in this process answers its public calls without a request each
            inProcess: options.apiUrl ? undefined : inProcessApi(app, request),
          }),
          config: options.config,
          cspNonce: reply.scriptNonce,
          requestId: request.id,
          logError: (error, what) => request.log.error({ err: error }, what),
        };
        // AppLoadContext is augmented to WebLoadContext inside the web app (apps/web/app/env.d.ts).
        // The render collects the cache tags of its in-process answers in its own scope (the
        // render queue may start it from another request's continuation).
        const render = () =>
          renders.run(() =>
            collectTags(tags.inProcess, () =>
              handle(toWebRequest(request, reply), context as unknown as AppLoadContext),
            ),
          );
        if (!cache || !isSharedRequest(request.method, request.headers, SESSION_COOKIE)) {
          return sendWebResponse(reply, await render());
        }
        return sendShared(cache, request.url, reply, render, tags);
      },
    });
  });
}

/**
 * A page anyone may get: from the cache, from the render under way, or rendered and stored with
 * the tags of the API answers the render used (all known once its body has been read).
 */
async function sendShared(
  cache: PageCache,
  key: string,
  reply: FastifyReply,
  render: () => Promise<Response>,
  tags: ReturnType<typeof renderTags>,
): Promise<FastifyReply> {
  const claim = cache.claim(key);
  if ('page' in claim) return sendPage(cache, reply, claim.page, 'hit');
  if ('wait' in claim) {
    const page = await claim.wait;
    return page ? sendPage(cache, reply, page, 'hit') : sendWebResponse(reply, await render());
  }
  let stored: CachedPage | null = null;
  try {
    const response = await render();
    if (!isStorable(response)) return sendWebResponse(reply, response);
    const page: CachedPage = {
      status: response.status,
      // (the length is the sent body's own: plain or compressed)
      headers: [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'content-length'),
      body: splitAtNonce(Buffer.from(await response.arrayBuffer()), reply.scriptNonce),
      expires: cache.expiresAt(),
      tags: tags.list(),
    };
    if (page.body.plainBytes <= MAX_CACHED_BODY) stored = page;
    return sendPage(cache, reply, page, 'miss');
  } finally {
    claim.fill(stored);
  }
}

function sendPage(cache: PageCache, reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss'): FastifyReply {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('x-page-cache', state);
  // the same URL answers gzip or plain bytes: shared caches must keep them apart
  reply.header('vary', 'accept-encoding');
  // Browsers all take gzip: the page was compressed when stored, and only the nonce is new.
  // Compressing it again for each response (as the compression plugin would) cost milliseconds.
  if (acceptsCoding(reply.request.headers['accept-encoding'], 'gzip')) {
    reply.header('content-encoding', 'gzip');
    return reply.send(cache.gzipFor(page, reply.scriptNonce));
  }
  return reply.send(cache.bodyFor(page, reply.scriptNonce));
}

/** How a render reaches the API; every answer goes through `noteAnswer` (its cache tags). */
function apiTransport(
  app: FastifyInstance,
  request: FastifyRequest,
  apiUrl: string | undefined,
  internalToken: string,
  noteAnswer: (response: Response) => Response,
) {
  // The browser's own Origin and Sec-Fetch-Site go with its cookie, so the API's CSRF check
  // judges a route action's API calls by the browser request that caused them.
  const forwarded: Record<string, string> = { 'x-request-id': request.id, [INTERNAL_CALL_HEADER]: internalToken };
  for (const name of ['cookie', 'authorization', 'origin', 'sec-fetch-site', 'user-agent', 'device-uuid']) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  if (apiUrl) {
    const overHttp: Fetch = (input, init) => fetch(input, init).then(noteAnswer);
    return { baseUrl: apiUrl, fetch: overHttp, headers: { ...forwarded, 'x-forwarded-for': request.ip } };
  }
  const inject: Fetch = async (input, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      headers: { ...(init?.headers as Record<string, string>) },
      remoteAddress: request.ip,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return noteAnswer(
      new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: Object.entries(res.headers).flatMap(([name, value]) =>
          value === undefined
            ? []
            : Array.isArray(value)
              ? value.map((v) => [name, v] as [string, string])
              : [[name, String(value)] as [string, string]],
        ),
      }),
    );
  };
  return { baseUrl: '', fetch: inject, headers: forwarded };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

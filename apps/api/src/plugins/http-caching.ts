import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cacheTagHeader, collectTags } from '../lib/cache-tags';
import { preferredCoding } from '../lib/content-coding';
import { repeatedAnswers } from '../lib/shared-answers';

/** Public catalogue answers: a CDN may keep them for a while, and browsers revalidate by ETag. */
const CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the answer is the same for everyone: cacheable by CDNs, with an ETag */
    publicCache?: boolean;
  }
}

/** the cache tags each request's answer was made from (lib/cache-tags.ts) */
const answerTags = new WeakMap<FastifyRequest, Set<string>>();

/**
 * A strong ETag from the body, 304 when the client already has it, and a Cache-Control that
 * lets a CDN serve it, for GET routes marked `publicCache`. Installed on the root before
 * compression, so the tag is computed on the plain body and matches whatever encoding is sent.
 * An answer the serialiser hands out again and again is sent in the body compressed once.
 *
 * Such an answer also says what it was made from in `Cache-Tag` (ADR 019): every tagged-cache
 * read and `noteTags` while the request runs adds to its set. A CDN can purge by it, and the web
 * role keeps it with a page that used the answer (apps/server/src/web.ts).
 */
export function installHttpCaching(app: FastifyInstance): void {
  // The request's set is the current one for the rest of its hooks and its handler (the way
  // @fastify/request-context does it); onSend looks it up by request, whatever context it runs in.
  app.addHook('onRequest', (request, _reply, done) => {
    const tags = new Set<string>();
    answerTags.set(request, tags);
    collectTags(tags, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.publicCache) return payload;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    // An answer that sets a cookie is somebody's: never one for a shared cache.
    if (reply.hasHeader('set-cookie')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // the serialiser's repeated answers carry their tag and compressed bodies, made once
    const shared = typeof payload === 'string' ? repeatedAnswers.get(payload) : undefined;
    const etag = shared?.etag ?? `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', CACHE_CONTROL);
    reply.header('vary', 'accept-encoding');
    reply.header('cache-tag', cacheTagHeader(answerTags.get(request) ?? []));
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      return '';
    }
    const coding = shared && preferredCoding(request.headers['accept-encoding']);
    const encoded = coding ? shared.encoded(coding) : null;
    if (!coding || !encoded) return payload;
    // the compression plugin leaves an answer that already has a Content-Encoding alone
    reply.header('content-encoding', coding);
    return encoded;
  });
}

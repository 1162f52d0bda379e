import type { FastifyPluginAsync } from 'fastify';
import { ebookEndpoints as endpoints } from '@nomsan/contracts/ebook.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';

/**
 * A resource is the publisher's markup from our origin: opened on its own (not through the
 * reader, which renders it from a blob), it runs in a sandbox with no script and loads nothing
 * but our own images, styles and fonts.
 */
const RESOURCE_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; media-src 'self'";
/** a resource does not change while a reader pages through it; private, as the session decides who gets it */
const RESOURCE_CACHE = 'private, max-age=3600';

/** The reader's e-book manifest and resources, and a summary's text: whole to an entitled session, else the sample. */
export const ebookRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const ebooks = services.media.ebooks;
  const userOf = (session: { userId: number } | null) => session?.userId ?? null;

  route(app, endpoints.bookPlaylist, async (request) => ({
    data: await ebooks.bookManifest(request.ctx, userOf(request.session), request.params.id),
  }));

  route(app, endpoints.bookResource, async (request, reply) => {
    const resource = await ebooks.bookResource(
      request.ctx,
      userOf(request.session),
      request.params.id,
      request.query.path,
    );
    return (
      reply
        .header('content-type', resource.mediaType)
        .header('cache-control', RESOURCE_CACHE)
        // another member signing in on the same browser is another answer
        .header('vary', 'cookie, authorization')
        .header('content-security-policy', RESOURCE_POLICY)
        .send(Buffer.from(resource.bytes.buffer, resource.bytes.byteOffset, resource.bytes.byteLength))
    );
  });

  route(app, endpoints.summaryPlaylist, async (request) => ({
    data: await ebooks.summaryText(request.ctx, userOf(request.session), request.params.id),
  }));
};

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { mediaEndpoints as endpoints } from '@nomsan/contracts/media.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { requireUser } from '../identity/identity.service';
import type { Listener } from './media.service';

/** the session a request is signed in with, as the media service names a listener */
const listenerOf = (request: FastifyRequest): Listener | null =>
  request.session ? { sessionId: request.session.id, userId: request.session.userId } : null;

/** Audio playlists (spec paths), playback sessions, the ClearKey licence and the HLS key. */
export const mediaRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const { media } = services;

  route(app, endpoints.bookPlaylist, async (request) => ({
    data: await media.playlist(request.ctx, 'book', request.params.id),
  }));
  route(app, endpoints.englishBookPlaylist, async (request) => ({
    data: await media.playlist(request.ctx, 'book', request.params.id),
  }));
  route(app, endpoints.summaryPlaylist, async (request) => ({
    data: await media.playlist(request.ctx, 'summary', request.params.id),
  }));
  route(app, endpoints.bookAudio, async (request) => ({
    data: await media.playback(request.ctx, 'book', request.params.id, listenerOf(request)),
  }));
  route(app, endpoints.summaryAudio, async (request) => ({
    data: await media.playback(request.ctx, 'summary', request.params.id, listenerOf(request)),
  }));
  route(app, endpoints.licence, async (request) =>
    media.licence(request.ctx, request.headers['x-licence-token'], request.body.kids, listenerOf(request)),
  );
  route(app, endpoints.offlineLease, async (request) => {
    const session = requireUser(request);
    return {
      data: await media.offlineLease(request.ctx, request.body.item_type, request.body.item_id, {
        sessionId: session.id,
        userId: session.userId,
      }),
    };
  });
  route(app, endpoints.hlsPlaylist, async (request, reply) => {
    const playlist = await media.hlsPlaylist(request.ctx, request.query.token, listenerOf(request));
    return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(playlist);
  });
  route(app, endpoints.hlsKey, async (request, reply) => {
    const key = await media.hlsKey(request.ctx, request.query.token, listenerOf(request));
    return reply.type('application/octet-stream').header('cache-control', 'private, no-store').send(key);
  });
};

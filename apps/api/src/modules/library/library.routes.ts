import type { FastifyPluginAsync } from 'fastify';
import { libraryEndpoints as endpoints } from '@nomsan/contracts/library.endpoints';
import { route } from '../../lib/endpoint-route';
import type { RouteContext } from '../../kernel/module';
import { requireUser } from '../identity/identity.service';

/** The member's places, bookmarks, highlights, listening time, wishlist and likes. */
export const libraryRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const { library } = services;
  const userOf = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  route(app, endpoints.positions, async (request) => ({
    data: await library.positions(request.ctx, userOf(request), request.query.item_type, request.query.item_id),
  }));
  route(app, endpoints.savePosition, async (request) => ({
    data: await library.savePosition(request.ctx, userOf(request), request.body),
  }));
  route(app, endpoints.recent, async (request) => ({
    data: await library.recent(request.ctx, userOf(request), request.query.limit),
  }));
  route(app, endpoints.listeningStats, async (request) => ({
    data: await library.listeningStats(request.ctx, userOf(request), request.query.days),
  }));
  route(app, endpoints.bookmarks, async (request) => ({
    data: await library.bookmarks(request.ctx, userOf(request), request.query.item_type, request.query.item_id),
  }));
  route(app, endpoints.addBookmark, async (request) => ({
    data: await library.addBookmark(request.ctx, userOf(request), request.body),
  }));
  route(app, endpoints.removeBookmark, async (request) => ({
    data: await library.remove(request.ctx, 'bookmark', userOf(request), request.params.id),
  }));
  route(app, endpoints.highlights, async (request) => ({
    data: await library.highlights(request.ctx, userOf(request), request.query.item_type, request.query.item_id),
  }));
  route(app, endpoints.addHighlight, async (request) => ({
    data: await library.addHighlight(request.ctx, userOf(request), request.body),
  }));
  route(app, endpoints.editHighlight, async (request) => ({
    data: await library.editHighlight(request.ctx, userOf(request), request.params.id, request.body),
  }));
  route(app, endpoints.wishlist, async (request) => ({
    data: await library.wishlist(request.ctx, userOf(request), request.query.page, request.query['page[size]']),
  }));
  route(app, endpoints.addToWishlist, async (request) => ({
    data: await library.addToWishlist(request.ctx, userOf(request), request.body.book_id),
  }));
  route(app, endpoints.removeFromWishlist, async (request) => ({
    data: await library.removeFromWishlist(request.ctx, userOf(request), request.params.id),
  }));
  route(app, endpoints.bookState, async (request) => ({
    data: await library.bookState(request.ctx, userOf(request), request.query.book_id),
  }));
  route(app, endpoints.like, async (request) => ({
    data: await library.like(request.ctx, userOf(request), request.body.book_id),
  }));
  route(app, endpoints.unlike, async (request) => ({
    data: await library.unlike(request.ctx, userOf(request), request.query.book_id),
  }));
  route(app, endpoints.removeHighlight, async (request) => ({
    data: await library.remove(request.ctx, 'highlight', userOf(request), request.params.id),
  }));
};

import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../kernel/module';

/** Audio playlists, DASH/HLS manifests and the ClearKey licence. */
export const mediaRoutes: FastifyPluginAsync<RouteContext> = async () => {};

import type { FastifyPluginAsync } from 'fastify';
import type { RouteContext } from '../../kernel/module';

/** E-book and summary text resources for the reader, only to entitled sessions. */
export const ebookRoutes: FastifyPluginAsync<RouteContext> = async () => {};

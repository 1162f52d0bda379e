import type * as Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@nomsan/contracts/endpoint';
import { allEndpoints } from '@nomsan/contracts/endpoints';
import { createTestApp } from '../test/app';

/** Every route the app registers, seen by an onRoute hook added as the instance is created. */
const registered = vi.hoisted(() => [] as Fastify.RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof Fastify>();
  const create = ((options?: Fastify.FastifyServerOptions) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => void registered.push(route));
    return app;
  }) as typeof fastify.default;
  return { ...fastify, default: create };
});

const definitions: readonly Endpoint[] = allEndpoints;

const t = await createTestApp();
afterAll(() => t.close());

const keyOf = (method: string, path: string) => `${method} ${path}`;
/** The API's own routes: not the ones hidden from the document (docs UI, sandbox, 404 fallbacks), not Fastify's HEAD twins. */
const routes = registered.filter((route) => !route.schema?.hide && route.method !== 'HEAD');
const routeKeys = routes.map((route) => keyOf(String(route.method), route.url));
const definitionKeys = definitions.map((endpoint) => keyOf(endpoint.method, endpoint.path));

describe('every endpoint is defined once, in packages/contracts', () => {
  it('has no method and path defined twice', () => {
    expect(new Set(definitionKeys).size).toBe(definitionKeys.length);
  });

  it('registers a route for every definition, and no route without one', () => {
    expect([...routeKeys].sort()).toEqual([...definitionKeys].sort());
  });

  it('registers each route from its definition: its schemas and the config the contract implies', () => {
    for (const endpoint of definitions) {
      const route = routes.find((r) => r.method === endpoint.method && r.url === endpoint.path);
      const schema = route?.schema as Record<string, unknown> & { response?: Record<number, unknown> };
      const where = keyOf(endpoint.method, endpoint.path);
      expect(schema.params, where).toBe(endpoint.params);
      expect(schema.querystring, where).toBe(endpoint.query);
      expect(schema.body, where).toBe(endpoint.body);
      expect(schema.response?.[200], where).toBe(typeof endpoint.response === 'string' ? undefined : endpoint.response);
      expect(route?.config?.auth, where).toBe(endpoint.auth);
      expect(route?.config?.publicCache, where).toBe(endpoint.publicCache);
    }
  });

  it('documents every definition in the OpenAPI document, with its summary and tags', async () => {
    const document = (await t.app.inject('/docs/json')).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    for (const endpoint of definitions) {
      // OpenAPI spells `:id` as `{id}`; Fastify's `::` is a literal colon
      const path = endpoint.path.replace(/::|:(\w+)/g, (_, name?: string) => (name ? `{${name}}` : ':'));
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, keyOf(endpoint.method, path)).toMatchObject({
        summary: endpoint.summary,
        tags: endpoint.tags,
      });
    }
  });
});

describe('route config from the contract', () => {
  it('answers HEAD of a publicly cached endpoint with the ETag and Cache-Control of its GET', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const head = await t.app.inject({ method: 'HEAD', url: '/api/categories' });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
  });
});

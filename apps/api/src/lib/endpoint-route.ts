import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, SchemaOf } from '@nomsan/contracts/endpoint';

/** The answers an endpoint declares, by status; none for a redirect. */
type Responses<E extends Endpoint> = E['response'] extends z.ZodType
  ? { 200: E['response'] } & (E extends { otherResponses: infer Other } ? Other : unknown)
  : undefined;

/** The route schema of an endpoint, as the types its handler's request and reply come from. */
interface RouteSchema<E extends Endpoint> extends FastifySchema {
  params: SchemaOf<E, 'params'>;
  querystring: SchemaOf<E, 'query'>;
  body: SchemaOf<E, 'body'>;
  headers: SchemaOf<E, 'headers'>;
  response: Responses<E>;
}

/** A handler of an endpoint: params, query, body and headers as its schemas parse them; the answer as its response schema takes it. */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E>,
  ZodTypeProvider
>;

/**
 * What only the server decides about a route (its log level, hooks, limits); what the contract
 * says (`auth`, `publicCache`) comes from the endpoint.
 */
export type ServerRouteOptions = Pick<RouteShorthandOptions, 'logLevel' | 'bodyLimit' | 'onRequest' | 'preHandler'> & {
  config?: Omit<FastifyContextConfig, 'auth' | 'publicCache'>;
};

/**
 * Registers the route of an endpoint defined in the contracts package: its method and path, its
 * schemas (validation, serialisation and the OpenAPI document all read them), and the route
 * config the contract implies. The handler is typed from the same schemas.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: ServerRouteOptions,
  handler: EndpointHandler<E>,
): void;
export function route(
  app: FastifyInstance,
  endpoint: Endpoint,
  ...args: [EndpointHandler<Endpoint>] | [ServerRouteOptions, EndpointHandler<Endpoint>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...options.config,
      ...(endpoint.auth ? { auth: endpoint.auth } : {}),
      ...(endpoint.publicCache ? { publicCache: true } : {}),
    },
    schema: schemaOf(endpoint),
    // typed against the endpoint's schemas by the signatures above; Fastify's generics cannot follow them here
    handler: handler as RouteHandlerMethod,
  });
}

function schemaOf(endpoint: Endpoint): FastifySchema {
  return {
    tags: endpoint.tags,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.response === 'redirect' ? {} : { response: { 200: endpoint.response, ...endpoint.otherResponses } }),
  };
}

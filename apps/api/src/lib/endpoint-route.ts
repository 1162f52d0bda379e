import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '@nomsan/contracts/client';
import { SESSION_COOKIE } from '@nomsan/contracts/cookies';
import type { Endpoint, SchemaOf } from '@nomsan/contracts/endpoint';
import { AppError, toEnvelope } from '../errors';
import { collectTags, noteTags, tag } from './cache-tags';
import { acceptMultipart, multipartBodyReader, requireMultipart } from './multipart';

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
 * says (`auth`, `staff`, `publicCache`) comes from the endpoint.
 */
export type ServerRouteOptions = Pick<RouteShorthandOptions, 'logLevel' | 'bodyLimit' | 'onRequest' | 'preHandler'> & {
  config?: Omit<FastifyContextConfig, 'auth' | 'staff' | 'publicCache'>;
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
  if (answersInProcess(endpoint, options)) inProcessRoutes(app).set(endpoint, handler as RouteHandlerMethod);
  const definition: RouteOptions = {
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...options.config,
      ...(endpoint.auth ? { auth: endpoint.auth } : {}),
      ...(endpoint.staff ? { staff: endpoint.staff } : {}),
      ...(endpoint.publicCache ? { publicCache: true } : {}),
    },
    schema: schemaOf(endpoint),
    // typed against the endpoint's schemas by the signatures above; Fastify's generics cannot follow them here
    handler: handler as RouteHandlerMethod,
  };
  if (endpoint.bodyType !== 'multipart') {
    app.route(definition);
    return;
  }
  // A scope of its own: the multipart parser serves this route and no other.
  void app.register(async (scope) => {
    await acceptMultipart(scope);
    scope.route({
      ...definition,
      preParsing: requireMultipart,
      preValidation: multipartBodyReader(options.bodyLimit ?? app.initialConfig.bodyLimit ?? DEFAULT_BODY_LIMIT),
    });
  });
}

/** Fastify's own default, for an app made without one */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

function schemaOf(endpoint: Endpoint): FastifySchema {
  return {
    ...(endpoint.bodyType === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    tags: endpoint.tags,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(typeof endpoint.response === 'string'
      ? {}
      : { response: { 200: endpoint.response, ...endpoint.otherResponses } }),
  };
}

/**
 * The public answers of this server's own endpoints, for its server-side rendering: a GET that
 * is the same for everyone (`publicCache`), with no hook of its own, is answered by calling its
 * handler with the parameters its schemas parse from the URL, without a request through
 * Fastify, JSON or a second parse of the answer. A book page makes six such calls; through
 * `inject` they cost more CPU than rendering the page. Anything else (personal answers, writes)
 * goes through the full request.
 */
export type InProcessApi = (endpoint: Endpoint, url: string) => Promise<unknown> | undefined;

const registries = new WeakMap<object, Map<Endpoint, RouteHandlerMethod>>();

/** one registry per server: an app and its encapsulated children share `app.server` */
function inProcessRoutes(app: FastifyInstance): Map<Endpoint, RouteHandlerMethod> {
  let routes = registries.get(app.server);
  if (!routes) {
    routes = new Map();
    registries.set(app.server, routes);
  }
  return routes;
}

function answersInProcess(endpoint: Endpoint, options: ServerRouteOptions): boolean {
  return (
    endpoint.method === 'GET' &&
    endpoint.publicCache === true &&
    !endpoint.auth &&
    !endpoint.staff &&
    !endpoint.path.includes('::') &&
    !options.onRequest &&
    !options.preHandler
  );
}

/**
 * In-process answers for the render of `request`. A signed-in member's render goes through full
 * requests: some public answers still note who asked (search records a member's searches).
 */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest): InProcessApi | undefined {
  if (request.headers.authorization || request.cookies?.[SESSION_COOKIE]) return undefined;
  const routes = inProcessRoutes(app);
  return (endpoint, url) => {
    const handler = routes.get(endpoint);
    if (!handler) return undefined;
    return answer(app, request, endpoint, handler, url);
  };
}

async function answer(
  app: FastifyInstance,
  outer: FastifyRequest,
  endpoint: Endpoint,
  handler: RouteHandlerMethod,
  url: string,
): Promise<unknown> {
  const tags = new Set<string>();
  try {
    const { pathname, searchParams } = new URL(url, 'http://in-process');
    const rawParams = paramsOf(endpoint.path, pathname);
    if (!rawParams) throw new AppError('NOT_FOUND');
    const request = {
      params: parsed(endpoint.params, rawParams),
      query: parsed(endpoint.query, queryOf(searchParams)),
      headers: {},
      session: null,
      ctx: outer.ctx,
      id: outer.id,
      log: outer.log,
    };
    const result = await collectTags(tags, () =>
      (handler as (request: unknown, reply: unknown) => unknown).call(app, request, noReply),
    );
    return result;
  } catch (error) {
    const { status, body } = toEnvelope(error);
    // as the error handler does for a request: a fault is logged, a refusal is not
    if (status >= 500) outer.log.error({ err: error, endpoint: endpoint.path }, 'in-process answer failed');
    throw new ApiError(status, body.error.code, body.error.message, body.error.fields);
  } finally {
    // as the Cache-Tag of an HTTP answer: an answer that names nothing depends on the catalogue
    noteTags(tags.size > 0 ? tags : [tag.catalog]);
  }
}

/** the raw path parameters of `pathname` under `template` (`/v4/books/:id`), or null */
function paramsOf(template: string, pathname: string): Record<string, string> | null {
  const want = template.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i] as string;
    const value = got[i] as string;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}

function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/** input parsed as the route's validator would: a misfit is the same 400 */
function parsed(schema: z.ZodType | undefined, input: Record<string, unknown>): unknown {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'input'] ??= issue.message;
  throw new AppError('VALIDATION_ERROR', undefined, fields);
}

/** public handlers answer with their return value; none of them touches the reply */
const noReply = new Proxy(
  {},
  {
    get() {
      throw new Error('a handler answered in-process used its reply: mark its endpoint not publicCache');
    },
  },
);

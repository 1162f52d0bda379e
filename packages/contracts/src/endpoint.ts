import type { z } from 'zod';
import type { StaffRole } from './staff';

/**
 * An HTTP endpoint of the API, written once: the API registers its route from it
 * (apps/api/src/lib/endpoint-route.ts) and the typed client calls it (client.ts). See
 * docs/decisions/018-endpoints-defined-once.md.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Fastify syntax: `:name` is a parameter, `::` a literal colon (`/v4/auth/otp::verify`) */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType<object>;
  query?: z.ZodType<object>;
  headers?: z.ZodType<object>;
  body?: z.ZodType;
  /**
   * how the body travels: JSON (the default), or `multipart` (`multipart/form-data`), where each
   * field of the body schema is one part read as UTF-8 text, a file or a plain field alike, and
   * the schema parses the parts by name (docs/decisions/024-multipart-bodies.md)
   */
  bodyType?: 'json' | 'multipart';
  /**
   * the schema of the 200 answer; `redirect` for an endpoint that sends the browser elsewhere;
   * `text` for one that answers a provider a plain word (a payment rail's callback: `SUCCESS`),
   * or bytes of their own content type (an e-book's resource)
   */
  response: z.ZodType | 'redirect' | 'text';
  /** statuses other than 200 that answer with a schema of their own rather than the error envelope */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  /**
   * `required`: 401 without a session; `optional`: the caller's session when there is one.
   * Either way the answer is personal (`Cache-Control: private, no-store`).
   */
  auth?: 'optional' | 'required';
  /**
   * a back-office route: it needs a staff session (never a member's), of a member holding one
   * of these roles (owners hold every role; an empty list: any staff member). 401 without a
   * staff session, 403 outside the roles; the answer is personal (docs/staff.md).
   */
  staff?: readonly StaffRole[];
  /** the answer is the same for everyone: a CDN may keep it, browsers revalidate by ETag */
  publicCache?: true;
}

/** The parameter names of a Fastify path: `/v5/books/:id/related` has `id`. */
export type PathParamNames<Path extends string> = Path extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}/:${infer Name}`
    ? Name
    : never;

/** A path with parameters needs a schema for each of them; a path without takes none. */
type ParamsFor<Path extends string> = [PathParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: z.ZodType<Record<PathParamNames<Path>, unknown>> };

/** An endpoint, kept with its literal method, path and exact schemas for both sides to infer from. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E & ParamsFor<E['path']>): E {
  return endpoint;
}

/** The schema an endpoint declares under `key`, or `undefined` when it declares none. */
export type SchemaOf<E extends Endpoint, Key extends 'params' | 'query' | 'headers' | 'body'> = E extends {
  [K in Key]: infer S extends z.ZodType;
}
  ? S
  : undefined;

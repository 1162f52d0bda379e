import type { z } from 'zod';
import { categoriesResponse, newsfeedTabResponse, type newsfeedTabs } from './catalog';
import { errorEnvelope } from './http';
import { mn, type ErrorCode } from './messages';

/** An API answer that was not 2xx, with the envelope's code and Mongolian message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** origin of the API, '' for same-origin requests from the browser */
  baseUrl: string;
  fetch?: Fetch;
  /** headers sent with every request (e.g. the caller's cookie during SSR) */
  headers?: Record<string, string>;
}

/**
 * The typed API client used by the web app, in the browser and during server rendering. Each
 * method parses the answer with the same schema the API serialises with.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const response = await doFetch(`${options.baseUrl}${path}`, {
      headers: { accept: 'application/json', ...options.headers },
      credentials: 'include',
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorEnvelope.safeParse(body);
      throw parsed.success
        ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
        : new ApiError(response.status, 'INTERNAL', mn.errors.INTERNAL);
    }
    return schema.parse(body);
  }

  return {
    categories: async () => (await get('/api/categories', categoriesResponse)).data,
    newsfeedTab: async (tab: (typeof newsfeedTabs)[number]) =>
      (await get(`/api/newsfeed/tabs/${tab}`, newsfeedTabResponse)).data,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

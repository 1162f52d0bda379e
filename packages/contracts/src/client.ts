import type { z } from 'zod';
import {
  bookDetailResponse,
  bookListResponse,
  bundleDetailResponse,
  bundleListResponse,
  categoriesResponse,
  newsfeedTabResponse,
  personDetailResponse,
  publisherDetailResponse,
  recommendResponse,
  relatedResponse,
  reviewsResponse,
  showcaseResponse,
  summaryDetailResponse,
  summaryListResponse,
  tagsResponse,
  topicablesResponse,
  topicResponse,
  topicsResponse,
  type newsfeedTabs,
  type recommendKinds,
  type relatedTypes,
} from './catalog';
import { errorEnvelope } from './http';
import { mn, type ErrorCode } from './messages';
import {
  popularQueriesResponse,
  searchResponse,
  suggestResponse,
  topSearchesResponse,
  type SearchSort,
  type SearchType,
} from './search';

const API_ERROR = Symbol.for('nomsan.ApiError');

/** An API answer that was not 2xx, with the envelope's code and Mongolian message. */
export class ApiError extends Error {
  readonly [API_ERROR] = true;
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether `error` is an ApiError. Not `instanceof`: the server bundle creates the client and the
 * web bundle catches its errors, and each carries its own copy of the class; the brand is a
 * registry symbol, the same in every copy.
 */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[API_ERROR] === true;
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

  async function get<S extends z.ZodType>(
    path: string,
    schema: S,
    init?: { signal?: AbortSignal },
  ): Promise<z.infer<S>> {
    const response = await doFetch(`${options.baseUrl}${path}`, {
      headers: { accept: 'application/json', ...options.headers },
      credentials: 'include',
      ...(init?.signal ? { signal: init.signal } : {}),
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

  const query = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return {
    categories: async () => (await get('/api/categories', categoriesResponse)).data,
    tags: async (take = 10) => (await get(`/api/book/tags${query({ take })}`, tagsResponse)).data,
    newsfeedTab: async (tab: (typeof newsfeedTabs)[number]) =>
      (await get(`/api/newsfeed/tabs/${tab}`, newsfeedTabResponse)).data,
    recommend: async (kind: (typeof recommendKinds)[number]) =>
      (await get(`/api/newsfeed/recommend/${kind}`, recommendResponse)).data,
    showcase: async () => (await get('/v5/books/showcase', showcaseResponse)).data,

    /** a book by id, or by its slug (`/v4/books/slug:{slug}`), old slugs included */
    book: async (idOrSlug: number | string) =>
      (
        await get(
          `/v4/books/${typeof idOrSlug === 'number' ? idOrSlug : `slug:${encodeURIComponent(idOrSlug)}`}`,
          bookDetailResponse,
        )
      ).data,
    related: async (id: number, type: (typeof relatedTypes)[number] = 'semantic', take?: number) =>
      (await get(`/v5/books/${id}/related${query({ type, take })}`, relatedResponse)).data,
    bookBundles: async (id: number) => (await get(`/v5/books/${id}/bundles`, bundleListResponse)).data,
    /** every published book, a page at a time (sitemaps, lists) */
    books: async (page = 1, pageSize = 24, sort: 'popular' | 'newest' = 'popular') =>
      (await get(`/v5/books${query({ page, 'page[size]': pageSize, sort })}`, bookListResponse)).data,
    booksInCategory: async (slug: string, page = 1, pageSize = 24, sort: 'popular' | 'newest' = 'popular') =>
      (
        await get(
          `/v5/books${query({ 'filter[category]': slug, page, 'page[size]': pageSize, sort })}`,
          bookListResponse,
        )
      ).data,

    author: async (idOrSlug: number | string) =>
      (await get(`/api/book/authors/${personKey(idOrSlug)}?include=likes_count`, personDetailResponse)).data,
    authorBooks: async (id: number, page = 1) =>
      (
        await get(
          `/api/book/authors/${id}/books${query({ include: 'likes_count', append: 'short_description', page })}`,
          bookListResponse,
        )
      ).data,
    narrator: async (idOrSlug: number | string) =>
      (await get(`/v5/narrators/${personKey(idOrSlug)}/`, personDetailResponse)).data,
    narratorBooks: async (id: number, page = 1) =>
      (await get(`/v5/narrators/${id}/books${query({ page })}`, bookListResponse)).data,
    publisher: async (idOrSlug: number | string) =>
      (await get(`/api/publishers/v3/${personKey(idOrSlug)}`, publisherDetailResponse)).data,
    publisherItems: async (id: number, page = 1) =>
      (await get(`/api/publishers/v3/${id}/items${query({ page })}`, bookListResponse)).data,

    summaries: async (page = 1) => (await get(`/v5/summary${query({ page })}`, summaryListResponse)).data,
    summary: async (idOrSlug: number | string) =>
      (await get(`/v5/summary/${personKey(idOrSlug)}`, summaryDetailResponse)).data,
    summaryBundles: async (id: number) => (await get(`/v5/summaries/${id}/bundles`, bundleListResponse)).data,
    englishBooks: async (page = 1) => (await get(`/v5/english-books${query({ page })}`, bookListResponse)).data,
    englishBook: async (idOrSlug: number | string) =>
      (await get(`/v5/english-books/${personKey(idOrSlug)}`, bookDetailResponse)).data,
    bundle: async (idOrSlug: number | string) =>
      (await get(`/v5/bundles/${personKey(idOrSlug)}`, bundleDetailResponse)).data,

    reviews: async (type: 'book' | 'summary', id: number, page = 1) =>
      (
        await get(
          `/api/reviews${query({ reviewable_type: type, reviewable_id: id, include: 'latestFiveReplies', page })}`,
          reviewsResponse,
        )
      ).data,

    topics: async () => (await get('/v5/discovery/topics', topicsResponse)).data,
    topic: async (id: number) => (await get(`/v5/discovery/topics/${id}`, topicResponse)).data,
    topicables: async (id: number, page = 1, pageSize = 20, type: 'all' | 'book' | 'summary' | 'podcast' = 'all') =>
      (
        await get(
          `/v5/discovery/topics/${id}/topicables${query({ type, page_size: pageSize, page })}`,
          topicablesResponse,
        )
      ).data,

    /** one page of search results with the count of every tab */
    search: async (params: {
      q: string;
      type?: SearchType;
      page?: number;
      pageSize?: number;
      categoryId?: number;
      sort?: SearchSort;
    }) =>
      (
        await get(
          `/v5/discovery/search${query({
            q: params.q,
            type: params.type,
            page: params.page,
            'page[size]': params.pageSize,
            category_id: params.categoryId,
            sort: params.sort,
          })}`,
          searchResponse,
        )
      ).data,
    suggest: async (q: string, init?: { signal?: AbortSignal }) =>
      (await get(`/v5/discovery/suggest${query({ q })}`, suggestResponse, init)).data,
    popularQueries: async (take = 3) =>
      (await get(`/api/search/queries${query({ sort: '-results_count', take })}`, popularQueriesResponse)).data,
    topSearches: async () => (await get('/v5/discovery/top-searches', topSearchesResponse)).data,
  };
}

/** Detail endpoints take a numeric id, or `slug:{slug}` for pages that only know the slug. */
function personKey(idOrSlug: number | string): string {
  return typeof idOrSlug === 'number' ? String(idOrSlug) : `slug:${encodeURIComponent(idOrSlug)}`;
}

export type ApiClient = ReturnType<typeof createApiClient>;

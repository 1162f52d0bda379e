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
import {
  authResponse,
  devicesResponse,
  oauthLoginResponse,
  oauthProvidersResponse,
  okResponse,
  otpSendResponse,
  otpVerifyResponse,
  passwordChangeResponse,
  socialAccountsResponse,
  userResponse,
  type LoginRequest,
  type OAuthCallbackRequest,
  type OAuthProvider,
  type OtpSendRequest,
  type OtpVerifyRequest,
  type PasswordChangeRequest,
  type ProfileUpdateRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from './identity';
import { mn, type ErrorCode } from './messages';
import { podcastSeriesResponse, publicationResponse, publicationsResponse, PUBLICATIONS_PAGE_SIZE } from './podcasts';
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
    /** which body fields were wrong (`phone`, `password`...), each with its Mongolian message */
    readonly fields: Readonly<Record<string, string>> = {},
    /** for 429: seconds until a retry may succeed (the Retry-After header) */
    readonly retryAfterS?: number,
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

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    payload?: unknown,
    headers?: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    const response = await doFetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
        ...headers,
      },
      credentials: 'include',
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      ...(signal ? { signal } : {}),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorEnvelope.safeParse(body);
      throw parsed.success
        ? new ApiError(
            response.status,
            parsed.data.error.code,
            parsed.data.error.message,
            parsed.data.error.fields,
            retryAfter(response.headers.get('retry-after')),
          )
        : new ApiError(response.status, 'INTERNAL', mn.errors.INTERNAL);
    }
    return schema.parse(body);
  }

  const get = <S extends z.ZodType>(path: string, schema: S, init?: { signal?: AbortSignal }) =>
    request('GET', path, schema, undefined, undefined, init?.signal);

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

    summaries: async (page = 1, pageSize?: number) =>
      (await get(`/v5/summary${query({ page, 'page[size]': pageSize })}`, summaryListResponse)).data,
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

    podcastSeries: async (idOrSlug: number | string) =>
      (await get(`/api/podcast_series/v3/${personKey(idOrSlug)}`, podcastSeriesResponse)).data,
    publication: async (id: number) => (await get(`/api/publications/${id}`, publicationResponse)).data,
    /** a series' episodes, newest first; `slug` narrows the page to that one episode */
    publications: async (seriesId: number, options: { page?: number; slug?: string } = {}) =>
      (
        await get(
          `/api/publications${query({
            include: 'series',
            'filter[series_id]': seriesId,
            'filter[slug]': options.slug,
            'page[size]': PUBLICATIONS_PAGE_SIZE,
            page: options.page,
          })}`,
          publicationsResponse,
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

    /** the social sign-in providers this store offers */
    oauthProviders: async () => (await get('/api/oauth/providers', oauthProvidersResponse)).data,
    // Accounts (packages/contracts/src/identity.ts; docs/accounts.md)
    sendOtp: async (body: OtpSendRequest) => (await request('POST', '/v4/auth/otp', otpSendResponse, body)).data,
    verifyOtp: async (body: OtpVerifyRequest) =>
      (await request('POST', '/v4/auth/otp:verify', otpVerifyResponse, body)).data,
    /** Device-UUID and Client-Id are required here (spec section 7) */
    register: async (body: RegisterRequest, device: { deviceUuid: string; clientId: string }) =>
      (
        await request('POST', '/v4/auth/register', authResponse, body, {
          'device-uuid': device.deviceUuid,
          'client-id': device.clientId,
        })
      ).data,
    login: async (body: LoginRequest) => (await request('POST', '/v4/auth/login', authResponse, body)).data,
    resetPassword: async (body: ResetPasswordRequest) =>
      (await request('POST', '/v4/auth/reset-password', authResponse, body)).data,
    logout: async () => (await request('POST', '/v4/auth/logout', okResponse, {})).data,
    /** where the browser navigates to sign in (or link) with a provider; not a fetch */
    oauthStartUrl: (provider: OAuthProvider, params: { intent?: 'login' | 'link'; prev?: string } = {}) =>
      `${options.baseUrl}/api/oauth/${provider}/start${query({ intent: params.intent, prev: params.prev })}`,
    /** the callback page passes on what the provider put in its query string */
    oauthLogin: async (body: OAuthCallbackRequest) =>
      (await request('POST', '/api/oauth-login/v3', oauthLoginResponse, body)).data,
    socialAccounts: async () => (await get('/api/user/v3/social-accounts', socialAccountsResponse)).data,
    linkSocialAccount: async (body: OAuthCallbackRequest) =>
      (await request('POST', '/api/user/v3/social-accounts', socialAccountsResponse, body)).data,
    unlinkSocialAccount: async (provider: OAuthProvider) =>
      (await request('DELETE', `/api/user/v3/social-accounts/${provider}`, socialAccountsResponse)).data,
    /** the signed-in user; ApiError 401 for a visitor (or a device signed out elsewhere) */
    currentUser: async (include: { likes?: boolean } = { likes: true }) =>
      (await get(`/api/user${query({ include: include.likes ? 'likes' : undefined })}`, userResponse)).data,
    updateProfile: async (body: ProfileUpdateRequest) => (await request('PATCH', '/api/user', userResponse, body)).data,
    devices: async () => (await get('/account/api/devices', devicesResponse)).data,
    revokeDevice: async (id: string) =>
      (await request('DELETE', `/account/api/devices/${encodeURIComponent(id)}`, okResponse)).data,
    changePassword: async (body: PasswordChangeRequest) =>
      (await request('POST', '/account/api/password', passwordChangeResponse, body)).data,
  };
}

/** Retry-After in seconds (the API sends seconds, never a date). */
function retryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** Detail endpoints take a numeric id, or `slug:{slug}` for pages that only know the slug. */
function personKey(idOrSlug: number | string): string {
  return typeof idOrSlug === 'number' ? String(idOrSlug) : `slug:${encodeURIComponent(idOrSlug)}`;
}

export type ApiClient = ReturnType<typeof createApiClient>;

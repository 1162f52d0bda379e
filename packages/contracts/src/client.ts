import type { z } from 'zod';
import { accountEndpoints as account } from './account.endpoints';
import { analyticsEndpoints as analytics } from './analytics.endpoints';
import { eventsFileText, type ProgressEventLine } from './analytics-events';
import { catalogEndpoints as catalog } from './catalog.endpoints';
import type { newsfeedTabs, recommendKinds, relatedTypes } from './catalog';
import type { Endpoint, SchemaOf } from './endpoint';
import { entityKeyOf, errorEnvelope, pathSegment, type EntityKey } from './http';
import { identityEndpoints as identity } from './identity.endpoints';
import type {
  LoginRequest,
  OAuthCallbackRequest,
  OAuthProvider,
  OtpSendRequest,
  OtpVerifyRequest,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from './identity';
import { mn, type ErrorCode } from './messages';
import type {
  BookPurchaseRequest,
  CreditPackPurchaseRequest,
  PayInvoiceRequest,
  PurchaseRequest,
  UpointRequest,
} from './money';
import { billingEndpoints as billing, checkoutEndpoints as checkout } from './money.endpoints';
import type { GiftRequest } from './codes';
import { codesEndpoints as codes } from './codes.endpoints';
import { ebookEndpoints as ebook } from './ebook.endpoints';
import type { BookmarkRequest, HighlightPatch, HighlightRequest, PositionRequest, TitleType } from './library';
import { libraryEndpoints as library } from './library.endpoints';
import { mediaEndpoints as media } from './media.endpoints';
import { notificationsEndpoints as notifications } from './notifications.endpoints';
import { podcastsEndpoints as podcasts } from './podcasts.endpoints';
import { PUBLICATIONS_PAGE_SIZE } from './podcasts';
import type { SearchSort, SearchType } from './search';
import { searchEndpoints as search } from './search.endpoints';
import type {
  GolomtSubscriptionRequest,
  PeriodSubscriptionRequest,
  PlanScope,
  UnitelOtpCheckRequest,
  UnitelOtpSendRequest,
  UnitelSubscriptionRequest,
} from './subscriptions';
import {
  subscribeEndpoints as subscribe,
  subscriptionEndpoints as plans,
  unitelEndpoints as unitel,
} from './subscriptions.endpoints';

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
  /**
   * Server rendering inside the API's own process: answers a call (an endpoint and its URL)
   * without a request, or returns undefined to let it go through `fetch`. Its answer is the
   * API's own, already in the response schema's shape, so it is not parsed again.
   */
  inProcess?: (endpoint: Endpoint, url: string) => Promise<unknown> | undefined;
}

/**
 * What a caller gives for path and query parameters: the values the API will have parsed (an
 * id as a number, an entity key, an enum member), optional where the API has a default. The
 * client spells them for the URL (`pathSegment`, `String`).
 */
type Values<S> = S extends z.ZodType
  ? { [K in keyof z.input<S>]: K extends keyof z.output<S> ? z.output<S>[K] : never }
  : undefined;

/** A part of a call: required when the endpoint's schema requires something, absent when it has none. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : Record<string, never> extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a call to an endpoint sends. */
export type CallInput<E extends Endpoint> = Part<'params', Values<SchemaOf<E, 'params'>>> &
  Part<'query', Values<SchemaOf<E, 'query'>>> &
  Part<'body', Input<SchemaOf<E, 'body'>>> &
  Part<'headers', Input<SchemaOf<E, 'headers'>>> & { signal?: AbortSignal };

/** The input of a call may be left out when nothing in it is required. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** An endpoint that answers JSON (not a redirect). */
interface JsonEndpoint extends Endpoint {
  response: z.ZodType;
}
type Answer<E extends JsonEndpoint> = z.output<E['response']>;

/** The address of a call: the path filled in with each parameter's segment, then the query. */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: Pick<CallInput<E>, 'params' | 'query'>): string {
  const params: Record<string, number | string | EntityKey> = input.params ?? {};
  // `::` is Fastify's literal colon (`/v4/auth/otp::verify`), `:name` a parameter
  const path = endpoint.path.replace(/::|:(\w+)/g, (_, name?: string) => {
    if (name === undefined) return ':';
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return pathSegment(value);
  });
  return `${path}${queryString(input.query ?? {})}`;
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The typed API client used by the web app, in the browser and during server rendering. Every
 * call is built from an endpoint's definition (`*.endpoints.ts`), and its answer parsed with the
 * same schema the API serialises with.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  /** Calls an endpoint; a non-2xx answer throws an ApiError with the envelope's code and message. */
  async function call<E extends JsonEndpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Answer<E>> {
    const body = input?.body;
    const signal = input?.signal;
    const url = endpointUrl(endpoint, input ?? {});
    const inProcess = body === undefined ? options.inProcess?.(endpoint, url) : undefined;
    if (inProcess) return (await inProcess) as Answer<E>;
    const multipart = endpoint.bodyType === 'multipart';
    const response = await doFetch(`${options.baseUrl}${url}`, {
      method: endpoint.method,
      headers: {
        accept: 'application/json',
        // a multipart body's type carries its boundary: fetch writes it
        ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
        // the schemas of headers take strings; loose ones type the rest as unknown
        ...(input?.headers as Record<string, string> | undefined),
      },
      credentials: 'include',
      ...(body === undefined ? {} : { body: multipart ? formOf(body) : JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorEnvelope.safeParse(answer);
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
    const schema: E['response'] = endpoint.response;
    return schema.parse(answer);
  }

  /** The `data` of an endpoint's `{ data }` answer. */
  const data = async <E extends JsonEndpoint & { response: z.ZodType<{ data: unknown }> }>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<Answer<E>['data']> => (await call(endpoint, ...args)).data;

  return {
    call,

    categories: () => data(catalog.categories),
    tags: (take = 10) => data(catalog.tags, { query: { take } }),
    newsfeedTab: (tab: (typeof newsfeedTabs)[number]) => data(catalog.newsfeedTab, { params: { tab } }),
    recommend: (kind: (typeof recommendKinds)[number]) => data(catalog.recommend, { params: { kind } }),
    showcase: () => data(catalog.showcase),

    /** a book by id, or by its slug (`/v4/books/slug:{slug}`), old slugs included */
    book: (idOrSlug: number | string) => data(catalog.book, { params: { id: entityKeyOf(idOrSlug) } }),
    related: (
      id: number,
      type: (typeof relatedTypes)[number] = 'semantic',
      take?: number,
      init?: { signal?: AbortSignal },
    ) => data(catalog.related, { params: { id }, query: { type, take }, ...init }),
    bookBundles: (id: number) => data(catalog.bookBundles, { params: { id } }),
    /** every published book, a page at a time (sitemaps, lists) */
    books: (page = 1, pageSize = 24, sort: 'popular' | 'newest' = 'popular') =>
      data(catalog.books, { query: { page, 'page[size]': pageSize, sort } }),
    /** every published book in a format, a page at a time (the full lists behind /audio and /book) */
    booksInFormat: (format: 'audiobook' | 'ebook', page = 1, pageSize = 24, sort: 'popular' | 'newest' = 'popular') =>
      data(catalog.books, { query: { 'filter[format]': format, page, 'page[size]': pageSize, sort } }),
    booksInCategory: (slug: string, page = 1, pageSize = 24, sort: 'popular' | 'newest' = 'popular') =>
      data(catalog.books, { query: { 'filter[category]': slug, page, 'page[size]': pageSize, sort } }),

    author: (idOrSlug: number | string) =>
      data(catalog.author, { params: { id: entityKeyOf(idOrSlug) }, query: { include: 'likes_count' } }),
    authorBooks: (id: number, page = 1) =>
      data(catalog.authorBooks, {
        params: { id },
        query: { include: 'likes_count', append: 'short_description', page },
      }),
    narrator: (idOrSlug: number | string) => data(catalog.narrator, { params: { id: entityKeyOf(idOrSlug) } }),
    narratorBooks: (id: number, page = 1) => data(catalog.narratorBooks, { params: { id }, query: { page } }),
    publisher: (idOrSlug: number | string) => data(catalog.publisher, { params: { id: entityKeyOf(idOrSlug) } }),
    publisherItems: (id: number, page = 1) => data(catalog.publisherItems, { params: { id }, query: { page } }),

    summaries: (page = 1, pageSize?: number) => data(catalog.summaries, { query: { page, 'page[size]': pageSize } }),
    summary: (idOrSlug: number | string) => data(catalog.summary, { params: { id: entityKeyOf(idOrSlug) } }),
    summaryBundles: (id: number) => data(catalog.summaryBundles, { params: { id } }),
    englishBooks: (page = 1) => data(catalog.englishBooks, { query: { page } }),
    englishBook: (idOrSlug: number | string) => data(catalog.englishBook, { params: { id: entityKeyOf(idOrSlug) } }),
    bundle: (idOrSlug: number | string) => data(catalog.bundle, { params: { id: entityKeyOf(idOrSlug) } }),

    reviews: (type: 'book' | 'summary', id: number, page = 1) =>
      data(catalog.reviews, {
        query: { reviewable_type: type, reviewable_id: id, include: 'latestFiveReplies', page },
      }),

    topics: () => data(catalog.topics),
    topic: (id: number) => data(catalog.topic, { params: { id } }),
    topicables: (id: number, page = 1, pageSize = 20, type: 'all' | 'book' | 'summary' | 'podcast' = 'all') =>
      data(catalog.topicables, { params: { id }, query: { type, page_size: pageSize, page } }),

    podcastSeries: (idOrSlug: number | string) =>
      data(podcasts.podcastSeries, { params: { id: entityKeyOf(idOrSlug) } }),
    publication: (id: number) => data(podcasts.publication, { params: { id } }),
    /** a series' episodes, newest first; `slug` narrows the page to that one episode */
    publications: (seriesId: number, options: { page?: number; slug?: string } = {}) =>
      data(podcasts.publications, {
        query: {
          include: 'series',
          'filter[series_id]': seriesId,
          'filter[slug]': options.slug,
          'page[size]': PUBLICATIONS_PAGE_SIZE,
          page: options.page,
        },
      }),

    /** one page of search results with the count of every tab */
    search: (params: {
      q: string;
      type?: SearchType;
      page?: number;
      pageSize?: number;
      categoryId?: number;
      sort?: SearchSort;
    }) =>
      data(search.search, {
        query: {
          q: params.q,
          type: params.type,
          page: params.page,
          'page[size]': params.pageSize,
          category_id: params.categoryId,
          sort: params.sort,
        },
      }),
    suggest: (q: string, init?: { signal?: AbortSignal }) => data(search.suggest, { query: { q }, ...init }),
    popularQueries: (take = 3) => data(search.popularQueries, { query: { sort: '-results_count', take } }),
    topSearches: () => data(search.topSearches),

    /** the social sign-in providers this store offers */
    oauthProviders: () => data(identity.oauthProviders),
    // Accounts (packages/contracts/src/identity.ts; docs/accounts.md)
    sendOtp: (body: OtpSendRequest) => data(identity.sendOtp, { body }),
    verifyOtp: (body: OtpVerifyRequest) => data(identity.verifyOtp, { body }),
    /** Device-UUID and Client-Id are required here (spec section 7) */
    register: (body: RegisterRequest, device: { deviceUuid: string; clientId: string }) =>
      data(identity.register, { body, headers: { 'device-uuid': device.deviceUuid, 'client-id': device.clientId } }),
    login: (body: LoginRequest) => data(identity.login, { body }),
    resetPassword: (body: ResetPasswordRequest) => data(identity.resetPassword, { body }),
    logout: () => data(identity.logout),
    /** where the browser navigates to sign in (or link) with a provider; not a fetch */
    oauthStartUrl: (provider: OAuthProvider, params: { intent?: 'login' | 'link'; prev?: string } = {}) =>
      `${options.baseUrl}${endpointUrl(identity.oauthStart, { params: { provider }, query: params })}`,
    /** the callback page passes on what the provider put in its query string */
    oauthLogin: (body: OAuthCallbackRequest) => data(identity.oauthLogin, { body }),
    socialAccounts: () => data(identity.socialAccounts),
    linkSocialAccount: (body: OAuthCallbackRequest) => data(identity.linkSocialAccount, { body }),
    unlinkSocialAccount: (provider: OAuthProvider) => data(identity.unlinkSocialAccount, { params: { provider } }),
    /** the signed-in user; ApiError 401 for a visitor (or a device signed out elsewhere) */
    currentUser: (include: { likes?: boolean } = { likes: true }) =>
      data(identity.currentUser, { query: { include: include.likes ? 'likes' : undefined } }),
    updateProfile: (body: ProfileUpdateRequest) => data(account.updateProfile, { body }),
    devices: () => data(account.devices),
    revokeDevice: (id: string) => data(account.revokeDevice, { params: { id } }),
    changePassword: (body: PasswordChangeRequest) => data(account.changePassword, { body }),

    // Money (packages/contracts/src/money.ts; docs/payments.md). A purchase takes the key the
    // client made once for it: sending it again (a retry, a double tap) gets the same answer.
    purchaseBook: (id: number, body: BookPurchaseRequest, idempotencyKey: string) =>
      data(checkout.purchaseBook, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } }),
    rentBook: (id: number, body: BookPurchaseRequest, idempotencyKey: string) =>
      data(checkout.rentBook, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } }),
    rentables: (group?: '1' | '4', page = 1, pageSize = 20) =>
      data(checkout.webRentables, {
        query: { ...(group ? { 'filter[group_id]': group } : {}), page, 'page[size]': pageSize },
      }),
    rentals: (page = 1, pageSize = 20) => data(checkout.rentals, { query: { page, 'page[size]': pageSize } }),
    purchaseSummary: (id: number, body: PurchaseRequest, idempotencyKey: string) =>
      data(checkout.purchaseSummary, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } }),
    purchaseBundle: (id: number, body: PurchaseRequest, idempotencyKey: string) =>
      data(checkout.purchaseBundle, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } }),
    purchaseCreditPack: (body: CreditPackPurchaseRequest, idempotencyKey: string) =>
      data(checkout.purchaseCreditPack, { body, headers: { 'idempotency-key': idempotencyKey } }),
    creditPacks: () => data(checkout.creditPacks),
    creditRentables: (page = 1, pageSize = 12) =>
      data(checkout.creditRentables, { query: { page, 'page[size]': pageSize } }),
    creditSummary: () => data(checkout.creditSummary),
    creditTransactions: (page = 1, pageSize = 20) =>
      data(checkout.creditTransactions, { query: { page, 'page[size]': pageSize } }),
    creditUnlocks: (page = 1, pageSize = 20) =>
      data(checkout.creditUnlocks, { query: { page, 'page[size]': pageSize } }),
    /** what the member holds of a title (of each title of a bundle); [] for nothing */
    holdings: (itemType: 'book' | 'summary' | 'bundle', itemId: number) =>
      data(checkout.holdings, { query: { item_type: itemType, item_id: itemId } }),
    ownedBooks: (page = 1, pageSize = 20) => data(checkout.ownedBooks, { query: { page, 'page[size]': pageSize } }),
    invoice: (id: string, init?: { signal?: AbortSignal }) => data(billing.invoice, { params: { id }, ...init }),
    payment: (id: string, init?: { signal?: AbortSignal }) => data(billing.payment, { params: { id }, ...init }),
    invoices: (page = 1, pageSize = 20) => data(billing.invoices, { query: { page, 'page[size]': pageSize } }),
    payInvoice: (body: PayInvoiceRequest, idempotencyKey: string) =>
      data(billing.payInvoice, { body, headers: { 'idempotency-key': idempotencyKey } }),
    savedCards: () => data(billing.cards),
    /** starts saving a card: the answer's next action is the bank's page */
    startCardSave: () => data(billing.saveCard),
    upointBalance: (body: UpointRequest) => data(billing.upointBalance, { body }),
    upointPay: (body: UpointRequest) => data(billing.upointPay, { body }),
    removeCard: (id: string) => data(billing.removeCard, { params: { id } }),

    // Promo codes and gift cards (packages/contracts/src/codes.ts): buying a gift is a purchase, with its key
    redeemCode: (code: string) => data(codes.redeem, { body: { code } }),
    planDiscount: (code: string) => data(codes.planDiscount, { query: { code } }),
    campaigns: () => data(codes.campaigns),
    buyGift: (body: GiftRequest, idempotencyKey: string) =>
      data(codes.buyGift, { body, headers: { 'idempotency-key': idempotencyKey } }),
    giftCards: () => data(codes.giftCards),

    // Subscriptions (packages/contracts/src/subscriptions.ts): taking one is a purchase, with its key
    subscriptions: {
      plans: (scope?: PlanScope) => data(plans.plans, { query: { platform: 'web', scope } }),
      summaryPlans: () => data(plans.summaryPlans),
      /** the discounts running now, each with its plan, price and end */
      salesOffer: () => data(plans.salesOffer, { query: { options: '1', platform: 'web' } }),
      status: () => data(plans.status),
      /** every pass in force or ahead: subscriptions', promo codes' and gift cards' */
      passes: () => data(subscribe.passes),
      cancel: (id: string) => data(plans.cancel, { params: { id } }),
      resume: (id: string) => data(plans.resume, { params: { id } }),
      /** an upgrade answers the invoice to pay now; a downgrade none (it starts at the period's end) */
      changePlan: (id: string, planId: number) => data(plans.changePlan, { params: { id }, body: { plan_id: planId } }),
      /** the next period's invoice, with no payment yet: the member pays it on the invoice's page */
      renew: (id: string) => data(plans.renew, { params: { id } }),
      subscribeGolomt: (body: GolomtSubscriptionRequest, idempotencyKey: string) =>
        data(subscribe.golomt, { body, headers: { 'idempotency-key': idempotencyKey } }),
      subscribePeriod: (body: PeriodSubscriptionRequest, idempotencyKey: string) =>
        data(subscribe.period, { body, headers: { 'idempotency-key': idempotencyKey } }),
      /** Unitel carrier billing: the plans sold through it, the consent code, and the subscription */
      unitelPlans: (type?: PlanScope) => data(unitel.plans, { query: { type: type ?? 'all', u: '0' } }),
      unitelSendOtp: (body: UnitelOtpSendRequest) => data(unitel.otpSend, { body }),
      unitelCheckOtp: (body: UnitelOtpCheckRequest) => data(unitel.otpCheck, { body }),
      subscribeUnitel: (body: UnitelSubscriptionRequest, idempotencyKey: string) =>
        data(unitel.subscribe, { body, headers: { 'idempotency-key': idempotencyKey } }),
    },

    // Listening analytics (packages/contracts/src/analytics.ts)
    /** the podcast player's buffered progress events, as the spec's file of CRLF-terminated JSON lines */
    sendProgressEvents: (events: readonly ProgressEventLine[]) =>
      data(analytics.events, { body: { file: eventsFileText(events) } }),
    /** where the member stopped in these episodes (those with no event are left out) */
    podcastProgress: (publicationIds: readonly number[]) =>
      data(analytics.podcastProgress, { query: { publication_id: [...publicationIds] } }),

    /** a title's chapters, packaged length and preview (queues its packaging when missing) */
    playlist: (itemType: TitleType, id: number) =>
      data(itemType === 'book' ? media.bookPlaylist : media.summaryPlaylist, { params: { id } }),
    /** what a player loads: encrypted manifests and a licence for the entitled, the preview otherwise */
    playback: (itemType: TitleType, id: number) =>
      data(itemType === 'book' ? media.bookAudio : media.summaryAudio, { params: { id } }),

    /** a title's key to keep on this device for listening offline, for a limited time */
    offlineLease: (itemType: TitleType, id: number) =>
      data(media.offlineLease, { body: { item_type: itemType, item_id: id } }),

    positions: (itemType: TitleType, itemId: number) =>
      data(library.positions, { query: { item_type: itemType, item_id: itemId } }),
    savePosition: (body: PositionRequest) => data(library.savePosition, { body }),
    recent: (limit = 12) => data(library.recent, { query: { limit } }),
    listeningStats: (days = 14) => data(library.listeningStats, { query: { days } }),
    bookmarks: (itemType: TitleType, itemId: number) =>
      data(library.bookmarks, { query: { item_type: itemType, item_id: itemId } }),
    addBookmark: (body: BookmarkRequest) => data(library.addBookmark, { body }),
    removeBookmark: (id: number) => data(library.removeBookmark, { params: { id } }),
    highlights: (itemType: TitleType, itemId: number) =>
      data(library.highlights, { query: { item_type: itemType, item_id: itemId } }),
    addHighlight: (body: HighlightRequest) => data(library.addHighlight, { body }),
    editHighlight: (id: number, body: HighlightPatch) => data(library.editHighlight, { params: { id }, body }),
    removeHighlight: (id: number) => data(library.removeHighlight, { params: { id } }),

    // The notifications centre (packages/contracts/src/notifications.ts); `device` as the spec's client sends it
    notificationStatus: (init?: { signal?: AbortSignal }) =>
      data(notifications.status, { query: { device: 'ios' }, ...init }),
    notifications: (page = 1, perPage?: number) => data(notifications.list, { query: { page, per_page: perPage } }),
    markAllNotificationsSeen: () => data(notifications.markAllSeen, { body: { credentials: true } }),
    removeNotification: (id: number) => data(notifications.remove, { params: { id } }),

    // The reader (packages/contracts/src/ebook.ts): the whole book to a session that holds it, else the sample
    bookPlaylist: (id: number, init?: { signal?: AbortSignal }) =>
      data(ebook.bookPlaylist, { params: { id }, ...init }),
    summaryPlaylist: (id: number) => data(ebook.summaryPlaylist, { params: { id } }),
  };
}

/**
 * A multipart body: each field of the body as a part of its own, sent as a text file named after
 * the field (the API reads a file part and a plain field alike, docs/decisions/024-multipart-bodies.md).
 */
function formOf(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, string>)) {
    form.append(name, new Blob([value], { type: 'text/plain; charset=utf-8' }), `${name}.txt`);
  }
  return form;
}

/** Retry-After in seconds (the API sends seconds, never a date). */
function retryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export type ApiClient = ReturnType<typeof createApiClient>;

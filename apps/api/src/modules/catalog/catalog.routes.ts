import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookDetailResponse,
  bookListResponse,
  bundleDetailResponse,
  bundleListResponse,
  categoriesResponse,
  newsfeedTabParams,
  newsfeedTabResponse,
  personDetailResponse,
  publisherDetailResponse,
  recommendParams,
  recommendResponse,
  relatedQuery,
  relatedResponse,
  reviewsQuery,
  reviewsResponse,
  showcaseResponse,
  summaryDetailResponse,
  summaryListResponse,
  tagsQuery,
  tagsResponse,
  topicablesQuery,
  topicablesResponse,
  topicResponse,
  topicsResponse,
} from '@nomsan/contracts/catalog';
import { entityKey, idParam, queryInt } from '@nomsan/contracts/http';
import { mn } from '@nomsan/contracts/messages';
import type { RouteContext } from '../../services';
import { AppError } from '../../errors';
import { cachePublicly } from '../../plugins/http-caching';
import { reviewsService } from './reviews.service';

const listQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  'page[size]': queryInt(1, 100).default(24),
  sort: z.enum(['popular', 'newest']).default('popular'),
  include: z.enum(['likes_count']).optional(),
  append: z.enum(['short_description']).optional(),
});

const booksQuery = listQuery.extend({
  'filter[category]': z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional(),
  'filter[format]': z.enum(['audiobook', 'ebook']).optional(),
});

const listOptions = (q: z.infer<typeof listQuery>) => ({
  page: q.page,
  perPage: q['page[size]'],
  order: q.sort,
  shortDescription: q.append === 'short_description',
  likes: q.include === 'likes_count',
});

export const catalogRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  cachePublicly(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalog = context.services.catalog;
  const reviews = reviewsService(context);
  const tags = ['catalog'];

  api.get(
    '/api/categories',
    { schema: { tags, summary: 'All categories', response: { 200: categoriesResponse } } },
    async () => ({
      data: await catalog.categories(),
    }),
  );

  api.get(
    '/api/book/tags',
    { schema: { tags, summary: 'Most used tags', querystring: tagsQuery, response: { 200: tagsResponse } } },
    async (request) => ({ data: await catalog.tags(request.query.take) }),
  );

  api.get(
    '/api/newsfeed/tabs/:tab',
    {
      schema: {
        tags,
        summary: 'Shelves of a home-feed tab',
        params: newsfeedTabParams,
        response: { 200: newsfeedTabResponse },
      },
    },
    async (request) => ({ data: await catalog.newsfeedTab(request.params.tab) }),
  );

  api.get(
    '/api/newsfeed/recommend/:kind',
    {
      schema: {
        tags,
        summary: 'Recommended shelves for a format',
        params: recommendParams,
        response: { 200: recommendResponse },
      },
    },
    async (request) => ({ data: await catalog.recommend(request.params.kind) }),
  );

  api.get(
    '/v5/books/showcase',
    { schema: { tags, summary: 'Hero showcase of the home page', response: { 200: showcaseResponse } } },
    async () => ({
      data: await catalog.showcase(),
    }),
  );

  api.get(
    '/v5/books',
    {
      schema: {
        tags,
        summary: 'Published books, paginated; filter by category or format',
        querystring: booksQuery,
        response: { 200: bookListResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return {
        data: await catalog.listBooks(
          { categorySlug: q['filter[category]'], format: q['filter[format]'] },
          listOptions(q),
        ),
      };
    },
  );

  api.get(
    '/v4/books/:id',
    {
      schema: {
        tags,
        summary: 'A book with its editions, people and ways to get it',
        params: z.object({ id: entityKey }),
        response: { 200: bookDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.book(request.params.id) }),
  );

  api.get(
    '/v5/books/:id/related',
    {
      schema: {
        tags,
        summary: 'Books like this one: by content (semantic), by author, or by category',
        params: z.object({ id: idParam }),
        querystring: relatedQuery,
        response: { 200: relatedResponse },
      },
    },
    async (request) => ({ data: await catalog.related(request.params.id, request.query.type, request.query.take) }),
  );

  api.get(
    '/v5/books/:id/bundles',
    {
      schema: {
        tags,
        summary: 'Bundles that contain the book',
        params: z.object({ id: idParam }),
        response: { 200: bundleListResponse },
      },
    },
    async (request) => ({ data: await catalog.bundlesOf('book', request.params.id) }),
  );

  api.get(
    '/v5/summaries/:id/bundles',
    {
      schema: {
        tags,
        summary: 'Bundles that contain the summary',
        params: z.object({ id: idParam }),
        response: { 200: bundleListResponse },
      },
    },
    async (request) => ({ data: await catalog.bundlesOf('summary', request.params.id) }),
  );

  api.get(
    '/v5/bundles/:id',
    {
      schema: {
        tags,
        summary: 'A bundle with its items and price',
        params: z.object({ id: entityKey }),
        response: { 200: bundleDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.bundle(request.params.id) }),
  );

  api.get(
    '/api/book/authors/:id',
    {
      schema: {
        tags,
        summary: 'An author',
        params: z.object({ id: entityKey }),
        querystring: z.object({ include: z.enum(['likes_count']).optional() }),
        response: { 200: personDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.author(request.params.id) }),
  );

  api.get(
    '/api/book/authors/:id/books',
    {
      schema: {
        tags,
        summary: "An author's books",
        params: z.object({ id: idParam }),
        querystring: listQuery,
        response: { 200: bookListResponse },
      },
    },
    async (request) => ({
      data: await catalog.contributorBooks(request.params.id, 'author', listOptions(request.query)),
    }),
  );

  api.get(
    '/v5/narrators/:id',
    {
      schema: {
        tags,
        summary: 'A narrator',
        params: z.object({ id: entityKey }),
        response: { 200: personDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.narrator(request.params.id) }),
  );

  api.get(
    '/v5/narrators/:id/books',
    {
      schema: {
        tags,
        summary: 'Books a narrator reads',
        params: z.object({ id: idParam }),
        querystring: listQuery,
        response: { 200: bookListResponse },
      },
    },
    async (request) => ({
      data: await catalog.contributorBooks(request.params.id, 'narrator', listOptions(request.query)),
    }),
  );

  api.get(
    '/api/publishers/v3/:id',
    {
      schema: {
        tags,
        summary: 'A publisher',
        params: z.object({ id: entityKey }),
        response: { 200: publisherDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.publisher(request.params.id) }),
  );

  api.get(
    '/api/publishers/v3/:id/items',
    {
      schema: {
        tags,
        summary: "A publisher's books",
        params: z.object({ id: idParam }),
        querystring: listQuery,
        response: { 200: bookListResponse },
      },
    },
    async (request) => ({ data: await catalog.publisherBooks(request.params.id, listOptions(request.query)) }),
  );

  api.get(
    '/v5/summary',
    {
      schema: {
        tags,
        summary: 'Book summaries, paginated',
        querystring: listQuery,
        response: { 200: summaryListResponse },
      },
    },
    async (request) => ({ data: await catalog.summaries(request.query.page, request.query['page[size]']) }),
  );

  api.get(
    '/v5/summary/:id',
    {
      schema: {
        tags,
        summary: 'A book summary',
        params: z.object({ id: entityKey }),
        response: { 200: summaryDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.summary(request.params.id) }),
  );

  api.get(
    '/v5/english-books',
    {
      schema: {
        tags,
        summary: 'English books, paginated',
        querystring: listQuery,
        response: { 200: bookListResponse },
      },
    },
    async (request) => ({ data: await catalog.listBooks({ kind: 'english_book' }, listOptions(request.query)) }),
  );

  api.get(
    '/v5/english-books/:id',
    {
      schema: {
        tags,
        summary: 'An English book',
        params: z.object({ id: entityKey }),
        response: { 200: bookDetailResponse },
      },
    },
    async (request) => ({ data: await catalog.book(request.params.id, 'english_book') }),
  );

  api.get(
    '/api/reviews',
    {
      schema: {
        tags,
        summary: 'Reviews of a book or summary, with its rating summary',
        querystring: reviewsQuery,
        response: { 200: reviewsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const includes = new Set((q.include ?? '').split(',').filter(Boolean));
      for (const include of includes) {
        if (include !== 'latestFiveReplies')
          throw new AppError('VALIDATION_ERROR', undefined, { include: mn.validation.unsupportedValue(include) });
      }
      return {
        data: await reviews.list(q.reviewable_type, q.reviewable_id, q.page, includes.has('latestFiveReplies')),
      };
    },
  );

  api.get(
    '/v5/discovery/topics',
    { schema: { tags, summary: 'Editorial topics', response: { 200: topicsResponse } } },
    async () => ({
      data: await catalog.topics(),
    }),
  );

  api.get(
    '/v5/discovery/topics/:id',
    {
      schema: {
        tags,
        summary: 'A topic with its first items',
        params: z.object({ id: idParam }),
        response: { 200: topicResponse },
      },
    },
    async (request) => {
      return { data: await catalog.topic(request.params.id) };
    },
  );

  api.get(
    '/v5/discovery/topics/:id/topicables',
    {
      schema: {
        tags,
        summary: "A topic's items, paginated",
        params: z.object({ id: idParam }),
        querystring: topicablesQuery,
        response: { 200: topicablesResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return { data: await catalog.topicItems(request.params.id, q.type, q.page, q.page_size) };
    },
  );
};

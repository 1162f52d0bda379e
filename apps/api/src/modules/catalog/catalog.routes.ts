import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '@nomsan/contracts/catalog';
import { catalogEndpoints as endpoints } from '@nomsan/contracts/catalog.endpoints';
import { mn } from '@nomsan/contracts/messages';
import type { RouteContext } from '../../kernel/module';
import { AppError } from '../../errors';
import { route } from '../../lib/endpoint-route';

const listOptions = (q: ListQuery) => ({
  page: q.page,
  perPage: q['page[size]'],
  order: q.sort,
  shortDescription: q.append === 'short_description',
  likes: q.include === 'likes_count',
});

export const catalogRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const catalog = context.services.catalog;

  route(app, endpoints.categories, async (request) => ({ data: await catalog.categories(request.ctx) }));

  route(app, endpoints.tags, async (request) => ({ data: await catalog.tags(request.ctx, request.query.take) }));

  route(app, endpoints.newsfeedTab, async (request) => ({
    data: await catalog.newsfeedTab(request.ctx, request.params.tab),
  }));

  route(app, endpoints.recommend, async (request) => ({
    data: await catalog.recommend(request.ctx, request.params.kind),
  }));

  route(app, endpoints.showcase, async (request) => ({ data: await catalog.showcase(request.ctx) }));

  route(app, endpoints.books, async (request) => {
    const q = request.query;
    return {
      data: await catalog.listBooks(
        request.ctx,
        { categorySlug: q['filter[category]'], format: q['filter[format]'] },
        listOptions(q),
      ),
    };
  });

  route(app, endpoints.book, async (request) => ({ data: await catalog.book(request.ctx, request.params.id) }));

  route(app, endpoints.related, async (request) => ({
    data: await catalog.related(request.ctx, request.params.id, request.query.type, request.query.take),
  }));

  route(app, endpoints.bookBundles, async (request) => ({
    data: await catalog.bundlesOf(request.ctx, 'book', request.params.id),
  }));

  route(app, endpoints.summaryBundles, async (request) => ({
    data: await catalog.bundlesOf(request.ctx, 'summary', request.params.id),
  }));

  route(app, endpoints.bundle, async (request) => ({ data: await catalog.bundle(request.ctx, request.params.id) }));

  route(app, endpoints.author, async (request) => ({ data: await catalog.author(request.ctx, request.params.id) }));

  route(app, endpoints.authorBooks, async (request) => ({
    data: await catalog.contributorBooks(request.ctx, request.params.id, 'author', listOptions(request.query)),
  }));

  route(app, endpoints.narrator, async (request) => ({ data: await catalog.narrator(request.ctx, request.params.id) }));

  route(app, endpoints.narratorBooks, async (request) => ({
    data: await catalog.contributorBooks(request.ctx, request.params.id, 'narrator', listOptions(request.query)),
  }));

  route(app, endpoints.publisher, async (request) => ({
    data: await catalog.publisher(request.ctx, request.params.id),
  }));

  route(app, endpoints.publisherItems, async (request) => ({
    data: await catalog.publisherBooks(request.ctx, request.params.id, listOptions(request.query)),
  }));

  route(app, endpoints.summaries, async (request) => ({
    data: await catalog.summaries(request.ctx, request.query.page, request.query['page[size]']),
  }));

  route(app, endpoints.summary, async (request) => ({ data: await catalog.summary(request.ctx, request.params.id) }));

  route(app, endpoints.englishBooks, async (request) => ({
    data: await catalog.listBooks(request.ctx, { kind: 'english_book' }, listOptions(request.query)),
  }));

  route(app, endpoints.englishBook, async (request) => ({
    data: await catalog.book(request.ctx, request.params.id, 'english_book'),
  }));

  route(app, endpoints.reviews, async (request) => {
    const q = request.query;
    const includes = new Set((q.include ?? '').split(',').filter(Boolean));
    for (const include of includes) {
      if (include !== 'latestFiveReplies')
        throw new AppError('VALIDATION_ERROR', undefined, { include: mn.validation.unsupportedValue(include) });
    }
    return {
      data: await catalog.reviews.list(
        request.ctx,
        q.reviewable_type,
        q.reviewable_id,
        q.page,
        includes.has('latestFiveReplies'),
      ),
    };
  });

  route(app, endpoints.topics, async (request) => ({ data: await catalog.topics(request.ctx) }));

  route(app, endpoints.topic, async (request) => ({ data: await catalog.topic(request.ctx, request.params.id) }));

  route(app, endpoints.topicables, async (request) => {
    const q = request.query;
    return { data: await catalog.topicItems(request.ctx, request.params.id, q.type, q.page, q.page_size) };
  });
};

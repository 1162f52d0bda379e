import type { BookDetail, RatingSummary, Review } from '@nomsan/contracts/catalog';
import { notFound } from '../../errors';
import type { Ctx } from '../../kernel/unit-of-work';
import { pageOf, type Page } from '../../lib/paginate';
import { ratingSummary } from './cards';
import type { CatalogRepository } from './catalog.repository';

const REVIEWS_PER_PAGE = 10;
const LATEST_REPLIES = 5;

/**
 * Reviews of books and summaries, newest first, with their rating summary, read on the
 * catalogue's repository for the caller's context. `knownBook` is the catalogue's cached page
 * data of a book, when it has it: then neither the book's existence nor its rating summary is
 * asked of the database again.
 */
export function reviewsService(
  repository: (ctx: Ctx) => CatalogRepository,
  knownBook: (ctx: Ctx, id: number) => Pick<BookDetail, 'rating_summary'> | undefined = () => undefined,
) {
  async function ratingOf(ctx: Ctx, type: 'book' | 'summary', itemId: number): Promise<RatingSummary> {
    const known = type === 'book' ? knownBook(ctx, itemId) : undefined;
    if (known) return known.rating_summary;
    const exists =
      type === 'book' ? await repository(ctx).bookId({ id: itemId }) : await repository(ctx).summaryId({ id: itemId });
    if (exists === null) throw notFound();
    return ratingSummary(await repository(ctx).ratingDistribution(type, itemId));
  }

  return {
    async list(
      ctx: Ctx,
      type: 'book' | 'summary',
      itemId: number,
      page: number,
      withReplies: boolean,
    ): Promise<Page<Review> & { rating: RatingSummary }> {
      const [rating, rows] = await Promise.all([
        ratingOf(ctx, type, itemId),
        repository(ctx).reviews(
          type,
          itemId,
          REVIEWS_PER_PAGE,
          (page - 1) * REVIEWS_PER_PAGE,
          withReplies ? LATEST_REPLIES : 0,
        ),
      ]);
      const data = rows.map((row) => ({
        id: row.id,
        author_name: row.authorName,
        rating: row.rating,
        body: row.body,
        created_at: row.createdAt.toISOString(),
        replies_count: row.repliesCount,
        ...(withReplies
          ? {
              latest_five_replies: row.latestReplies.map((reply) => ({
                id: reply.id,
                author_name: reply.authorName,
                is_staff: reply.isStaff,
                body: reply.body,
                created_at: new Date(reply.createdAt).toISOString(),
              })),
            }
          : {}),
      }));
      return {
        ...pageOf(data, page, REVIEWS_PER_PAGE, rating.count),
        rating,
      };
    },
  };
}

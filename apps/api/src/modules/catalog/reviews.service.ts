import type { RatingSummary, Review } from '@nomsan/contracts/catalog';
import type { ApiContext } from '../../context';
import { notFound } from '../../errors';
import { groupBy } from '../../lib/group-by';
import { pageOf, type Page } from '../../lib/paginate';
import { ratingSummary } from './cards';
import { catalogRepository } from './catalog.repository';

const REVIEWS_PER_PAGE = 10;
const LATEST_REPLIES = 5;

/** Reviews of books and summaries, newest first, with their rating summary. */
export function reviewsService(context: ApiContext) {
  const repository = catalogRepository(context.db.db);

  return {
    async list(
      type: 'book' | 'summary',
      itemId: number,
      page: number,
      withReplies: boolean,
    ): Promise<Page<Review> & { rating: RatingSummary }> {
      const exists =
        type === 'book' ? await repository.bookId({ id: itemId }) : await repository.summaryId({ id: itemId });
      if (exists === null) throw notFound();
      const [rows, distribution] = await Promise.all([
        repository.reviews(type, itemId, REVIEWS_PER_PAGE, (page - 1) * REVIEWS_PER_PAGE),
        repository.ratingDistribution(type, itemId),
      ]);
      const replies = withReplies
        ? groupBy(
            await repository.latestReplies(
              rows.map((r) => r.id),
              LATEST_REPLIES,
            ),
            (reply) => reply.reviewId,
          )
        : undefined;
      const rating = ratingSummary(distribution);
      const data = rows.map((row) => ({
        id: row.id,
        author_name: row.authorName,
        rating: row.rating,
        body: row.body,
        created_at: row.createdAt.toISOString(),
        replies_count: row.repliesCount,
        ...(replies
          ? {
              latest_five_replies: (replies.get(row.id) ?? []).map((reply) => ({
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

import type { RatingSummary, Review } from '@nomsan/contracts/catalog';
import type { ApiContext } from '../../context';
import { notFound } from '../../errors';
import { groupBy } from '../../lib/group-by';
import { pageOf, type Page } from '../../lib/paginate';
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
      const counts = [0, 0, 0, 0, 0];
      for (const row of distribution) counts[row.rating - 1] = Number(row.n);
      const total = counts.reduce((a, b) => a + b, 0);
      const sum = counts.reduce((acc, n, i) => acc + n * (i + 1), 0);
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
        ...pageOf(data, page, REVIEWS_PER_PAGE, total),
        rating: { average: total ? Math.round((sum / total) * 10) / 10 : 0, count: total, distribution: counts },
      };
    },
  };
}

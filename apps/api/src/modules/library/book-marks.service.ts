import type { BookCard } from '@nomsan/contracts/catalog';
import type { BookState, Impression, WishlistEntry } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';
import type { Kernel, ModuleServices } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { notFound } from '../../errors';
import { pageOf, type Page } from '../../lib/paginate';
import { libraryRepository, type WishlistRow } from './library.repository';

const toEntry = (row: WishlistRow, book: BookCard): WishlistEntry => ({
  book_id: row.bookId,
  created_at: row.createdAt.toISOString(),
  book,
});

/** the most likes `/api/user?include=likes` lists (the latest ones) */
const LIKES_LISTED = 1_000;

/**
 * The member's marks on books: the wishlist (books kept for later) and likes (the spec's book
 * impressions). Both are keyed by member and book, so adding twice or removing what is not
 * there changes nothing, and one member can never name another's entry. A like counts once in
 * the book's `likes_count`: the row and the count change in one transaction.
 */
export function bookMarksService(context: Kernel, deps: Pick<ModuleServices, 'catalog'>) {
  const repository = boundRepository(libraryRepository);
  const { catalog } = deps;

  /** the book's card, as the store shows it; a book that is not (or no longer) published is not found */
  async function requireBook(ctx: Ctx, bookId: number): Promise<BookCard> {
    const [card] = await catalog.bookCardsByIds(ctx, [bookId]);
    if (!card) throw notFound(mn.wishlist.bookNotFound);
    return card;
  }

  /** the book's likes count as the catalogue has it now (its page, cached and dropped on a change) */
  const likesOf = async (ctx: Ctx, bookId: number) => (await catalog.book(ctx, { id: bookId })).likes_count;

  return {
    async addToWishlist(ctx: Ctx, userId: number, bookId: number): Promise<WishlistEntry> {
      const book = await requireBook(ctx, bookId);
      return toEntry(await repository(ctx).addToWishlist(userId, bookId, context.clock.now()), book);
    },

    async removeFromWishlist(ctx: Ctx, userId: number, bookId: number) {
      await repository(ctx).removeFromWishlist(userId, bookId);
      return { ok: true as const };
    },

    /**
     * A page of the wishlist, newest first, each book with its card. A book withdrawn from the
     * catalogue is left out of the page (it still counts in `total` until the member removes it).
     */
    async wishlist(ctx: Ctx, userId: number, page: number, perPage: number): Promise<Page<WishlistEntry>> {
      const { rows, total } = await repository(ctx).wishlist(userId, perPage, (page - 1) * perPage);
      const cards = new Map(
        (
          await catalog.bookCardsByIds(
            ctx,
            rows.map((row) => row.bookId),
          )
        ).map((card) => [card.id, card]),
      );
      const entries = rows.flatMap((row) => {
        const card = cards.get(row.bookId);
        return card ? [toEntry(row, card)] : [];
      });
      return pageOf(entries, page, perPage, total);
    },

    /** which of these books the member keeps and likes (the cards' hearts, after the page loads) */
    bookState: (ctx: Ctx, userId: number, bookIds: number[]): Promise<BookState> =>
      repository(ctx).bookState(userId, bookIds),

    /** the ids of the books the member likes, the latest first (the spec's `user.likes`) */
    likedBooks: (ctx: Ctx, userId: number): Promise<number[]> => repository(ctx).likedBookIds(userId, LIKES_LISTED),

    async like(ctx: Ctx, userId: number, bookId: number): Promise<Impression> {
      await requireBook(ctx, bookId);
      const counted = await transaction(ctx, async (tx) =>
        (await repository(tx).addImpression(userId, bookId, context.clock.now()))
          ? catalog.edits.addBookLikes(tx, bookId, 1)
          : null,
      );
      return { book_id: bookId, impressed: true, likes_count: counted ?? (await likesOf(ctx, bookId)) };
    },

    /** takes back a like; for a book the member did not like, only the count is answered (404 for no such book) */
    async unlike(ctx: Ctx, userId: number, bookId: number): Promise<Impression> {
      const counted = await transaction(ctx, async (tx) =>
        (await repository(tx).removeImpression(userId, bookId)) ? catalog.edits.addBookLikes(tx, bookId, -1) : null,
      );
      return { book_id: bookId, impressed: false, likes_count: counted ?? (await likesOf(ctx, bookId)) };
    },
  };
}

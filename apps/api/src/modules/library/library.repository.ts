import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, gte, inArray, lt, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/library';
import {
  libraryBookmark,
  libraryHighlight,
  libraryImpression,
  libraryListeningDay,
  libraryPosition,
  libraryWishlist,
} from '@nomsan/db/schema/library';

/** The database as this module sees it: its own tables only. */
export type LibraryDb = ModuleDb<typeof schema>;

export type PositionRow = typeof libraryPosition.$inferSelect;
export type NewPosition = Omit<PositionRow, 'updatedAt'>;
export type BookmarkRow = typeof libraryBookmark.$inferSelect;
export type NewBookmark = Omit<BookmarkRow, 'id' | 'createdAt'>;
export type HighlightRow = typeof libraryHighlight.$inferSelect;
export type NewHighlight = Omit<HighlightRow, 'id' | 'createdAt' | 'updatedAt'>;
export type WishlistRow = typeof libraryWishlist.$inferSelect;
export interface Title {
  userId: number;
  itemType: PositionRow['itemType'];
  itemId: number;
}

/** The member's rows, narrowed to one title: every read and write of a member goes through it. */
const ofTitle = (table: typeof libraryPosition | typeof libraryBookmark | typeof libraryHighlight, title: Title) =>
  and(eq(table.userId, title.userId), eq(table.itemType, title.itemType), eq(table.itemId, title.itemId));

/** The member's mark on one book (kept, liked). */
const ownBook = (table: typeof libraryWishlist | typeof libraryImpression, userId: number, bookId: number) =>
  and(eq(table.userId, userId), eq(table.bookId, bookId));

/** Library queries. Only this file touches the library tables. */
export function libraryRepository(db: LibraryDb) {
  /** one of the member's own rows by id; another member's is as absent as a missing one */
  const own = (table: typeof libraryBookmark | typeof libraryHighlight, userId: number, id: number) =>
    and(eq(table.id, id), eq(table.userId, userId));

  return {
    positions: (title: Title) => db.select().from(libraryPosition).where(ofTitle(libraryPosition, title)),

    /** the members who have a place in a title (in any format) */
    async startedBy(itemType: Title['itemType'], itemId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: libraryPosition.userId })
        .from(libraryPosition)
        .where(and(eq(libraryPosition.itemType, itemType), eq(libraryPosition.itemId, itemId)));
      return rows.map((row) => row.userId);
    },

    /** the members who keep a book in their wishlist */
    async wishlistedBy(bookId: number): Promise<number[]> {
      const rows = await db
        .select({ userId: libraryWishlist.userId })
        .from(libraryWishlist)
        .where(eq(libraryWishlist.bookId, bookId));
      return rows.map((row) => row.userId);
    },

    /**
     * Keeps `position` unless a change made later is kept already (another device's): the row
     * returned is the one kept after the write; `applied` says whether it is this one.
     */
    async savePosition(position: NewPosition, at: Date): Promise<{ row: PositionRow; applied: boolean }> {
      const [written] = await db
        .insert(libraryPosition)
        .values({ ...position, updatedAt: at })
        .onConflictDoUpdate({
          target: [libraryPosition.userId, libraryPosition.itemType, libraryPosition.itemId, libraryPosition.format],
          set: {
            chapter: sql`excluded.chapter`,
            seconds: sql`excluded.seconds`,
            locator: sql`excluded.locator`,
            progress: sql`excluded.progress`,
            speed: sql`excluded.speed`,
            changedAt: sql`excluded.changed_at`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: lt(libraryPosition.changedAt, sql`excluded.changed_at`),
        })
        .returning();
      if (written) return { row: written, applied: true };
      const [kept] = await db
        .select()
        .from(libraryPosition)
        .where(and(ofTitle(libraryPosition, position), eq(libraryPosition.format, position.format)));
      return { row: kept!, applied: false };
    },

    recent: (userId: number, limit: number) =>
      db
        .select()
        .from(libraryPosition)
        .where(eq(libraryPosition.userId, userId))
        .orderBy(desc(libraryPosition.changedAt))
        .limit(limit),

    async addListening(userId: number, day: string, seconds: number): Promise<void> {
      await db
        .insert(libraryListeningDay)
        .values({ userId, day, seconds })
        .onConflictDoUpdate({
          target: [libraryListeningDay.userId, libraryListeningDay.day],
          set: { seconds: sql`${libraryListeningDay.seconds} + excluded.seconds` },
        });
    },

    listening: (userId: number, fromDay: string) =>
      db
        .select({ day: libraryListeningDay.day, seconds: libraryListeningDay.seconds })
        .from(libraryListeningDay)
        .where(and(eq(libraryListeningDay.userId, userId), gte(libraryListeningDay.day, fromDay))),

    bookmarks: (title: Title) =>
      db
        .select()
        .from(libraryBookmark)
        .where(ofTitle(libraryBookmark, title))
        .orderBy(asc(libraryBookmark.seconds), asc(libraryBookmark.id)),

    async addBookmark(bookmark: NewBookmark): Promise<BookmarkRow> {
      const [row] = await db.insert(libraryBookmark).values(bookmark).returning();
      return row!;
    },

    highlights: (title: Title) =>
      db.select().from(libraryHighlight).where(ofTitle(libraryHighlight, title)).orderBy(asc(libraryHighlight.id)),

    async addHighlight(highlight: NewHighlight): Promise<HighlightRow> {
      const [row] = await db.insert(libraryHighlight).values(highlight).returning();
      return row!;
    },

    async editHighlight(
      userId: number,
      id: number,
      patch: Partial<Pick<HighlightRow, 'note' | 'color'>>,
      at: Date,
    ): Promise<HighlightRow | undefined> {
      const [row] = await db
        .update(libraryHighlight)
        .set({ ...patch, updatedAt: at })
        .where(own(libraryHighlight, userId, id))
        .returning();
      return row;
    },

    /** removes one of the member's bookmarks or highlights; false when the member has no such one */
    async remove(kind: 'bookmark' | 'highlight', userId: number, id: number): Promise<boolean> {
      const table = kind === 'bookmark' ? libraryBookmark : libraryHighlight;
      const rows = await db
        .delete(table)
        .where(own(table, userId, id))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /** keeps a book for the member; the row kept (the first one, when it was kept already) */
    async addToWishlist(userId: number, bookId: number, at: Date): Promise<WishlistRow> {
      const [added] = await db
        .insert(libraryWishlist)
        .values({ userId, bookId, createdAt: at })
        .onConflictDoNothing()
        .returning();
      if (added) return added;
      const [kept] = await db
        .select()
        .from(libraryWishlist)
        .where(ownBook(libraryWishlist, userId, bookId));
      return kept!;
    },

    async removeFromWishlist(userId: number, bookId: number): Promise<void> {
      await db.delete(libraryWishlist).where(ownBook(libraryWishlist, userId, bookId));
    },

    /** a page of the member's wishlist, newest first, and how many books it holds */
    async wishlist(userId: number, limit: number, offset: number): Promise<{ rows: WishlistRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(libraryWishlist)
          .where(eq(libraryWishlist.userId, userId))
          .orderBy(desc(libraryWishlist.createdAt), desc(libraryWishlist.bookId))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(libraryWishlist)
          .where(eq(libraryWishlist.userId, userId)),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** which of `bookIds` the member keeps, and which they like */
    async bookState(userId: number, bookIds: number[]): Promise<{ wishlisted: number[]; impressed: number[] }> {
      const of = (table: typeof libraryWishlist | typeof libraryImpression) =>
        db
          .select({ bookId: table.bookId })
          .from(table)
          .where(and(eq(table.userId, userId), inArray(table.bookId, bookIds)))
          .then((rows) => rows.map((row) => row.bookId));
      const [wishlisted, impressed] = await Promise.all([of(libraryWishlist), of(libraryImpression)]);
      return { wishlisted, impressed };
    },

    /** the books the member likes, the latest liked first (at most `limit`) */
    async likedBookIds(userId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ bookId: libraryImpression.bookId })
        .from(libraryImpression)
        .where(eq(libraryImpression.userId, userId))
        .orderBy(desc(libraryImpression.createdAt), desc(libraryImpression.bookId))
        .limit(limit);
      return rows.map((row) => row.bookId);
    },

    /** records the member's like of a book; false when it was recorded already */
    async addImpression(userId: number, bookId: number, at: Date): Promise<boolean> {
      const added = await db
        .insert(libraryImpression)
        .values({ userId, bookId, createdAt: at })
        .onConflictDoNothing()
        .returning({ bookId: libraryImpression.bookId });
      return added.length > 0;
    },

    /** takes back the member's like of a book; false when there was none */
    async removeImpression(userId: number, bookId: number): Promise<boolean> {
      const removed = await db
        .delete(libraryImpression)
        .where(ownBook(libraryImpression, userId, bookId))
        .returning({ bookId: libraryImpression.bookId });
      return removed.length > 0;
    },
  };
}

import type {
  Bookmark,
  BookmarkRequest,
  Highlight,
  HighlightPatch,
  HighlightRequest,
  Position,
  PositionRequest,
  TitleType,
} from '@nomsan/contracts/library';
import type { Kernel, ModuleServices } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { notFound } from '../../errors';
import {
  libraryRepository,
  type BookmarkRow,
  type HighlightRow,
  type PositionRow,
  type Title,
} from './library.repository';
import { bookMarksService } from './book-marks.service';

/** Mongolia keeps UTC+8 all year: a member's listening day is an Ulaanbaatar day. */
const UB_OFFSET_MS = 8 * 3_600_000;
const ubDay = (at: Date) => new Date(at.getTime() + UB_OFFSET_MS).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

const toPosition = (row: PositionRow): Position => ({
  item_type: row.itemType,
  item_id: row.itemId,
  format: row.format,
  chapter: row.chapter,
  seconds: row.seconds,
  locator: row.locator,
  progress: row.progress,
  speed: Math.round(row.speed * 10) / 10,
  changed_at: row.changedAt.toISOString(),
});

const toBookmark = (row: BookmarkRow): Bookmark => ({
  id: row.id,
  item_type: row.itemType,
  item_id: row.itemId,
  format: row.format,
  chapter: row.chapter,
  seconds: row.seconds,
  locator: row.locator,
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

const toHighlight = (row: HighlightRow): Highlight => ({
  id: row.id,
  item_type: row.itemType,
  item_id: row.itemId,
  locator: row.locator,
  text: row.text,
  note: row.note,
  color: row.color,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The member's place in what they listen to and read, across devices: positions (a change made
 * later wins, whichever device sends it first), bookmarks, highlights and time listened; and
 * their marks on books, the wishlist and likes (book-marks.service.ts).
 */
export function libraryService(context: Kernel, deps: Pick<ModuleServices, 'catalog'>) {
  const repository = boundRepository(libraryRepository);
  const now = () => context.clock.now();
  const title = (userId: number, itemType: TitleType, itemId: number): Title => ({ userId, itemType, itemId });

  return {
    ...bookMarksService(context, deps),

    /** who has started a title, and who keeps a book in their wishlist (for notices about it) */
    startedBy: (ctx: Ctx, itemType: TitleType, itemId: number) => repository(ctx).startedBy(itemType, itemId),
    wishlistedBy: (ctx: Ctx, bookId: number) => repository(ctx).wishlistedBy(bookId),

    positions: async (ctx: Ctx, userId: number, itemType: TitleType, itemId: number) =>
      (await repository(ctx).positions(title(userId, itemType, itemId))).map(toPosition),

    /**
     * Keeps a place unless a later one is kept; counts the seconds listened to today either way
     * (they were listened, whichever device's place wins). A device clock ahead of the server's
     * is taken as now, so it cannot hold the place against every later change.
     */
    savePosition: (ctx: Ctx, userId: number, request: PositionRequest) =>
      transaction(ctx, async (tx) => {
        const at = now();
        const changedAt = new Date(Math.min(Date.parse(request.changed_at), at.getTime()));
        const { row, applied } = await repository(tx).savePosition(
          {
            userId,
            itemType: request.item_type,
            itemId: request.item_id,
            format: request.format,
            chapter: request.chapter,
            seconds: request.seconds,
            locator: request.locator,
            progress: request.progress,
            speed: request.speed,
            changedAt,
          },
          at,
        );
        const listened = Math.round(request.listened_seconds ?? 0);
        if (listened > 0) await repository(tx).addListening(userId, ubDay(at), listened);
        return { position: toPosition(row), applied };
      }),

    /** the member's latest places, with each title's name and cover, newest first */
    async recent(ctx: Ctx, userId: number, limit: number) {
      const rows = await repository(ctx).recent(userId, limit);
      const ids = (type: TitleType) => rows.filter((r) => r.itemType === type).map((r) => r.itemId);
      const [books, summaries] = await Promise.all([
        deps.catalog.bookCardsByIds(ctx, ids('book')),
        deps.catalog.summaryCardsByIds(ctx, ids('summary')),
      ]);
      const bookById = new Map(books.map((card) => [card.id, card]));
      const summaryById = new Map(summaries.map((card) => [card.id, card]));
      return rows.flatMap((row) => {
        const card = row.itemType === 'book' ? bookById.get(row.itemId) : summaryById.get(row.itemId);
        if (!card) return []; // withdrawn from the catalogue
        const webLink =
          card.type === 'summary'
            ? `/summary/${card.slug}`
            : card.type === 'english_book'
              ? `/english-book/${card.slug}`
              : `/${card.slug}`;
        return [{ ...toPosition(row), title: card.title, cover: card.cover, web_link: webLink }];
      });
    },

    /** seconds listened on each of the last `days` Ulaanbaatar days, today last, gaps as 0 */
    async listeningStats(ctx: Ctx, userId: number, days: number) {
      const today = now().getTime();
      const dates = Array.from({ length: days }, (_, i) => ubDay(new Date(today - (days - 1 - i) * DAY_MS)));
      const rows = await repository(ctx).listening(userId, dates[0]!);
      const byDay = new Map(rows.map((row) => [row.day, row.seconds]));
      const list = dates.map((date) => ({ date, seconds: byDay.get(date) ?? 0 }));
      return { days: list, total_seconds: list.reduce((sum, d) => sum + d.seconds, 0) };
    },

    bookmarks: async (ctx: Ctx, userId: number, itemType: TitleType, itemId: number) =>
      (await repository(ctx).bookmarks(title(userId, itemType, itemId))).map(toBookmark),

    addBookmark: async (ctx: Ctx, userId: number, request: BookmarkRequest) =>
      toBookmark(
        await repository(ctx).addBookmark({
          userId,
          itemType: request.item_type,
          itemId: request.item_id,
          format: request.format,
          chapter: request.chapter,
          seconds: request.seconds,
          locator: request.locator,
          note: request.note ?? '',
        }),
      ),

    highlights: async (ctx: Ctx, userId: number, itemType: TitleType, itemId: number) =>
      (await repository(ctx).highlights(title(userId, itemType, itemId))).map(toHighlight),

    addHighlight: async (ctx: Ctx, userId: number, request: HighlightRequest) =>
      toHighlight(
        await repository(ctx).addHighlight({
          userId,
          itemType: request.item_type,
          itemId: request.item_id,
          locator: request.locator,
          text: request.text,
          note: request.note ?? '',
          color: request.color ?? 'yellow',
        }),
      ),

    async editHighlight(ctx: Ctx, userId: number, id: number, patch: HighlightPatch) {
      const row = await repository(ctx).editHighlight(userId, id, patch, now());
      if (!row) throw notFound();
      return toHighlight(row);
    },

    /** removes one of the member's own bookmarks or highlights (another member's is not found) */
    async remove(ctx: Ctx, kind: 'bookmark' | 'highlight', userId: number, id: number) {
      if (!(await repository(ctx).remove(kind, userId, id))) throw notFound();
      return { ok: true as const };
    },
  };
}

export type LibraryService = ReturnType<typeof libraryService>;

import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/catalog';
import {
  catalogAudioChapter,
  catalogAudioEdition,
  catalogBook,
  catalogBookCategory,
  catalogBookContributor,
  catalogCategory,
  catalogContributor,
  catalogEbookEdition,
  catalogPublisher,
} from '@nomsan/db/schema/catalog';

export type DeskDb = ModuleDb<typeof schema>;
export type DeskBookRowDb = typeof catalogBook.$inferSelect;
export type Role = 'author' | 'narrator' | 'translator';
export type DeskSort = 'updated' | 'title' | 'published';

/** a page's last row, as the next page starts after it */
export type Cursor = [string, number];

export interface DeskFilter {
  q?: string;
  status?: 'draft' | 'published' | 'withdrawn' | 'scheduled';
  format?: 'audiobook' | 'ebook' | 'none';
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The catalogue desk's SQL (the back office's editors): the title list over the whole catalogue
 * by keyset, a title with its people and categories, and the writes of titles, people and
 * publishers. The card columns (`card_authors`, `audio_seconds`, `ebook_pages`) are kept by the
 * triggers of migration 0011.
 */
export function catalogDeskRepository(db: DeskDb) {
  const titleKey = sql<string>`lower(${catalogBook.title})`;
  return {
    async books(filter: DeskFilter, sort: DeskSort, after: Cursor | null, limit: number) {
      const where: SQL[] = [];
      const q = filter.q?.trim();
      if (q) {
        const asId = /^\d{1,9}$/.test(q) ? Number(q) : null;
        const prefix = sql`${titleKey} like ${`${escapeLike(q.toLowerCase())}%`}`;
        where.push(asId ? or(eq(catalogBook.id, asId), prefix)! : prefix);
      }
      if (filter.status === 'scheduled') where.push(eq(catalogBook.status, 'draft'), isNotNull(catalogBook.publishAt));
      else if (filter.status) where.push(eq(catalogBook.status, filter.status));
      if (filter.format === 'audiobook') where.push(isNotNull(catalogBook.audioSeconds));
      if (filter.format === 'ebook') where.push(isNotNull(catalogBook.ebookPages));
      if (filter.format === 'none') where.push(isNull(catalogBook.audioSeconds), isNull(catalogBook.ebookPages));
      const order =
        sort === 'title'
          ? [asc(titleKey), asc(catalogBook.id)]
          : sort === 'published'
            ? [desc(catalogBook.publishedAt), desc(catalogBook.id)]
            : [desc(catalogBook.updatedAt), desc(catalogBook.id)];
      if (after) {
        const [value, id] = after;
        where.push(
          sort === 'title'
            ? sql`(${titleKey}, ${catalogBook.id}) > (${value}, ${id})`
            : sort === 'published'
              ? sql`(${catalogBook.publishedAt}, ${catalogBook.id}) < (${value}::timestamptz, ${id})`
              : sql`(${catalogBook.updatedAt}, ${catalogBook.id}) < (${value}::timestamptz, ${id})`,
        );
      }
      return db
        .select({
          id: catalogBook.id,
          slug: catalogBook.slug,
          kind: catalogBook.kind,
          title: catalogBook.title,
          titleKey,
          cardAuthors: catalogBook.cardAuthors,
          status: catalogBook.status,
          publishAt: catalogBook.publishAt,
          audioSeconds: catalogBook.audioSeconds,
          ebookPages: catalogBook.ebookPages,
          publishedAt: catalogBook.publishedAt,
          updatedAt: catalogBook.updatedAt,
          // the cursor's values at the database's precision (microseconds: a Date keeps milliseconds)
          publishedKey: sql<string>`${catalogBook.publishedAt}::text`,
          updatedKey: sql<string>`${catalogBook.updatedAt}::text`,
          coverKey: catalogBook.coverKey,
          coverColor: catalogBook.coverColor,
        })
        .from(catalogBook)
        .where(where.length ? and(...where) : undefined)
        .orderBy(...order)
        .limit(limit);
    },

    book: async (id: number, lock = false) => {
      const query = db.select().from(catalogBook).where(eq(catalogBook.id, id));
      return (await (lock ? query.for('update') : query))[0];
    },

    async peopleOf(bookId: number) {
      return db
        .select({
          id: catalogContributor.id,
          name: catalogContributor.name,
          slug: catalogContributor.slug,
          role: catalogBookContributor.role,
        })
        .from(catalogBookContributor)
        .innerJoin(catalogContributor, eq(catalogContributor.id, catalogBookContributor.contributorId))
        .where(eq(catalogBookContributor.bookId, bookId))
        .orderBy(catalogBookContributor.role, catalogBookContributor.position);
    },

    async categoriesOf(bookId: number) {
      return db
        .select({ id: catalogCategory.id, title: catalogCategory.title })
        .from(catalogBookCategory)
        .innerJoin(catalogCategory, eq(catalogCategory.id, catalogBookCategory.categoryId))
        .where(eq(catalogBookCategory.bookId, bookId))
        .orderBy(catalogCategory.position, catalogCategory.id);
    },

    publisher: async (id: number) => (await db.select().from(catalogPublisher).where(eq(catalogPublisher.id, id)))[0],

    async editions(bookId: number) {
      const [audio, ebook] = await Promise.all([
        db
          .select({ id: catalogAudioEdition.bookId })
          .from(catalogAudioEdition)
          .where(eq(catalogAudioEdition.bookId, bookId)),
        db
          .select({
            pages: catalogEbookEdition.pages,
            sampleChapters: catalogEbookEdition.sampleChapters,
            file: catalogEbookEdition.epubFile,
          })
          .from(catalogEbookEdition)
          .where(eq(catalogEbookEdition.bookId, bookId)),
      ]);
      return { audio: audio.length > 0, ebook: ebook.length > 0, ebookEdition: ebook[0] ?? null };
    },

    /** the book's e-book edition: its EPUB file, pages and sample (a new file replaces the old) */
    async setEbook(bookId: number, edition: { epubFile: string; pages: number; sampleChapters: number }) {
      await db
        .insert(catalogEbookEdition)
        .values({ bookId, ...edition })
        .onConflictDoUpdate({ target: catalogEbookEdition.bookId, set: edition });
      await db
        .update(catalogBook)
        .set({ updatedAt: sql`now()` })
        .where(eq(catalogBook.id, bookId));
    },

    /** the book's audio edition and its chapters (a new recording replaces the old) */
    async setAudio(
      bookId: number,
      edition: { audioFile: string; durationSeconds: number; sampleSeconds: number },
      chapters: { position: number; title: string; startSeconds: number; durationSeconds: number }[],
    ) {
      await db
        .insert(catalogAudioEdition)
        .values({ bookId, ...edition })
        .onConflictDoUpdate({ target: catalogAudioEdition.bookId, set: edition });
      await db.delete(catalogAudioChapter).where(eq(catalogAudioChapter.bookId, bookId));
      for (let at = 0; at < chapters.length; at += 500) {
        await db.insert(catalogAudioChapter).values(
          chapters.slice(at, at + 500).map((c) => ({
            bookId,
            position: c.position,
            title: c.title.slice(0, 300),
            startSeconds: c.startSeconds,
            durationSeconds: c.durationSeconds,
          })),
        );
      }
      await db
        .update(catalogBook)
        .set({ updatedAt: sql`now()` })
        .where(eq(catalogBook.id, bookId));
    },

    async setSampleChapters(bookId: number, sampleChapters: number): Promise<boolean> {
      const rows = await db
        .update(catalogEbookEdition)
        .set({ sampleChapters })
        .where(eq(catalogEbookEdition.bookId, bookId))
        .returning({ id: catalogEbookEdition.bookId });
      return rows.length > 0;
    },

    /** which of `ids` are contributors (or categories, or a publisher) */
    existingContributors: async (ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: catalogContributor.id })
              .from(catalogContributor)
              .where(inArray(catalogContributor.id, ids))
          ).map((r) => r.id),
    existingCategories: async (ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db.select({ id: catalogCategory.id }).from(catalogCategory).where(inArray(catalogCategory.id, ids))
          ).map((r) => r.id),

    slugsLike: async (table: 'book' | 'contributor' | 'publisher', base: string) => {
      const column = { book: catalogBook.slug, contributor: catalogContributor.slug, publisher: catalogPublisher.slug }[
        table
      ];
      const source = { book: catalogBook, contributor: catalogContributor, publisher: catalogPublisher }[table];
      const rows = await db
        .select({ slug: column })
        .from(source)
        .where(or(eq(column, base), sql`${column} like ${`${escapeLike(base)}-%`}`));
      return rows.map((r) => r.slug);
    },

    async insertBook(row: typeof catalogBook.$inferInsert) {
      const [inserted] = await db.insert(catalogBook).values(row).returning();
      return inserted!;
    },

    async updateBook(id: number, set: Partial<typeof catalogBook.$inferInsert>) {
      await db
        .update(catalogBook)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(catalogBook.id, id));
    },

    /** a role's people of a book, in the order given */
    async setPeople(bookId: number, role: Role, contributorIds: number[]) {
      await db
        .delete(catalogBookContributor)
        .where(and(eq(catalogBookContributor.bookId, bookId), eq(catalogBookContributor.role, role)));
      if (contributorIds.length === 0) return;
      await db
        .insert(catalogBookContributor)
        .values(contributorIds.map((contributorId, position) => ({ bookId, contributorId, role, position })));
    },

    async setCategories(bookId: number, categoryIds: number[]) {
      await db.delete(catalogBookCategory).where(eq(catalogBookCategory.bookId, bookId));
      if (categoryIds.length === 0) return;
      await db.insert(catalogBookCategory).values(categoryIds.map((categoryId) => ({ bookId, categoryId })));
    },

    /** drafts whose scheduled time has come, published; answers their ids */
    async publishDue(now: Date): Promise<number[]> {
      const rows = await db
        .update(catalogBook)
        .set({
          status: 'published',
          publishedAt: sql`${catalogBook.publishAt}`,
          publishAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(catalogBook.status, 'draft'), isNotNull(catalogBook.publishAt), lte(catalogBook.publishAt, now)))
        .returning({ id: catalogBook.id });
      return rows.map((r) => r.id);
    },

    // people and publishers

    async contributors(q: string | undefined, limit: number) {
      const books = sql<number>`(select count(*)::int from ${catalogBookContributor} where ${catalogBookContributor.contributorId} = ${catalogContributor.id})`;
      return db
        .select({ id: catalogContributor.id, slug: catalogContributor.slug, name: catalogContributor.name, books })
        .from(catalogContributor)
        .where(q ? ilike(catalogContributor.name, `%${escapeLike(q)}%`) : undefined)
        .orderBy(desc(books), asc(catalogContributor.name))
        .limit(limit);
    },

    async insertContributor(row: typeof catalogContributor.$inferInsert) {
      const [inserted] = await db.insert(catalogContributor).values(row).returning();
      return inserted!;
    },

    async publishers(q: string | undefined, limit: number) {
      const books = sql<number>`(select count(*)::int from ${catalogBook} where ${catalogBook.publisherId} = ${catalogPublisher.id})`;
      return db
        .select({ id: catalogPublisher.id, slug: catalogPublisher.slug, name: catalogPublisher.name, books })
        .from(catalogPublisher)
        .where(q ? ilike(catalogPublisher.name, `%${escapeLike(q)}%`) : undefined)
        .orderBy(desc(books), asc(catalogPublisher.name))
        .limit(limit);
    },

    async insertPublisher(row: typeof catalogPublisher.$inferInsert) {
      const [inserted] = await db.insert(catalogPublisher).values(row).returning();
      return inserted!;
    },

    categories: () =>
      db
        .select({
          id: catalogCategory.id,
          slug: catalogCategory.slug,
          title: catalogCategory.title,
          parentId: catalogCategory.parentId,
        })
        .from(catalogCategory)
        .orderBy(catalogCategory.position, catalogCategory.id),
  };
}

import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, ilike, isNotNull, isNull, lte, or, sql, type SQL } from '@nomsan/db/orm';
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
  catalogSeries,
  catalogSummary,
} from '@nomsan/db/schema/catalog';
import { escapeLike, type Cursor } from '../../lib/keyset';

export type DeskDb = ModuleDb<typeof schema>;
export type DeskBookRowDb = typeof catalogBook.$inferSelect;
export type Role = 'author' | 'narrator' | 'translator';
export type DeskSort = 'updated' | 'title' | 'published';

export { escapeLike, type Cursor };

export interface DeskFilter {
  q?: string;
  status?: 'draft' | 'published' | 'withdrawn' | 'scheduled';
  format?: 'audiobook' | 'ebook' | 'none';
}

/**
 * The catalogue desk's SQL (the back office's editors): the title list over the whole catalogue
 * by keyset, a title with its people and categories, and the writes of titles, people and
 * publishers. The card columns (`card_authors`, `audio_seconds`, `ebook_pages`) are kept by the
 * triggers of migration 0011.
 */
export function catalogDeskRepository(db: DeskDb) {
  // code-point order, the same on every server, and the order of the title index (migration 0040)
  const titleKey = sql<string>`lower(${catalogBook.title}) collate "C"`;
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
              .where(sql`${catalogContributor.id} = any(${sql.param(ids)}::int[])`)
          ).map((r) => r.id),
    existingCategories: async (ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: catalogCategory.id })
              .from(catalogCategory)
              .where(sql`${catalogCategory.id} = any(${sql.param(ids)}::int[])`)
          ).map((r) => r.id),

    existingSeries: async (ids: number[]) =>
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: catalogSeries.id })
              .from(catalogSeries)
              .where(sql`${catalogSeries.id} = any(${sql.param(ids)}::int[])`)
          ).map((r) => r.id),
    series: async (id: number) =>
      (
        await db
          .select({ id: catalogSeries.id, name: catalogSeries.name })
          .from(catalogSeries)
          .where(eq(catalogSeries.id, id))
      )[0],

    slugsLike: async (table: 'book' | 'contributor' | 'publisher' | 'series', base: string) => {
      const column = {
        book: catalogBook.slug,
        contributor: catalogContributor.slug,
        publisher: catalogPublisher.slug,
        series: catalogSeries.slug,
      }[table];
      const source = {
        book: catalogBook,
        contributor: catalogContributor,
        publisher: catalogPublisher,
        series: catalogSeries,
      }[table];
      const rows = await db
        .select({ slug: column })
        .from(source)
        .where(or(eq(column, base), sql`${column} like ${`${escapeLike(base)}-%`}`));
      return rows.map((r) => r.slug);
    },

    /** the slugs taken that are any of `bases` or one of them with a number after it */
    slugsLikeAny: async (table: 'book' | 'contributor' | 'publisher', bases: string[]) => {
      if (bases.length === 0) return [];
      const column = { book: catalogBook.slug, contributor: catalogContributor.slug, publisher: catalogPublisher.slug }[
        table
      ];
      const source = { book: catalogBook, contributor: catalogContributor, publisher: catalogPublisher }[table];
      const patterns = bases.map((base) => `${escapeLike(base)}-%`);
      const rows = await db
        .select({ slug: column })
        .from(source)
        .where(
          or(
            sql`${column} = any(${sql.param(bases)}::text[])`,
            sql`${column} like any(${sql.param(patterns)}::text[])`,
          ),
        );
      return rows.map((r) => r.slug);
    },

    /** new titles, in batches; answers each one's id by its (unique) slug */
    async insertBooks(rows: (typeof catalogBook.$inferInsert)[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (let at = 0; at < rows.length; at += 500) {
        const inserted = await db
          .insert(catalogBook)
          .values(rows.slice(at, at + 500))
          .returning({ id: catalogBook.id, slug: catalogBook.slug });
        for (const row of inserted) ids.set(row.slug, row.id);
      }
      return ids;
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

    /** several books' people of the roles given (each replaced), in the order given */
    async setPeopleMany(entries: { bookId: number; role: Role; contributorIds: number[] }[]) {
      for (const role of ['author', 'narrator', 'translator'] as const) {
        const bookIds = entries.filter((e) => e.role === role).map((e) => e.bookId);
        if (bookIds.length === 0) continue;
        await db
          .delete(catalogBookContributor)
          .where(
            and(
              eq(catalogBookContributor.role, role),
              sql`${catalogBookContributor.bookId} = any(${sql.param(bookIds)}::int[])`,
            ),
          );
      }
      const rows = entries.flatMap(({ bookId, role, contributorIds }) =>
        contributorIds.map((contributorId, position) => ({ bookId, contributorId, role, position })),
      );
      for (let at = 0; at < rows.length; at += 1000)
        await db.insert(catalogBookContributor).values(rows.slice(at, at + 1000));
    },

    /** several books' categories (each replaced) */
    async setCategoriesMany(entries: { bookId: number; categoryIds: number[] }[]) {
      if (entries.length === 0) return;
      await db
        .delete(catalogBookCategory)
        .where(sql`${catalogBookCategory.bookId} = any(${sql.param(entries.map((e) => e.bookId))}::int[])`);
      const rows = entries.flatMap(({ bookId, categoryIds }) =>
        categoryIds.map((categoryId) => ({ bookId, categoryId })),
      );
      for (let at = 0; at < rows.length; at += 1000)
        await db.insert(catalogBookCategory).values(rows.slice(at, at + 1000));
    },

    /** several titles withdrawn at once */
    async withdrawBooks(ids: number[]) {
      if (ids.length === 0) return;
      await db
        .update(catalogBook)
        .set({ status: 'withdrawn', publishAt: null, updatedAt: sql`now()` })
        .where(sql`${catalogBook.id} = any(${sql.param(ids)}::int[])`);
    },

    // many titles at once, for the catalogue import's comparison

    /** titles of books or summaries by id, any status (a bundle's, at the bundles desk) */
    titlesByIds: (kind: 'book' | 'summary', ids: number[]) => {
      const table = kind === 'book' ? catalogBook : catalogSummary;
      return db
        .select({ id: table.id, title: table.title, status: table.status })
        .from(table)
        .where(sql`${table.id} = any(${sql.param(ids)}::int[])`);
    },

    booksByIds: (ids: number[], lock: boolean) => {
      const query = db
        .select()
        .from(catalogBook)
        .where(sql`${catalogBook.id} = any(${sql.param(ids)}::int[])`);
      return lock ? query.for('update') : query;
    },

    peopleOfMany: (bookIds: number[]) =>
      db
        .select({
          bookId: catalogBookContributor.bookId,
          name: catalogContributor.name,
          role: catalogBookContributor.role,
        })
        .from(catalogBookContributor)
        .innerJoin(catalogContributor, eq(catalogContributor.id, catalogBookContributor.contributorId))
        .where(sql`${catalogBookContributor.bookId} = any(${sql.param(bookIds)}::int[])`)
        .orderBy(catalogBookContributor.bookId, catalogBookContributor.role, catalogBookContributor.position),

    categoriesOfMany: (bookIds: number[]) =>
      db
        .select({ bookId: catalogBookCategory.bookId, id: catalogBookCategory.categoryId })
        .from(catalogBookCategory)
        .where(sql`${catalogBookCategory.bookId} = any(${sql.param(bookIds)}::int[])`),

    async editionsOfMany(bookIds: number[]) {
      const [audio, ebook] = await Promise.all([
        db
          .select({ id: catalogAudioEdition.bookId })
          .from(catalogAudioEdition)
          .where(sql`${catalogAudioEdition.bookId} = any(${sql.param(bookIds)}::int[])`),
        db
          .select({ id: catalogEbookEdition.bookId })
          .from(catalogEbookEdition)
          .where(sql`${catalogEbookEdition.bookId} = any(${sql.param(bookIds)}::int[])`),
      ]);
      return { audio: new Set(audio.map((r) => r.id)), ebook: new Set(ebook.map((r) => r.id)) };
    },

    /** contributors (or publishers) whose name is one of `names` in any letter case, oldest first */
    contributorsNamed: (names: string[]) =>
      db
        .select({ id: catalogContributor.id, name: catalogContributor.name })
        .from(catalogContributor)
        .where(sql`lower(${catalogContributor.name}) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])`)
        .orderBy(asc(catalogContributor.id)),
    publishersNamed: (names: string[]) =>
      db
        .select({ id: catalogPublisher.id, name: catalogPublisher.name })
        .from(catalogPublisher)
        .where(sql`lower(${catalogPublisher.name}) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])`)
        .orderBy(asc(catalogPublisher.id)),
    publishersByIds: (ids: number[]) =>
      db
        .select({ id: catalogPublisher.id, name: catalogPublisher.name })
        .from(catalogPublisher)
        .where(sql`${catalogPublisher.id} = any(${sql.param(ids)}::int[])`),

    async insertContributors(rows: (typeof catalogContributor.$inferInsert)[]) {
      const made: { id: number; name: string }[] = [];
      for (let at = 0; at < rows.length; at += 1000)
        made.push(
          ...(await db
            .insert(catalogContributor)
            .values(rows.slice(at, at + 1000))
            .returning({ id: catalogContributor.id, name: catalogContributor.name })),
        );
      return made;
    },
    async insertPublishers(rows: (typeof catalogPublisher.$inferInsert)[]) {
      const made: { id: number; name: string }[] = [];
      for (let at = 0; at < rows.length; at += 1000)
        made.push(
          ...(await db
            .insert(catalogPublisher)
            .values(rows.slice(at, at + 1000))
            .returning({ id: catalogPublisher.id, name: catalogPublisher.name })),
        );
      return made;
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

    /** series holding `q` in their name, those with the most titles first */
    async seriesNamed(q: string | undefined, limit: number) {
      const books = sql<number>`(select count(*)::int from ${catalogBook} where ${catalogBook.seriesId} = ${catalogSeries.id})`;
      return db
        .select({ id: catalogSeries.id, slug: catalogSeries.slug, name: catalogSeries.name, books })
        .from(catalogSeries)
        .where(q ? ilike(catalogSeries.name, `%${escapeLike(q)}%`) : undefined)
        .orderBy(desc(books), asc(catalogSeries.name))
        .limit(limit);
    },

    async insertSeries(row: typeof catalogSeries.$inferInsert) {
      const [inserted] = await db.insert(catalogSeries).values(row).returning();
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

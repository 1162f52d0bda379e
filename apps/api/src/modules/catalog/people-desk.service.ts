import type { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import type {
  deskPersonUpdate,
  deskPublisherUpdate,
  DeskCategoryRow,
  DeskPersonDetail,
  DeskPersonRow,
  DeskPublisherDetail,
  DeskPublisherRow,
} from '@nomsan/contracts/people-desk';
import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import { AppError } from '../../errors';
import { tag } from '../../lib/cache-tags';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { coverImage } from '../../lib/media-urls';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { CatalogDesk } from './catalog-desk.service';
import { peopleDeskRepository } from './people-desk.repository';

/** what the caller records in the transaction of the change (the audit log) */
export type OnChange = (tx: Ctx, change: { id: number | null; before: unknown; after: unknown }) => Promise<void>;
type Picture = { key: string; color: string };

const m = mn.peopleDesk;
const PLACEHOLDER = '#e5e7eb';

/** the same ids in any order, each once */
function sameSet(current: readonly number[], asked: readonly number[]): boolean {
  if (current.length !== asked.length) return false;
  const have = new Set(current);
  return asked.every((id) => have.has(id));
}

/** the fields of `row` a patch names, for the audit log's "before" */
const before = <T extends object>(row: T, patch: object) =>
  Object.fromEntries(Object.keys(patch).map((field) => [field, row[field as keyof T]]));

/**
 * The people, publishers and categories desk (docs/catalog-desk.md, "People, publishers and
 * categories"). Every write runs in one transaction with its audit entry. A slug is never
 * changed: the store's author, publisher and category pages are found by it. A change that
 * shows on titles (a name, a category's title) is announced through the catalogue desk with
 * those titles: their cached pages and cards are dropped in every process after the commit,
 * and search indexes them again (the `search.refresh` job enqueued in the same transaction).
 */
export function peopleDesk(kernel: Kernel, desk: Pick<CatalogDesk, 'announce'>) {
  const repository = boundRepository(peopleDeskRepository);
  const picture = (key: string | null) => (key ? coverImage(kernel.mediaBaseUrl, key, PLACEHOLDER, 'square') : null);

  type PersonDb = NonNullable<Awaited<ReturnType<ReturnType<typeof repository>['people']>>[number]>;
  type PublisherDb = NonNullable<Awaited<ReturnType<ReturnType<typeof repository>['publisher']>>>;

  const personRow = (row: PersonDb): DeskPersonRow => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    titles_count: row.booksCount + row.summariesCount,
    photo: picture(row.photoKey),
  });
  const publisherRow = (row: PublisherDb): DeskPublisherRow => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    books_count: row.booksCount,
    logo: picture(row.logoKey),
  });

  /** a keyset page of rows ordered by (lower(name), id) */
  function page<R extends { id: number; nameKey: string }, T>(rows: R[], limit: number, map: (row: R) => T) {
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { rows: shown.map(map), next: rows.length > limit && last ? encodeCursor([last.nameKey, last.id]) : null };
  }

  async function person(ctx: Ctx, id: number): Promise<DeskPersonDetail> {
    const row = await repository(ctx).person(id);
    if (!row) throw new AppError('NOT_FOUND', m.personNotFound);
    return {
      ...personRow(row),
      bio: row.bio,
      books_count: row.booksCount,
      summaries_count: row.summariesCount,
      // the web's link (apps/web/app/lib/links.ts): a narrator's page when they only narrate
      url: row.narratorOnly ? `/narrators/${row.slug}` : `/authors/${row.slug}`,
    };
  }

  async function publisher(ctx: Ctx, id: number): Promise<DeskPublisherDetail> {
    const row = await repository(ctx).publisher(id);
    if (!row) throw new AppError('NOT_FOUND', m.publisherNotFound);
    return { ...publisherRow(row), description: row.description, url: `/publishers/${row.slug}` };
  }

  async function categories(ctx: Ctx): Promise<DeskCategoryRow[]> {
    return (await repository(ctx).categories()).map((row, index) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      parent_id: row.parentId,
      position: index + 1,
      books_count: row.booksCount,
      summaries_count: row.summariesCount,
      url: `/category/${row.slug}`,
    }));
  }

  /** a person's change: their page, and every title they are on (cards, pages, search) */
  async function personChanged(tx: Ctx, id: number, showsOnTitles: boolean) {
    const titles = showsOnTitles ? await repository(tx).personTitles(id) : { books: [], summaries: [] };
    await desk.announce(
      tx,
      [tag.contributor(id), ...titles.books.map(tag.book), ...titles.summaries.map(tag.summary)],
      titles,
    );
  }

  return {
    async people(ctx: Ctx, q: string | undefined, after: string | undefined, limit: number) {
      return page(await repository(ctx).people(q, decodeCursor(after), limit + 1), limit, personRow);
    },

    person,

    /** a new name shows on each of their titles (cards by the triggers of migration 0011) */
    async updatePerson(
      ctx: Ctx,
      id: number,
      input: z.output<typeof deskPersonUpdate>,
      onChange: OnChange,
    ): Promise<DeskPersonDetail> {
      await transaction(ctx, async (tx) => {
        const row = await repository(tx).person(id, true);
        if (!row) throw new AppError('NOT_FOUND', m.personNotFound);
        await repository(tx).updatePerson(id, input);
        await onChange(tx, { id, before: before(row, input), after: input });
        // the name is on the cards and in search; the biography only on their own page
        await personChanged(tx, id, input.name !== undefined && input.name !== row.name);
      });
      return person(ctx, id);
    },

    async setPersonPhoto(ctx: Ctx, id: number, photo: Picture, onChange: OnChange): Promise<DeskPersonDetail> {
      await transaction(ctx, async (tx) => {
        const row = await repository(tx).person(id, true);
        if (!row) throw new AppError('NOT_FOUND', m.personNotFound);
        await repository(tx).updatePerson(id, { photoKey: photo.key });
        await onChange(tx, { id, before: { photo: row.photoKey }, after: { photo: photo.key } });
        await personChanged(tx, id, false);
      });
      return person(ctx, id);
    },

    async publishers(ctx: Ctx, q: string | undefined, after: string | undefined, limit: number) {
      return page(await repository(ctx).publishers(q, decodeCursor(after), limit + 1), limit, publisherRow);
    },

    publisher,

    /** a new name shows on the pages of its books and in search; the description on its page */
    async updatePublisher(
      ctx: Ctx,
      id: number,
      input: z.output<typeof deskPublisherUpdate>,
      onChange: OnChange,
    ): Promise<DeskPublisherDetail> {
      await transaction(ctx, async (tx) => {
        const row = await repository(tx).publisher(id, true);
        if (!row) throw new AppError('NOT_FOUND', m.publisherNotFound);
        await repository(tx).updatePublisher(id, input);
        await onChange(tx, { id, before: before(row, input), after: input });
        const books =
          input.name !== undefined && input.name !== row.name ? await repository(tx).publisherBooks(id) : [];
        // the publisher's own page is cached under the coarse tag, which every change drops
        await desk.announce(tx, books.map(tag.book), { books });
      });
      return publisher(ctx, id);
    },

    async setPublisherLogo(ctx: Ctx, id: number, logo: Picture, onChange: OnChange): Promise<DeskPublisherDetail> {
      await transaction(ctx, async (tx) => {
        const row = await repository(tx).publisher(id, true);
        if (!row) throw new AppError('NOT_FOUND', m.publisherNotFound);
        await repository(tx).updatePublisher(id, { logoKey: logo.key });
        await onChange(tx, { id, before: { logo: row.logoKey }, after: { logo: logo.key } });
        await desk.announce(tx, []);
      });
      return publisher(ctx, id);
    },

    categories,

    /** a new category, last in the order; its slug made from its title, unique among categories */
    async createCategory(ctx: Ctx, title: string, onChange: OnChange): Promise<DeskCategoryRow[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockCategories();
        const base = slugify(title);
        const slug = uniqueSlug(base, new Set(await repository(tx).categorySlugsLike(base)));
        const id = await repository(tx).insertCategory({ slug, title });
        await onChange(tx, { id, before: null, after: { title, slug } });
        await desk.announce(tx, [tag.categories]);
      });
      return categories(ctx);
    },

    /** a new title (the slug stays) on the category's page, its titles' pages and in search */
    async renameCategory(ctx: Ctx, id: number, title: string, onChange: OnChange): Promise<DeskCategoryRow[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockCategories();
        const row = await repository(tx).category(id);
        if (!row) throw new AppError('NOT_FOUND', m.categoryNotFound);
        await repository(tx).renameCategory(id, title);
        await onChange(tx, { id, before: { title: row.title }, after: { title } });
        const titles = row.title === title ? { books: [], summaries: [] } : await repository(tx).categoryTitles(id);
        await desk.announce(
          tx,
          [tag.categories, tag.category(id), ...titles.books.map(tag.book), ...titles.summaries.map(tag.summary)],
          titles,
        );
      });
      return categories(ctx);
    },

    /** the categories' new order: exactly the categories there are, each once (else 409) */
    async orderCategories(ctx: Ctx, ids: number[], onChange: OnChange): Promise<DeskCategoryRow[]> {
      await transaction(ctx, async (tx) => {
        await repository(tx).lockCategories();
        const current = (await repository(tx).categories()).map((row) => row.id);
        if (!sameSet(current, ids)) throw new AppError('CONFLICT', m.orderStale);
        await repository(tx).orderCategories(ids);
        await onChange(tx, { id: null, before: current, after: ids });
        await desk.announce(tx, [tag.categories]);
      });
      return categories(ctx);
    },
  };
}

export type PeopleDesk = ReturnType<typeof peopleDesk>;

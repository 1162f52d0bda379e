import type { z } from 'zod';
import type {
  deskBookCreate,
  deskBookUpdate,
  DeskBook,
  DeskBookRow,
  deskPersonCreate,
  deskPublisherCreate,
  deskSeriesCreate,
} from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import { AppError } from '../../errors';
import { tag } from '../../lib/cache-tags';
import { groupBy } from '../../lib/group-by';
import { decodeCursor, encodeCursor } from '../../lib/keyset';
import { coverImage } from '../../lib/media-urls';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import {
  catalogDeskRepository,
  type DeskBookRowDb,
  type DeskFilter,
  type DeskSort,
  type Role,
} from './catalog-desk.repository';

type Create = z.output<typeof deskBookCreate>;
type Update = z.output<typeof deskBookUpdate>;
/** what the caller records in the transaction of the change (the audit log) */
type OnChange = (tx: Ctx, change: { id: number; before: unknown; after: unknown }) => Promise<void>;

/** a title as the catalogue import compares it (`desk.states`) */
export interface BookState {
  book: DeskBookRowDb;
  publisher: string | null;
  people: Record<Role, string[]>;
  categoryIds: number[];
  hasAudio: boolean;
  hasEbook: boolean;
}

const ROLES: [Role, 'author_ids' | 'narrator_ids' | 'translator_ids'][] = [
  ['author', 'author_ids'],
  ['narrator', 'narrator_ids'],
  ['translator', 'translator_ids'],
];

// the keyset's cursor (lib/keyset.ts), which the summaries' list takes from here
export { decodeCursor, encodeCursor };

/** the books and summaries a desk write changed, by id */
export interface ChangedTitles {
  books: number[];
  summaries: number[];
}

/**
 * The catalogue desk (docs/catalog-desk.md): what editors list, open, create and change. Every
 * write runs in one transaction with its audit entry, then drops the title's cached answers in
 * every process and tells the listeners which titles changed (search indexes them again).
 */
/** what the desk asks commerce: the formats of a title on sale (priced, rented or in a subscription) */
export interface DeskSales {
  formatsOnSale(ctx: Ctx, bookId: number): Promise<('audiobook' | 'ebook')[]>;
}

export function catalogDesk(kernel: Kernel, sales: DeskSales) {
  const repository = boundRepository(catalogDeskRepository);
  const listeners: ((ctx: Ctx, changed: ChangedTitles) => Promise<void>)[] = [];
  const cover = (row: { coverKey: string | null; coverColor: string }) =>
    coverImage(kernel.mediaBaseUrl, row.coverKey, row.coverColor, 'book');

  async function view(ctx: Ctx, id: number): Promise<DeskBook> {
    const book = await repository(ctx).book(id);
    if (!book) throw new AppError('NOT_FOUND', mn.catalogDesk.bookNotFound);
    const [people, categories, editions, publisher, series] = await Promise.all([
      repository(ctx).peopleOf(id),
      repository(ctx).categoriesOf(id),
      repository(ctx).editions(id),
      book.publisherId ? repository(ctx).publisher(book.publisherId) : Promise.resolve(undefined),
      book.seriesId ? repository(ctx).series(book.seriesId) : Promise.resolve(undefined),
    ]);
    const of = (role: Role) =>
      people.filter((p) => p.role === role).map(({ id: pid, name, slug }) => ({ id: pid, name, slug }));
    return {
      id: book.id,
      slug: book.slug,
      title: book.title,
      subtitle: book.subtitle,
      description: book.description,
      short_description: book.shortDescription,
      kind: book.kind,
      language: book.language,
      published_year: book.publishedYear,
      publisher: publisher ? { id: publisher.id, name: publisher.name } : null,
      english_level: book.englishLevel,
      series: series ? { id: series.id, name: series.name } : null,
      series_position: series ? book.seriesPosition : null,
      authors: of('author'),
      narrators: of('narrator'),
      translators: of('translator'),
      categories,
      status: book.status,
      publish_at: book.publishAt?.toISOString() ?? null,
      published_at: book.publishedAt.toISOString(),
      has_audio: editions.audio,
      has_ebook: editions.ebook,
      ebook: editions.ebookEdition
        ? { pages: editions.ebookEdition.pages, sample_chapters: editions.ebookEdition.sampleChapters }
        : null,
      cover: cover(book),
      // the web's links (apps/web/app/lib/links.ts): a book at /{slug}, an English book under /english-book
      url: book.kind === 'english_book' ? `/english-book/${book.slug}` : `/${book.slug}`,
      updated_at: book.updatedAt.toISOString(),
    };
  }

  /** people, categories and the publishers named by forms exist (else a field error) */
  async function checkReferences(ctx: Ctx, inputs: Partial<Create>[]) {
    const people = [...new Set(inputs.flatMap((input) => ROLES.flatMap(([, field]) => input[field] ?? [])))];
    const found = new Set(await repository(ctx).existingContributors(people));
    if (people.some((id) => !found.has(id))) {
      throw new AppError('VALIDATION_ERROR', mn.catalogDesk.unknownPeople, {
        author_ids: mn.catalogDesk.unknownPeople,
      });
    }
    const categories = [...new Set(inputs.flatMap((input) => input.category_ids ?? []))];
    const known = new Set(await repository(ctx).existingCategories(categories));
    if (categories.some((id) => !known.has(id))) {
      throw new AppError('VALIDATION_ERROR', mn.catalogDesk.unknownCategories, {
        category_ids: mn.catalogDesk.unknownCategories,
      });
    }
    const publishers = [...new Set(inputs.flatMap((input) => (input.publisher_id ? [input.publisher_id] : [])))];
    const publishersFound = new Set(
      publishers.length > 0 ? (await repository(ctx).publishersByIds(publishers)).map((p) => p.id) : [],
    );
    if (publishers.some((id) => !publishersFound.has(id))) {
      throw new AppError('VALIDATION_ERROR', mn.catalogDesk.unknownPublisher, {
        publisher_id: mn.catalogDesk.unknownPublisher,
      });
    }
    const series = [...new Set(inputs.flatMap((input) => (input.series_id ? [input.series_id] : [])))];
    const seriesFound = new Set(await repository(ctx).existingSeries(series));
    if (series.some((id) => !seriesFound.has(id))) {
      throw new AppError('VALIDATION_ERROR', mn.catalogDesk.unknownSeries, { series_id: mn.catalogDesk.unknownSeries });
    }
  }

  /**
   * A form's input as it leaves the title: an English level only on an English book (the kind
   * set to `book` clears it), a number in a series only with a series (the series cleared
   * clears it). `current` is the title as stored (none: a new one). Else a field error.
   */
  function settled<T extends Partial<Create>>(
    input: T,
    current?: Pick<DeskBookRowDb, 'kind' | 'englishLevel' | 'seriesId' | 'seriesPosition'>,
  ): T {
    const out: Partial<Create> = { ...input };
    const kind = input.kind ?? current?.kind ?? 'book';
    if (kind === 'book') {
      if (input.english_level) {
        throw new AppError('VALIDATION_ERROR', mn.catalogDesk.englishLevelEnglishOnly, {
          english_level: mn.catalogDesk.englishLevelEnglishOnly,
        });
      }
      if (input.kind === 'book' && input.english_level === undefined && (current?.englishLevel ?? null) !== null) {
        out.english_level = null;
      }
    }
    const series = input.series_id !== undefined ? input.series_id : (current?.seriesId ?? null);
    if (series === null) {
      if (input.series_position) {
        throw new AppError('VALIDATION_ERROR', mn.catalogDesk.seriesPositionNeedsSeries, {
          series_position: mn.catalogDesk.seriesPositionNeedsSeries,
        });
      }
      if (
        input.series_id === null &&
        input.series_position === undefined &&
        (current?.seriesPosition ?? null) !== null
      ) {
        out.series_position = null;
      }
    }
    return out as T;
  }

  /** the people and categories of many titles, each field given replacing the title's */
  async function writeLinks(ctx: Ctx, entries: { id: number; input: Partial<Create> }[]) {
    await repository(ctx).setPeopleMany(
      entries.flatMap(({ id, input }) =>
        ROLES.flatMap(([role, field]) => {
          const ids = input[field];
          return ids ? [{ bookId: id, role, contributorIds: [...new Set(ids)] }] : [];
        }),
      ),
    );
    await repository(ctx).setCategoriesMany(
      entries.flatMap(({ id, input }) =>
        input.category_ids ? [{ bookId: id, categoryIds: [...new Set(input.category_ids)] }] : [],
      ),
    );
  }

  /**
   * New titles as drafts, in the caller's transaction: references checked, slugs made from the
   * titles (kept unique among themselves too), rows and links written in batches. Answers
   * their ids in the order given. Every title the desk makes is made here.
   */
  async function createAll(tx: Ctx, inputs: Create[]): Promise<number[]> {
    if (inputs.length === 0) return [];
    inputs = inputs.map((input) => settled(input));
    await checkReferences(tx, inputs);
    const bases = inputs.map((input) => slugify(input.title));
    const taken = new Set(await repository(tx).slugsLikeAny('book', [...new Set(bases)]));
    const slugs = bases.map((base) => {
      const slug = uniqueSlug(base, taken);
      taken.add(slug);
      return slug;
    });
    const ids = await repository(tx).insertBooks(
      inputs.map((input, i) => ({
        ...columnsOf(input),
        title: input.title,
        slug: slugs[i]!,
        status: 'draft' as const,
      })),
    );
    const made = slugs.map((slug) => ids.get(slug)!);
    await writeLinks(
      tx,
      inputs.map((input, i) => ({ id: made[i]!, input })),
    );
    return made;
  }

  /** titles' fields, people and categories changed, in the caller's transaction; the patches as written */
  async function updateAll(tx: Ctx, given: { id: number; input: Update }[]): Promise<{ id: number; input: Update }[]> {
    if (given.length === 0) return [];
    const ruled = (input: Update) =>
      input.kind !== undefined ||
      input.english_level !== undefined ||
      input.series_id !== undefined ||
      input.series_position !== undefined;
    const ids = given.filter((p) => ruled(p.input)).map((p) => p.id);
    const current = new Map(
      (ids.length > 0 ? await repository(tx).booksByIds(ids, false) : []).map((row) => [row.id, row]),
    );
    const patches = given.map(({ id, input }) => ({
      id,
      input: ruled(input) ? settled(input, current.get(id)) : input,
    }));
    await checkReferences(
      tx,
      patches.map((p) => p.input),
    );
    for (const { id, input } of patches) {
      const columns = columnsOf(input);
      if (Object.keys(columns).length > 0) await repository(tx).updateBook(id, columns);
    }
    await writeLinks(tx, patches);
    return patches;
  }

  /** the oldest person (or publisher) of each name, in any letter case; ids by lower-case name */
  async function named(ctx: Ctx, table: 'contributor' | 'publisher', names: string[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (names.length === 0) return ids;
    const rows =
      table === 'contributor'
        ? await repository(ctx).contributorsNamed(names)
        : await repository(ctx).publishersNamed(names);
    for (const row of rows) if (!ids.has(row.name.toLowerCase())) ids.set(row.name.toLowerCase(), row.id);
    return ids;
  }

  /** the people (or publishers) of these names, made when missing; ids by lower-case name */
  async function namedOrMade(tx: Ctx, table: 'contributor' | 'publisher', names: string[]) {
    const wanted = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
    const ids = await named(tx, table, wanted);
    const missing = wanted.filter((name) => !ids.has(name.toLowerCase()));
    if (missing.length === 0) return ids;
    const bases = missing.map((name) => slugify(name));
    const taken = new Set(await repository(tx).slugsLikeAny(table, [...new Set(bases)]));
    const rows = missing.map((name, i) => {
      const slug = uniqueSlug(bases[i]!, taken);
      taken.add(slug);
      return { name, slug };
    });
    const made =
      table === 'contributor'
        ? await repository(tx).insertContributors(rows)
        : await repository(tx).insertPublishers(rows);
    for (const row of made) ids.set(row.name.toLowerCase(), row.id);
    return ids;
  }

  /**
   * drops the cached answers made from `tags` in every process and tells the listeners which
   * titles changed (none: a change no title's text or standing depends on)
   */
  async function announce(ctx: Ctx, tags: string[], titles: Partial<ChangedTitles> = {}) {
    kernel.invalidate(ctx, [...tags, tag.catalog]);
    const changed = { books: titles.books ?? [], summaries: titles.summaries ?? [] };
    if (changed.books.length + changed.summaries.length === 0) return;
    for (const listener of listeners) await listener(ctx, changed);
  }

  const changed = (ctx: Ctx, ids: number[]) =>
    announce(
      ctx,
      ids.map((id) => tag.book(id)),
      { books: ids },
    );

  const columnsOf = (input: Partial<Create>) => ({
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.subtitle !== undefined ? { subtitle: input.subtitle } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.short_description !== undefined ? { shortDescription: input.short_description } : {}),
    ...(input.kind !== undefined ? { kind: input.kind } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
    ...(input.published_year !== undefined ? { publishedYear: input.published_year } : {}),
    ...(input.publisher_id !== undefined ? { publisherId: input.publisher_id } : {}),
    ...(input.english_level !== undefined ? { englishLevel: input.english_level } : {}),
    ...(input.series_id !== undefined ? { seriesId: input.series_id } : {}),
    ...(input.series_position !== undefined ? { seriesPosition: input.series_position } : {}),
  });

  return {
    /** hears, in the writing transaction, of every title the desk changes (search indexes them again) */
    onChanged(listener: (ctx: Ctx, changed: ChangedTitles) => Promise<void>): void {
      listeners.push(listener);
    },

    /** another of the desk's writes (a summary's) announced as the titles' are: caches dropped, listeners told */
    announce,

    /** the people, categories, publishers and series named by a form exist (else a field error); the summaries' too */
    checkReferences,

    async books(
      ctx: Ctx,
      filter: DeskFilter,
      sort: DeskSort,
      after: string | undefined,
      limit: number,
    ): Promise<{ rows: DeskBookRow[]; next: string | null }> {
      const rows = await repository(ctx).books(filter, sort, decodeCursor(after), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const next =
        rows.length > limit && last
          ? encodeCursor([
              sort === 'title' ? last.titleKey : sort === 'published' ? last.publishedKey : last.updatedKey,
              last.id,
            ])
          : null;
      return {
        rows: page.map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          authors: row.cardAuthors.map((a) => a.name),
          status: row.status,
          publish_at: row.publishAt?.toISOString() ?? null,
          has_audio: row.audioSeconds !== null,
          has_ebook: row.ebookPages !== null,
          published_at: row.publishedAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          cover: cover(row),
        })),
        next,
      };
    },

    book: view,

    /** a new title, a draft until it is published */
    async create(ctx: Ctx, input: Create, onChange: OnChange): Promise<DeskBook> {
      const id = await transaction(ctx, async (tx) => {
        const [made] = await createAll(tx, [input]);
        await onChange(tx, { id: made!, before: null, after: input });
        await changed(tx, [made!]);
        return made!;
      });
      return view(ctx, id);
    },

    async update(ctx: Ctx, id: number, input: Update, onChange: OnChange): Promise<DeskBook> {
      await transaction(ctx, async (tx) => {
        const before = await repository(tx).book(id, true);
        if (!before) throw new AppError('NOT_FOUND', mn.catalogDesk.bookNotFound);
        const beforeView = await view(tx, id);
        const [written] = await updateAll(tx, [{ id, input }]);
        const after = written!.input;
        const fields = Object.keys(after) as (keyof Update)[];
        await onChange(tx, {
          id,
          before: Object.fromEntries(fields.map((f) => [f, pick(beforeView, f)])),
          after,
        });
        await changed(tx, [id]);
      });
      return view(ctx, id);
    },

    /**
     * Many titles made and changed in the caller's transaction (the catalogue import), by the
     * same paths as the form's: new ones as drafts, then changes, then withdrawals; the cached
     * answers of all of them dropped once and the listeners told once. Answers the new ids in
     * the order given.
     */
    async writeMany(
      tx: Ctx,
      work: { create: Create[]; update: { id: number; input: Update }[]; withdraw: number[] },
    ): Promise<number[]> {
      const made = await createAll(tx, work.create);
      await updateAll(tx, work.update);
      await repository(tx).withdrawBooks(work.withdraw);
      const touched = [...made, ...work.update.map((u) => u.id), ...work.withdraw];
      if (touched.length > 0) await changed(tx, touched);
      return made;
    },

    /** people and publishers by name (the import's); `namedOrMade` makes the missing ones */
    named,
    namedOrMade,

    /**
     * Many titles as the import compares them: their columns, people's names by role in order,
     * category ids, the publisher's name and which files they hold; locked in a transaction.
     */
    async states(ctx: Ctx, ids: number[]) {
      const books = ids.length > 0 ? await repository(ctx).booksByIds(ids, ctx.inTransaction) : [];
      if (books.length === 0) return new Map<number, BookState>();
      const [people, categories, editions, publishers] = await Promise.all([
        repository(ctx).peopleOfMany(ids),
        repository(ctx).categoriesOfMany(ids),
        repository(ctx).editionsOfMany(ids),
        repository(ctx).publishersByIds([...new Set(books.flatMap((b) => (b.publisherId ? [b.publisherId] : [])))]),
      ]);
      const publisherName = new Map(publishers.map((p) => [p.id, p.name]));
      const peopleOf = groupBy(people, (p) => p.bookId);
      const categoriesOf = groupBy(categories, (c) => c.bookId);
      return new Map(
        books.map((book): [number, BookState] => {
          const own = peopleOf.get(book.id) ?? [];
          const of = (role: Role) => own.filter((p) => p.role === role).map((p) => p.name);
          return [
            book.id,
            {
              book,
              publisher: book.publisherId ? (publisherName.get(book.publisherId) ?? null) : null,
              people: { author: of('author'), narrator: of('narrator'), translator: of('translator') },
              categoryIds: (categoriesOf.get(book.id) ?? []).map((c) => c.id),
              hasAudio: editions.audio.has(book.id),
              hasEbook: editions.ebook.has(book.id),
            },
          ];
        }),
      );
    },

    /** publish now, withdraw, back to draft, or a draft with its publication scheduled */
    async setStatus(
      ctx: Ctx,
      id: number,
      input: { status: 'draft' | 'published' | 'withdrawn'; publish_at: string | null },
      onChange: OnChange,
    ): Promise<DeskBook> {
      await transaction(ctx, async (tx) => {
        const book = await repository(tx).book(id, true);
        if (!book) throw new AppError('NOT_FOUND', mn.catalogDesk.bookNotFound);
        const publishAt = input.publish_at ? new Date(input.publish_at) : null;
        if (publishAt && publishAt <= kernel.clock.now()) {
          throw new AppError('VALIDATION_ERROR', mn.catalogDesk.scheduleInPast, {
            publish_at: mn.catalogDesk.scheduleInPast,
          });
        }
        if (input.status === 'published' || publishAt) {
          const editions = await repository(tx).editions(id);
          if (!editions.audio && !editions.ebook)
            throw new AppError('BUSINESS_RULE', mn.catalogDesk.publishNeedsEdition);
          // a price of a format with no file (an imported audiobook price, an e-book only) would sell nothing
          const unfilled = (await sales.formatsOnSale(tx, id)).filter((format) =>
            format === 'audiobook' ? !editions.audio : !editions.ebook,
          );
          if (unfilled.length > 0) {
            const names = unfilled.map((format) => mn.catalogDesk.formatNames[format]).join(', ');
            throw new AppError('BUSINESS_RULE', mn.catalogDesk.publishNeedsPricedFile(names));
          }
        }
        await repository(tx).updateBook(id, {
          status: input.status,
          publishAt,
          // a title published now is new from now (the "newest" lists); once published it keeps its date
          ...(input.status === 'published' && book.status !== 'published' ? { publishedAt: kernel.clock.now() } : {}),
        });
        await onChange(tx, {
          id,
          before: { status: book.status, publish_at: book.publishAt?.toISOString() ?? null },
          after: { status: input.status, publish_at: publishAt?.toISOString() ?? null },
        });
        await changed(tx, [id]);
      });
      return view(ctx, id);
    },

    /**
     * The title's e-book: a file the media module checked and kept (`file`), or only how many
     * chapters visitors may read; audited, and the public pages follow.
     */
    async setEbook(
      ctx: Ctx,
      id: number,
      input: { file?: { name: string; pages: number }; sampleChapters?: number },
      onChange: OnChange,
    ): Promise<DeskBook> {
      await transaction(ctx, async (tx) => {
        const book = await repository(tx).book(id, true);
        if (!book) throw new AppError('NOT_FOUND', mn.catalogDesk.bookNotFound);
        const { ebookEdition } = await repository(tx).editions(id);
        const sampleChapters = input.sampleChapters ?? ebookEdition?.sampleChapters ?? 1;
        if (input.file) {
          await repository(tx).setEbook(id, { epubFile: input.file.name, pages: input.file.pages, sampleChapters });
        } else if (!(await repository(tx).setSampleChapters(id, sampleChapters))) {
          throw new AppError('BUSINESS_RULE', mn.catalogDesk.noEbookYet);
        }
        await onChange(tx, {
          id,
          before: ebookEdition,
          after: {
            file: input.file?.name ?? ebookEdition?.file,
            pages: input.file?.pages ?? ebookEdition?.pages,
            sampleChapters,
          },
        });
        await changed(tx, [id]);
      });
      return view(ctx, id);
    },

    /** a recording made by the media module: the title's audio edition and chapters */
    async setAudio(
      ctx: Ctx,
      id: number,
      audio: {
        audioFile: string;
        durationSeconds: number;
        sampleSeconds: number;
        chapters: { position: number; title: string; startSeconds: number; durationSeconds: number }[];
      },
    ): Promise<void> {
      await transaction(ctx, async (tx) => {
        const { chapters, ...edition } = audio;
        await repository(tx).setAudio(id, edition, chapters);
        await changed(tx, [id]);
      });
    },

    /** the title's cover: a key of the media store and its colour */
    async setCover(ctx: Ctx, id: number, cover: { key: string; color: string }, onChange: OnChange): Promise<DeskBook> {
      await transaction(ctx, async (tx) => {
        const book = await repository(tx).book(id, true);
        if (!book) throw new AppError('NOT_FOUND', mn.catalogDesk.bookNotFound);
        await repository(tx).updateBook(id, { coverKey: cover.key, coverColor: cover.color });
        await onChange(tx, { id, before: { cover: book.coverKey }, after: { cover: cover.key } });
        await changed(tx, [id]);
      });
      return view(ctx, id);
    },

    /** the minute's work: scheduled drafts whose time has come are published */
    async publishDue(ctx: Ctx, record: (tx: Ctx, ids: number[]) => Promise<void>): Promise<number> {
      return transaction(ctx, async (tx) => {
        const ids = await repository(tx).publishDue(kernel.clock.now());
        if (ids.length === 0) return 0;
        await record(tx, ids);
        await changed(tx, ids);
        return ids.length;
      });
    },

    contributors: (ctx: Ctx, q: string | undefined, limit: number) => repository(ctx).contributors(q, limit),

    async createContributor(ctx: Ctx, input: z.output<typeof deskPersonCreate>, onChange: OnChange) {
      return transaction(ctx, async (tx) => {
        const base = slugify(input.name);
        const slug = uniqueSlug(base, new Set(await repository(tx).slugsLike('contributor', base)));
        const row = await repository(tx).insertContributor({ name: input.name, bio: input.bio, slug });
        await onChange(tx, { id: row.id, before: null, after: { name: row.name } });
        return { id: row.id, slug: row.slug, name: row.name, books: 0 };
      });
    },

    publishers: (ctx: Ctx, q: string | undefined, limit: number) => repository(ctx).publishers(q, limit),

    async createPublisher(ctx: Ctx, input: z.output<typeof deskPublisherCreate>, onChange: OnChange) {
      return transaction(ctx, async (tx) => {
        const base = slugify(input.name);
        const slug = uniqueSlug(base, new Set(await repository(tx).slugsLike('publisher', base)));
        const row = await repository(tx).insertPublisher({ name: input.name, description: input.description, slug });
        await onChange(tx, { id: row.id, before: null, after: { name: row.name } });
        return { id: row.id, slug: row.slug, name: row.name, books: 0 };
      });
    },

    /** series of titles holding `q` in their name (the form's picker) */
    series: (ctx: Ctx, q: string | undefined, limit: number) => repository(ctx).seriesNamed(q, limit),

    async createSeries(ctx: Ctx, input: z.output<typeof deskSeriesCreate>, onChange: OnChange) {
      return transaction(ctx, async (tx) => {
        const base = slugify(input.name);
        const slug = uniqueSlug(base, new Set(await repository(tx).slugsLike('series', base)));
        const row = await repository(tx).insertSeries({ name: input.name, slug });
        await onChange(tx, { id: row.id, before: null, after: { name: row.name } });
        return { id: row.id, slug: row.slug, name: row.name, books: 0 };
      });
    },

    /**
     * Books or summaries by id, any status, in the order asked (the bundles desk's titles);
     * the ids that are none are left out.
     */
    async titles(ctx: Ctx, kind: 'book' | 'summary', ids: readonly number[]) {
      if (ids.length === 0) return [];
      const byId = new Map((await repository(ctx).titlesByIds(kind, [...ids])).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [{ id, title: row.title, published: row.status === 'published' }] : [];
      });
    },

    categories: async (ctx: Ctx) =>
      (await repository(ctx).categories()).map((c) => ({
        id: c.id,
        slug: c.slug,
        title: c.title,
        parent_id: c.parentId,
      })),
  };
}

export type CatalogDesk = ReturnType<typeof catalogDesk>;

/** a form field's current value in the desk's view, for the audit log's "before" */
function pick(view: DeskBook, field: keyof Update): unknown {
  switch (field) {
    case 'author_ids':
      return view.authors.map((p) => p.id);
    case 'narrator_ids':
      return view.narrators.map((p) => p.id);
    case 'translator_ids':
      return view.translators.map((p) => p.id);
    case 'category_ids':
      return view.categories.map((c) => c.id);
    case 'publisher_id':
      return view.publisher?.id ?? null;
    case 'series_id':
      return view.series?.id ?? null;
    default:
      return view[field];
  }
}

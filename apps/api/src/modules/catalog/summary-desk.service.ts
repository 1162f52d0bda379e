import type { z } from 'zod';
import type {
  deskSummaryCreate,
  deskSummaryUpdate,
  DeskSummary,
  DeskSummaryRow,
  BookStatus,
} from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { slugify, uniqueSlug } from '@nomsan/contracts/slug';
import { AppError } from '../../errors';
import { tag } from '../../lib/cache-tags';
import { coverImage } from '../../lib/media-urls';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { decodeCursor, encodeCursor, type CatalogDesk } from './catalog-desk.service';
import {
  summaryDeskRepository,
  type SummaryFilter,
  type SummaryRowDb,
  type SummarySort,
} from './summary-desk.repository';

type Create = z.output<typeof deskSummaryCreate>;
type Update = z.output<typeof deskSummaryUpdate>;
/** what the caller records in the transaction of the change (the audit log) */
type OnChange = (tx: Ctx, change: { id: number; before: unknown; after: unknown }) => Promise<void>;

/** words read a minute, for a summary whose reading time the editor leaves to the store */
const WORDS_A_MINUTE = 180;

/** minutes to read these paragraphs: at least one */
export function readingMinutesOf(body: readonly string[]): number {
  const words = body.reduce((sum, paragraph) => sum + paragraph.split(/\s+/).filter(Boolean).length, 0);
  return Math.max(1, Math.ceil(words / WORDS_A_MINUTE));
}

/**
 * Book summaries at the catalogue desk (docs/catalog-desk.md, "Summaries"): listed, made as
 * drafts, edited, published once they have their text and their recording, withdrawn. Every
 * write runs in one transaction with its audit entry, then is announced as the desk's titles
 * are: the summary's cached answers dropped in every process and the search index rebuilt.
 */
export function summaryDesk(kernel: Kernel, desk: Pick<CatalogDesk, 'announce' | 'checkReferences'>) {
  const repository = boundRepository(summaryDeskRepository);
  const cover = (row: { coverKey: string | null; coverColor: string }) =>
    coverImage(kernel.mediaBaseUrl, row.coverKey, row.coverColor, 'square');
  const changed = (ctx: Ctx, id: number) => desk.announce(ctx, [tag.summary(id)], { summaries: [id] });

  async function locked(tx: Ctx, id: number): Promise<SummaryRowDb> {
    const row = await repository(tx).summary(id, true);
    if (!row) throw new AppError('NOT_FOUND', mn.catalogDesk.summaryNotFound);
    return row;
  }

  async function view(ctx: Ctx, id: number): Promise<DeskSummary> {
    const row = await repository(ctx).summary(id);
    if (!row) throw new AppError('NOT_FOUND', mn.catalogDesk.summaryNotFound);
    const [book, authors, categories] = await Promise.all([
      row.bookId ? repository(ctx).book(row.bookId) : Promise.resolve(undefined),
      repository(ctx).authorsOf(id),
      repository(ctx).categoriesOf(id),
    ]);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      body: row.body,
      book: book ? { id: book.id, title: book.title } : null,
      authors,
      categories,
      reading_minutes: row.readingMinutes,
      status: row.status,
      published_at: row.publishedAt.toISOString(),
      has_audio: row.audioFile !== null,
      audio_duration_seconds: row.audioDurationSeconds,
      cover: cover(row),
      // the web's link (apps/web/app/lib/links.ts)
      url: `/summary/${row.slug}`,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** the book named by a form exists (else a field error) */
  async function checkBook(ctx: Ctx, bookId: number | null | undefined) {
    if (!bookId) return;
    if (!(await repository(ctx).book(bookId))) {
      throw new AppError('VALIDATION_ERROR', mn.catalogDesk.bookNotFound, { book_id: mn.catalogDesk.bookNotFound });
    }
  }

  /** the authors and categories a form names exist (else a field error, the titles' own) */
  const checkLinks = (ctx: Ctx, input: Update) =>
    desk.checkReferences(ctx, [
      {
        ...(input.author_ids ? { author_ids: input.author_ids } : {}),
        ...(input.category_ids ? { category_ids: input.category_ids } : {}),
      },
    ]);

  /** the authors and categories a form holds, each replacing the summary's */
  async function writeLinks(tx: Ctx, id: number, input: Update) {
    if (input.author_ids) await repository(tx).setAuthors(id, [...new Set(input.author_ids)]);
    if (input.category_ids) await repository(tx).setCategories(id, [...new Set(input.category_ids)]);
  }

  const columnsOf = (input: Update) => ({
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.book_id !== undefined ? { bookId: input.book_id } : {}),
  });

  return {
    async summaries(
      ctx: Ctx,
      filter: SummaryFilter,
      sort: SummarySort,
      after: string | undefined,
      limit: number,
    ): Promise<{ rows: DeskSummaryRow[]; next: string | null }> {
      const rows = await repository(ctx).summaries(filter, sort, decodeCursor(after), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page.map((row) => ({
          id: row.id,
          slug: row.slug,
          title: row.title,
          book_title: row.bookTitle,
          status: row.status,
          has_text: row.hasText,
          has_audio: row.audioFile !== null,
          reading_minutes: row.readingMinutes,
          updated_at: row.updatedAt.toISOString(),
          cover: cover(row),
        })),
        next:
          rows.length > limit && last
            ? encodeCursor([sort === 'title' ? last.titleKey : last.updatedKey, last.id])
            : null,
      };
    },

    summary: view,

    /** a new summary, a draft until it is published; its slug made from its title */
    async create(ctx: Ctx, input: Create, onChange: OnChange): Promise<DeskSummary> {
      const id = await transaction(ctx, async (tx) => {
        await checkBook(tx, input.book_id);
        await checkLinks(tx, input);
        const base = slugify(input.title);
        const slug = uniqueSlug(base, new Set(await repository(tx).slugsLike(base)));
        const made = await repository(tx).insert({
          ...columnsOf(input),
          title: input.title,
          slug,
          readingMinutes: input.reading_minutes ?? readingMinutesOf(input.body),
          status: 'draft',
        });
        await writeLinks(tx, made, input);
        await onChange(tx, { id: made, before: null, after: input });
        await changed(tx, made);
        return made;
      });
      return view(ctx, id);
    },

    /** fields changed; `reading_minutes: null` estimates it again from the (new) text */
    async update(ctx: Ctx, id: number, input: Update, onChange: OnChange): Promise<DeskSummary> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        const before = await view(tx, id);
        await checkBook(tx, input.book_id);
        await checkLinks(tx, input);
        await repository(tx).update(id, {
          ...columnsOf(input),
          ...(input.reading_minutes !== undefined
            ? { readingMinutes: input.reading_minutes ?? readingMinutesOf(input.body ?? row.body) }
            : {}),
        });
        await writeLinks(tx, id, input);
        const fields = Object.keys(input) as (keyof Update)[];
        const was = (field: keyof Update): unknown => {
          switch (field) {
            case 'book_id':
              return before.book?.id ?? null;
            case 'author_ids':
              return before.authors.map((a) => a.id);
            case 'category_ids':
              return before.categories.map((c) => c.id);
            default:
              return before[field];
          }
        };
        await onChange(tx, {
          id,
          before: Object.fromEntries(fields.map((f) => [f, was(f)])),
          after: input,
        });
        await changed(tx, id);
      });
      return view(ctx, id);
    },

    /** publish now (with its text and its recording), withdraw, or back to draft */
    async setStatus(ctx: Ctx, id: number, status: BookStatus, onChange: OnChange): Promise<DeskSummary> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        if (status === 'published') {
          if (row.body.length === 0) throw new AppError('BUSINESS_RULE', mn.catalogDesk.summaryPublishNeedsText);
          if (row.audioFile === null) throw new AppError('BUSINESS_RULE', mn.catalogDesk.summaryPublishNeedsAudio);
        }
        await repository(tx).update(id, {
          status,
          // published now, it is new from now (the "newest" lists); once published it keeps its date
          ...(status === 'published' && row.status !== 'published' ? { publishedAt: kernel.clock.now() } : {}),
        });
        await onChange(tx, { id, before: { status: row.status }, after: { status } });
        await changed(tx, id);
      });
      return view(ctx, id);
    },

    /** the summary's cover: a key of the media store and its colour */
    async setCover(
      ctx: Ctx,
      id: number,
      image: { key: string; color: string },
      onChange: OnChange,
    ): Promise<DeskSummary> {
      await transaction(ctx, async (tx) => {
        const row = await locked(tx, id);
        await repository(tx).update(id, { coverKey: image.key, coverColor: image.color });
        await onChange(tx, { id, before: { cover: row.coverKey }, after: { cover: image.key } });
        await changed(tx, id);
      });
      return view(ctx, id);
    },

    /** a recording made by the media module (its job): the summary's source file and length */
    async setAudio(ctx: Ctx, id: number, audio: { audioFile: string; durationSeconds: number }): Promise<void> {
      await transaction(ctx, async (tx) => {
        await locked(tx, id);
        await repository(tx).update(id, {
          audioFile: audio.audioFile,
          audioDurationSeconds: Math.round(audio.durationSeconds),
        });
        await changed(tx, id);
      });
    },
  };
}

export type SummaryDesk = ReturnType<typeof summaryDesk>;

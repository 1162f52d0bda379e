import type { Ctx } from '../../kernel/unit-of-work';
import type { CatalogService } from '../catalog/catalog.service';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { deletionVariants, fold, foldWords } from './fold';
import type { DocumentInput } from './search.repository';
import { TYPO_FROM } from './query-plan';

const BATCH = 5000;
/** Descriptions are matched on their opening; the rest adds size, not findability. */
const BODY_CHARS = 1200;

export interface SearchIndex {
  documents: DocumentInput[];
  /** folded word -> how many documents hold it */
  terms: Map<string, number>;
  /** [variant, term] pairs of the one-deletion dictionary */
  variants: [string, string][];
}

/** 0..1 on a log scale, so a few bestsellers do not flatten everyone else to zero. */
function popularityScale(max: number) {
  const top = Math.log1p(Math.max(1, max));
  return (popularity: number) => Math.log1p(Math.max(0, popularity)) / top;
}

const join = (...parts: (string | null | undefined)[]) => fold(parts.filter(Boolean).join(' '));

/** Which items a refresh indexes again: books and summaries by id, podcasts' episodes by channel. */
export interface IndexScope {
  books: number[];
  summaries: number[];
  podcasts: number[];
}

/**
 * Reads the searchable items through the owning modules' services, on the caller's context, and
 * folds them into documents: every item, or those of `only` (an item no longer published is
 * simply not among them). Popularity is scaled by the catalogue's most popular title either way,
 * so a refreshed document ranks as a rebuilt one would.
 */
export async function searchDocuments(
  ctx: Ctx,
  catalog: CatalogService,
  podcasts: PodcastsService,
  only?: IndexScope,
): Promise<DocumentInput[]> {
  const read = <T extends { id: number }>(ids: number[] | undefined, page: (afterId: number) => Promise<T[]>) =>
    ids?.length === 0 ? Promise.resolve([]) : readAll(page);
  const books = await read(only?.books, (after) => catalog.searchCorpusBooks(ctx, after, BATCH, only?.books));
  const summaries = await read(only?.summaries, (after) =>
    catalog.searchCorpusSummaries(ctx, after, BATCH, only?.summaries),
  );
  const episodes = await read(only?.podcasts, (after) =>
    podcasts.searchCorpusEpisodes(ctx, after, BATCH, only?.podcasts),
  );
  const ceiling = await catalog.searchPopularityCeiling(ctx);
  const bookScale = popularityScale(ceiling.books);
  const summaryScale = popularityScale(ceiling.summaries);
  return [
    ...books.map((b) => ({
      kind: 'book' as const,
      itemId: b.id,
      hasAudio: b.hasAudio,
      hasEbook: b.hasEbook,
      categoryIds: b.categoryIds,
      title: join(b.title, b.subtitle),
      people: join(b.authors, b.narrators, b.translators),
      meta: join(b.series, b.publisher, b.categories, b.tags),
      body: fold(b.description.slice(0, BODY_CHARS)),
      popularity: bookScale(b.popularity),
      publishedAt: b.publishedAt,
    })),
    ...summaries.map((s) => ({
      kind: 'summary' as const,
      itemId: s.id,
      hasAudio: false,
      hasEbook: false,
      categoryIds: s.categoryIds,
      title: fold(s.title),
      people: fold(s.authors),
      meta: fold(s.categories),
      body: fold(s.description.slice(0, BODY_CHARS)),
      popularity: summaryScale(s.popularity),
      publishedAt: s.publishedAt,
    })),
    ...episodes.map((e) => ({
      kind: 'episode' as const,
      itemId: e.id,
      hasAudio: false,
      hasEbook: false,
      categoryIds: e.categoryId ? [e.categoryId] : [],
      title: fold(e.title),
      people: join(e.seriesName, e.seriesAuthor),
      meta: '',
      body: fold(e.description.slice(0, BODY_CHARS)),
      popularity: 0,
      publishedAt: e.publishedAt,
    })),
  ];
}

/** Every item folded into documents, with the dictionary of their words. */
export async function buildSearchIndex(
  ctx: Ctx,
  catalog: CatalogService,
  podcasts: PodcastsService,
): Promise<SearchIndex> {
  const documents = await searchDocuments(ctx, catalog, podcasts);
  return { documents, ...dictionaryOf(documents) };
}

/**
 * The words of `documents`, each with how many of them hold it, and the one-deletion variants of
 * each word (the typo dictionary).
 */
export function dictionaryOf(documents: DocumentInput[]): Omit<SearchIndex, 'documents'> {
  const terms = new Map<string, number>();
  for (const d of documents) {
    for (const word of new Set(foldWords(`${d.title} ${d.people} ${d.meta} ${d.body}`))) {
      terms.set(word, (terms.get(word) ?? 0) + 1);
    }
  }
  // A query word of TYPO_FROM letters can be one edit from a term one letter shorter.
  const variants: [string, string][] = [];
  for (const term of terms.keys()) {
    if (term.length < TYPO_FROM - 1) continue;
    for (const variant of deletionVariants(term)) variants.push([variant, term]);
  }
  return { terms, variants };
}

async function readAll<T extends { id: number }>(page: (afterId: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let after = 0; ;) {
    const rows = await page(after);
    if (rows.length === 0) return all;
    all.push(...rows);
    after = rows[rows.length - 1]?.id ?? after;
  }
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpointUrl } from '@nomsan/contracts/client';
import type { EbookManifest, SummaryText } from '@nomsan/contracts/ebook';
import { ebookEndpoints } from '@nomsan/contracts/ebook.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { tag } from '../../lib/cache-tags';
import type { Kernel } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import type { CatalogService } from '../catalog/catalog.service';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import { EpubError, openEpub, type EpubBook, type EpubSample } from './epub';

/** Parsed EPUBs kept per process: each holds its compressed archive, a few MB for a novel. */
const OPEN_BOOKS = 8;
const OPEN_BOOK_TTL_MS = 60 * 60_000;
/** a file name of the media store, never a path */
const EPUB_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.epub$/;
/** paragraphs of a summary anyone may read */
const SUMMARY_SAMPLE_PARAGRAPHS = 2;

export interface EbookServiceDeps {
  catalog: Pick<CatalogService, 'mediaSource'>;
  entitlements: Pick<EntitlementsService, 'canAccess'>;
}

export interface EbookResourceAnswer {
  bytes: Uint8Array;
  mediaType: string;
  /** the session holds the e-book (not only the sample) */
  entitled: boolean;
}

/**
 * The reader's side of media: an e-book's manifest and resources, and a summary's text, whole
 * to a session `entitlements.canAccess` allows and as a sample to everyone else. EPUB files come
 * from the media store's directory (the demo fixtures in embedded mode).
 */
export function ebookService(kernel: Kernel, deps: EbookServiceDeps, options: { epubDir: string }) {
  const books = kernel.caches.lru<string, EpubBook>({
    max: OPEN_BOOKS,
    ttlMs: OPEN_BOOK_TTL_MS,
    tags: (_book, file) => [tag.epub(file)],
  });

  /**
   * A book whose file cannot be opened (missing, not a zip, no container or package document,
   * an empty spine) is no member's fault and no retry mends it: one line for staff, and the
   * reader is told the book is unavailable (422) instead of a 500. Failures are not cached, so
   * a file put right is read at the next request.
   */
  function unavailable(id: number, file: string, reason: string, path?: string): AppError {
    kernel.log.error({ book: id, file, ...(path ? { path } : {}), reason }, 'e-book cannot be opened for the reader');
    return new AppError('BUSINESS_RULE', mn.reader.unavailable);
  }

  async function epubOf(
    ctx: Ctx,
    id: number,
  ): Promise<{ title: string; file: string; book: EpubBook; sample: EpubSample }> {
    const source = await deps.catalog.mediaSource(ctx, 'book', id);
    const file = source?.epubFile;
    if (!source || !file) throw new AppError('NOT_FOUND', mn.reader.noEbook);
    if (!EPUB_FILE.test(file)) throw unavailable(id, file, 'not a file name of the media store');
    const book = await books.get(file, async () => {
      try {
        return openEpub(await readFile(join(options.epubDir, file)));
      } catch (error) {
        throw unavailable(id, file, reasonOf(error));
      }
    });
    // the chapters the editor opened to visitors
    return { title: source.title, file, book, sample: book.sampleOf(source.sampleChapters) };
  }

  async function holds(ctx: Ctx, userId: number | null, item: { type: 'book' | 'summary'; id: number }) {
    if (userId === null) return false;
    const access = await deps.entitlements.canAccess(ctx, userId, item, item.type === 'book' ? 'ebook' : 'summary');
    return access.allowed;
  }

  const resourceUrl = (id: number, path: string) =>
    endpointUrl(ebookEndpoints.bookResource, { params: { id }, query: { path } });

  return {
    /** The whole manifest to a session that holds the e-book; the sample's to anyone else. */
    async bookManifest(ctx: Ctx, userId: number | null, id: number): Promise<EbookManifest> {
      const [{ title, book, sample }, entitled] = await Promise.all([
        epubOf(ctx, id),
        holds(ctx, userId, { type: 'book', id }),
      ]);
      const listed = [...book.resources.values()].filter((resource) => entitled || sample.resources.has(resource.path));
      return {
        id,
        title,
        sample: !entitled,
        package_path: book.packagePath,
        metadata: book.metadata,
        spine: book.spine.map((item) => ({
          path: item.path,
          media_type: item.mediaType,
          linear: item.linear,
          size: book.resources.get(item.path)?.size ?? 0,
          in_sample: sample.spine.has(item.path),
          readable: entitled || sample.spine.has(item.path),
        })),
        toc: [...book.toc],
        resources: listed.map((resource) => ({
          path: resource.path,
          media_type: resource.mediaType,
          size: resource.size,
          url: resourceUrl(id, resource.path),
        })),
      };
    },

    /**
     * One resource: 404 for a path the book does not have (a traversal included: only the
     * archive's own entries are names), 403 for one outside the sample to a session without it.
     */
    async bookResource(ctx: Ctx, userId: number | null, id: number, path: string): Promise<EbookResourceAnswer> {
      const [{ file, book, sample }, entitled] = await Promise.all([
        epubOf(ctx, id),
        holds(ctx, userId, { type: 'book', id }),
      ]);
      const resource = book.resources.get(path);
      if (!resource) throw new AppError('NOT_FOUND', mn.reader.noResource);
      if (!entitled && !sample.resources.has(path)) throw new AppError('FORBIDDEN', mn.reader.notInSample);
      let bytes: Uint8Array | undefined;
      try {
        bytes = book.read(path);
      } catch (error) {
        // an entry the archive lists but cannot inflate
        throw unavailable(id, file, reasonOf(error), path);
      }
      if (!bytes) throw new AppError('NOT_FOUND', mn.reader.noResource);
      return { bytes, mediaType: resource.mediaType, entitled };
    },

    /** A summary's paragraphs: all of them to a session that holds it, the first ones to anyone else. */
    async summaryText(ctx: Ctx, userId: number | null, id: number): Promise<SummaryText> {
      const [source, entitled] = await Promise.all([
        deps.catalog.mediaSource(ctx, 'summary', id),
        holds(ctx, userId, { type: 'summary', id }),
      ]);
      if (!source) throw new AppError('NOT_FOUND');
      const paragraphs = source.body.filter((paragraph) => paragraph.trim() !== '');
      if (paragraphs.length === 0) throw new AppError('NOT_FOUND', mn.reader.noSummaryText);
      const shown = entitled
        ? paragraphs
        : paragraphs.slice(0, Math.min(SUMMARY_SAMPLE_PARAGRAPHS, paragraphs.length - 1) || 1);
      return {
        id,
        title: source.title,
        sample: !entitled,
        paragraphs: shown,
        total_paragraphs: paragraphs.length,
      };
    },
  };
}

/** Why a file could not be opened, in words for the log (never a stack). */
function reasonOf(error: unknown): string {
  if (error instanceof EpubError) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'the file is not in the media store';
  if (code) return `the file cannot be read (${code})`;
  return `the archive cannot be read: ${error instanceof Error ? error.message : String(error)}`;
}

export type EbookService = ReturnType<typeof ebookService>;

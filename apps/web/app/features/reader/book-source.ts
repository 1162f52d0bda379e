import type { FoliateBook } from 'foliate-js/view.js';
import { isApiError } from '@nomsan/contracts/client';
import type { EbookManifest } from '@nomsan/contracts/ebook';
import { mn } from '@nomsan/contracts/messages';

/** foliate-js's loader of an archive's files (its README, "Archived Files"). */
export interface ArchiveLoader {
  loadText(name: string): Promise<string | null>;
  loadBlob(name: string): Promise<Blob | null>;
  getSize(name: string): number;
}

export class ResourceError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`${path}: ${status}`);
    this.name = 'ResourceError';
  }
}

const fetchWithSession = (url: string) => fetch(url, { credentials: 'include' });

/**
 * The book's files as the reader's manifest lists them, each fetched from its URL when
 * foliate-js asks. A path the manifest does not list (a sample's later chapters, files the
 * renderer merely probes for, such as META-INF/encryption.xml) is absent, without a request.
 * Every spine item has its size, listed or not, so progress is the whole book's in a sample too.
 */
export function manifestLoader(
  manifest: EbookManifest,
  load: (url: string) => Promise<Response> = fetchWithSession,
): ArchiveLoader {
  const byPath = new Map(manifest.resources.map((resource) => [resource.path, resource]));
  const spineSizes = new Map(manifest.spine.map((item) => [item.path, item.size]));
  const fetchOf = async (name: string) => {
    const resource = byPath.get(name);
    if (!resource) return null;
    const response = await load(resource.url);
    if (!response.ok) throw new ResourceError(response.status, name);
    return { response, type: resource.media_type };
  };
  return {
    loadText: async (name) => {
      const got = await fetchOf(name);
      return got ? got.response.text() : null;
    },
    loadBlob: async (name) => {
      const got = await fetchOf(name);
      return got ? new Blob([await got.response.arrayBuffer()], { type: got.type }) : null;
    },
    getSize: (name) => byPath.get(name)?.size ?? spineSizes.get(name) ?? 0,
  };
}

/**
 * The archive paths of the spine items this session may not open: the manifest says which
 * (`readable`, the server's own decision), so nothing is locked for a member who holds the book.
 */
export function lockedPaths(manifest: EbookManifest): Set<string> {
  return new Set(manifest.spine.filter((item) => !item.readable).map((item) => item.path));
}

/**
 * For a sample: the sections this session may not open leave the reading order (foliate-js
 * pages over linear sections only) and the search, so the reader pages through the sample and
 * stops at its end. Called once the view has opened the book, which is when foliate-js weighs
 * the sections for progress: they still count there. Returns the indexes it took out.
 */
export function limitToSample(book: FoliateBook, manifest: EbookManifest): Set<number> {
  const locked = lockedPaths(manifest);
  const blocked = new Set<number>();
  book.sections.forEach((section, index) => {
    if (!locked.has(section.id)) return;
    section.linear = 'no';
    delete section.createDocument;
    blocked.add(index);
  });
  return blocked;
}

/** the archive path of a table-of-contents href (`OEBPS/a.xhtml#x` → `OEBPS/a.xhtml`) */
export const pathOfHref = (href: string) => href.split('#')[0] ?? '';

/**
 * What the reader says when a book did not open. A refusal of the API (4xx: the book's file
 * cannot be opened, 422; no e-book, 404) is the same at every try, so it is said without a
 * retry; a network failure or a server error may pass, so the reader offers to try again.
 */
export function notOpened(error: unknown): { message: string; retry: boolean } {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return { message: error.message, retry: false };
  if (error instanceof ResourceError && error.status === 422) return { message: mn.reader.unavailable, retry: false };
  return { message: mn.reader.loadFailed, retry: true };
}

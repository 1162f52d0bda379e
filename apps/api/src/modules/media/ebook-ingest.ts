import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { mn } from '@nomsan/contracts/messages';
import { EpubError, openEpub } from './epub';

/** a publisher's EPUB is refused above these (a zip bomb is not a book) */
const MAX_ENTRIES = 10_000;
const MAX_INFLATED_BYTES = 2 * 1024 * 1024 * 1024;
/** an entry may inflate this many times its stored size once it is larger than `RATIO_FROM` */
const MAX_RATIO = 100;
const RATIO_FROM = 1024 * 1024;

export interface CheckedEpub {
  title: string;
  /** an estimate for the book's page (about 1 800 characters of markup a page) */
  pages: number;
  chapters: number;
}

/** What is wrong with an EPUB, in Mongolian; an empty list: it may be taken in. */
export function epubProblems(bytes: Uint8Array): { problems: string[]; checked?: CheckedEpub } {
  const m = mn.ebookIngest;
  const problems: string[] = [];
  let entries = 0;
  let inflated = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        inflated += file.originalSize;
        const name = file.name;
        if (
          name.startsWith('/') ||
          name.includes('\\') ||
          name.includes('\u0000') ||
          /^[A-Za-z]:/.test(name) ||
          name.split('/').some((segment) => segment === '..')
        ) {
          problems.push(m.pathOutside(name.slice(0, 120)));
        }
        if (file.originalSize > RATIO_FROM && file.originalSize > file.size * MAX_RATIO) {
          problems.push(m.ratio(name.slice(0, 120)));
        }
        return false;
      },
    });
  } catch {
    return { problems: [m.notZip] };
  }
  if (entries > MAX_ENTRIES) problems.push(m.tooManyEntries(MAX_ENTRIES));
  if (inflated > MAX_INFLATED_BYTES) problems.push(m.tooLarge);
  if (problems.length > 0) return { problems: [...new Set(problems)].slice(0, 20) };
  try {
    const book = openEpub(bytes);
    if (book.toc.length === 0) problems.push(m.noNavigation);
    const text = book.spine.reduce((sum, item) => sum + (book.resources.get(item.path)?.size ?? 0), 0);
    return {
      problems,
      checked: {
        title: book.metadata.title,
        pages: Math.max(1, Math.round(text / 1800)),
        chapters: book.spine.length,
      },
    };
  } catch (error) {
    const reason = error instanceof EpubError ? error.message : String(error);
    return { problems: [m.structure(reason)] };
  }
}

/**
 * Keeps a checked EPUB under a name of its content (`<book>-<sha256>.epub`): a new file for
 * a new version, so a reader holding the old one keeps it until its cache lets go.
 */
export async function storeEpub(dir: string, bookId: number, bytes: Uint8Array): Promise<string> {
  const file = `${bookId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.epub`;
  await keepFile(dir, file, bytes);
  return file;
}

/** writes `bytes` as `dir/file`, never half written (a rename within the folder) */
export async function keepFile(dir: string, file: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dir, { recursive: true });
  const partial = join(dir, `.${file}.${process.pid}.part`);
  await writeFile(partial, bytes);
  await rename(partial, join(dir, file));
}

import { readFile } from 'node:fs/promises';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { ingestCover } from './cover-ingest';
import { epubProblems, storeEpub } from './ebook-ingest';
import type { MediaSettings } from './media.service';

/**
 * What the back office puts into the media store (docs/uploads.md): an EPUB checked before it is
 * accepted (archive paths, sizes, compression, container, package, spine, navigation) and kept
 * in the private e-book folder; a cover cut to the page's sizes in the public media store.
 */
export function mediaIntake(settings: Pick<MediaSettings, 'ebookDir' | 'storage'>) {
  return {
    /** checks and keeps an EPUB for `bookId`; refuses it listing every problem, in Mongolian */
    async ebook(bookId: number, path: string) {
      const bytes = await readFile(path);
      const { problems, checked } = epubProblems(bytes);
      if (problems.length > 0 || !checked) {
        throw new AppError('BUSINESS_RULE', mn.ebookIngest.refused(problems.join('; ')), {
          upload_id: problems.join('; '),
        });
      }
      return { file: await storeEpub(settings.ebookDir, bookId, bytes), ...checked };
    },

    /** a book's cover from an image file: its key in the media store and its dominant colour */
    async bookCover(bookId: number, path: string) {
      return ingestCover(settings.storage, await readFile(path), { prefix: `book-${bookId}`, shape: 'book' });
    },
  };
}

export type MediaIntake = ReturnType<typeof mediaIntake>;

import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import { chaptersOf, normalise, probe } from './audio-ingest';
import { ingestCover } from './cover-ingest';
import { epubProblems, keepFile, storeEpub } from './ebook-ingest';
import type { MediaSettings } from './media.service';

/** a checked EPUB's bytes and what the check read, or the refusal listing every problem */
function checkedEpub(bytes: Uint8Array) {
  const { problems, checked } = epubProblems(bytes);
  if (problems.length > 0 || !checked) {
    throw new AppError('BUSINESS_RULE', mn.ebookIngest.refused(problems.join('; ')), {
      upload_id: problems.join('; '),
    });
  }
  return checked;
}

/**
 * What comes into the media store (docs/uploads.md): an EPUB checked before it is accepted
 * (archive paths, sizes, compression, container, package, spine, navigation) and kept in the
 * private e-book folder; a cover cut to the page's sizes in the public media store; a recording
 * joined and normalised for loudness into the sources. The back office's uploads come in by
 * title; a catalogue whose rows already name their files (the demo's, apps/server
 * demo-media.ts) comes in by name, through the same checks.
 */
export function mediaIntake(settings: Pick<MediaSettings, 'ebookDir' | 'sourceDir' | 'storage'>) {
  return {
    /** checks and keeps an EPUB for `bookId`; refuses it listing every problem, in Mongolian */
    async ebook(bookId: number, path: string) {
      const bytes = await readFile(path);
      const checked = checkedEpub(bytes);
      return { file: await storeEpub(settings.ebookDir, bookId, bytes), ...checked };
    },

    /** checks and keeps an EPUB as `file` in the e-book folder */
    async ebookNamed(file: string, path: string) {
      const bytes = await readFile(path);
      const checked = checkedEpub(bytes);
      await keepFile(settings.ebookDir, file, bytes);
      return { file, ...checked };
    },

    /**
     * A recording as `file` among the sources: its files probed, joined in order and normalised
     * to EBU R128, with its transcript beside it (`<name>.transcript.txt`) when there is one.
     */
    async recordingNamed(file: string, paths: string[], transcript: string | null = null) {
      const probed = [];
      for (const path of paths) probed.push(await probe(path, path));
      await normalise(probed, join(settings.sourceDir, file), () => undefined);
      if (transcript) {
        await copyFile(transcript, join(settings.sourceDir, file.replace(/\.[^.]+$/, '.transcript.txt')));
      }
      return {
        file,
        durationSeconds: probed.reduce((sum, one) => sum + one.durationSeconds, 0),
        chapters: chaptersOf(probed, file),
      };
    },

    /**
     * A cover from an image file: its key in the media store and its dominant colour. A title's
     * is cut to 2:3; a summary's, a bundle's, a person's photo and a publisher's logo square, as
     * their cards and pages show them.
     */
    async cover(
      target: { kind: 'book' | 'summary' | 'bundle' | 'contributor' | 'publisher'; id: number },
      path: string,
    ) {
      return ingestCover(settings.storage, await readFile(path), {
        prefix: `${target.kind}-${target.id}`,
        shape: target.kind === 'book' ? 'book' : 'square',
      });
    },
  };
}

export type MediaIntake = ReturnType<typeof mediaIntake>;

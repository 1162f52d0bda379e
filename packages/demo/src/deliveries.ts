import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fixturesDir } from './fixtures-dir';
import { AUDIO_FIXTURES, EPUB_FIXTURES, SUMMARY_AUDIO_FIXTURE, sourceNameOfFixture } from './generate';

/**
 * The demo catalogue's files as a publisher delivers them: its EPUBs and its recordings (each
 * with the transcript read along with it), under the names the catalogue's rows give them.
 */
export interface DemoDeliveries {
  ebooks: { file: string; path: string }[];
  recordings: { file: string; paths: string[]; transcript: string | null }[];
}

export function demoDeliveries(): DemoDeliveries {
  const dir = fixturesDir();
  return {
    ebooks: EPUB_FIXTURES.map((file) => ({ file, path: join(dir, 'epub', file) })),
    recordings: [...AUDIO_FIXTURES, SUMMARY_AUDIO_FIXTURE].map((fixture) => {
      const transcript = join(dir, 'audio', fixture.replace(/\.mp3$/, '.transcript.txt'));
      return {
        file: sourceNameOfFixture(fixture),
        paths: [join(dir, 'audio', fixture)],
        transcript: existsSync(transcript) ? transcript : null,
      };
    }),
  };
}

/** what of the API's media intake (modules/media/media-intake.service.ts) taking the demo in needs */
export interface DemoIntake {
  ebookNamed(file: string, path: string): Promise<unknown>;
  recordingNamed(file: string, paths: string[], transcript: string | null): Promise<unknown>;
}

/**
 * Takes the demo's files in through the media intake the back office uses (the EPUB checks; the
 * recordings probed, joined and normalised for loudness into the sources). Each file once: at
 * the first start, and again only for one that went missing (a new MEDIA_SOURCE_DIR or
 * EBOOK_DIR). Returns how many were taken in.
 */
export async function takeInDemoMedia(
  intake: DemoIntake,
  dirs: { ebookDir: string; sourceDir: string },
  deliveries: DemoDeliveries = demoDeliveries(),
): Promise<number> {
  const ebooks = deliveries.ebooks.filter((ebook) => !existsSync(join(dirs.ebookDir, ebook.file)));
  const recordings = deliveries.recordings.filter((recording) => !existsSync(join(dirs.sourceDir, recording.file)));
  for (const ebook of ebooks) await intake.ebookNamed(ebook.file, ebook.path);
  // each recording is one ffmpeg process of one thread: side by side, a first start waits for the longest
  await Promise.all(
    recordings.map((recording) => intake.recordingNamed(recording.file, recording.paths, recording.transcript)),
  );
  return ebooks.length + recordings.length;
}

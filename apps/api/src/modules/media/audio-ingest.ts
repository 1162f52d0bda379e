import { spawn } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { ffmpegPath, run } from './media.tools';

/**
 * A publisher's recording made into one source the packager takes (docs/catalog-desk.md): each
 * file probed by ffmpeg (its length, its title tag, its own chapters from `-f ffmetadata`), the
 * files joined in order and normalised for loudness to EBU R128 (ffmpeg's `loudnorm`: −16 LUFS
 * integrated, −1.5 dBTP, LRA 11, what spoken-word services aim for) into AAC, with progress.
 */
export interface ProbedFile {
  path: string;
  /** the file's name as sent, for a chapter without a title tag */
  name: string;
  durationSeconds: number;
  title: string | null;
  chapters: { title: string; startSeconds: number; endSeconds: number }[];
}

export interface AudioChapter {
  position: number;
  title: string;
  startSeconds: number;
  durationSeconds: number;
}

export class AudioUnreadable extends Error {
  constructor(readonly file: string) {
    super(`not audio ffmpeg can read: ${file}`);
    this.name = 'AudioUnreadable';
  }
}

/** `[CHAPTER]` sections and the global tags of ffmpeg's metadata text */
export function parseFfmetadata(text: string): { title: string | null; chapters: ProbedFile['chapters'] } {
  let title: string | null = null;
  const chapters: ProbedFile['chapters'] = [];
  let current: { timebase: number; start: number; end: number; title: string } | null = null;
  const close = () => {
    if (current) {
      chapters.push({
        title: current.title,
        startSeconds: current.start * current.timebase,
        endSeconds: current.end * current.timebase,
      });
    }
  };
  for (const line of text.split(/\r?\n/)) {
    if (line === '[CHAPTER]') {
      close();
      current = { timebase: 1 / 1000, start: 0, end: 0, title: '' };
      continue;
    }
    if (line.startsWith('[')) {
      close();
      current = null;
      continue;
    }
    const at = line.indexOf('=');
    if (at <= 0 || line.startsWith(';')) continue;
    const key = line.slice(0, at).toLowerCase();
    const value = line.slice(at + 1).replace(/\\(.)/g, '$1');
    if (!current) {
      if (key === 'title') title = value.trim() || null;
      continue;
    }
    if (key === 'timebase') {
      const [n, d] = value.split('/').map(Number);
      if (n && d) current.timebase = n / d;
    } else if (key === 'start') current.start = Number(value) || 0;
    else if (key === 'end') current.end = Number(value) || 0;
    else if (key === 'title') current.title = value.trim();
  }
  close();
  return { title, chapters };
}

/** ffmpeg's "Duration: 01:02:03.45" in seconds; null when it does not say */
export function durationIn(stderr: string): number | null {
  const found = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!found) return null;
  return Number(found[1]) * 3600 + Number(found[2]) * 60 + Number(found[3]);
}

export async function probe(path: string, name: string): Promise<ProbedFile> {
  const ffmpeg = ffmpegPath();
  let output: string;
  try {
    output = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', path, '-f', 'ffmetadata', '-'], 60_000);
  } catch {
    throw new AudioUnreadable(name);
  }
  const durationSeconds = durationIn(output);
  if (!durationSeconds || !/Stream #\d+:\d+.*: Audio:/.test(output)) throw new AudioUnreadable(name);
  const metadata = output.slice(output.indexOf(';FFMETADATA'));
  const { title, chapters } = parseFfmetadata(metadata.startsWith(';FFMETADATA') ? metadata : '');
  return { path, name, durationSeconds, title, chapters };
}

/**
 * The chapters of the joined recording: one per file when there are several (its title tag, or
 * its name), else the file's own chapters (an M4B, an MP3 with chapter frames), else one.
 */
export function chaptersOf(files: ProbedFile[], fallbackTitle: string): AudioChapter[] {
  if (files.length === 1 && files[0]!.chapters.length > 0) {
    return files[0]!.chapters.map((chapter, index) => ({
      position: index + 1,
      title: chapter.title || `${index + 1}`,
      startSeconds: Math.round(chapter.startSeconds),
      durationSeconds: Math.max(1, Math.round(chapter.endSeconds - chapter.startSeconds)),
    }));
  }
  let start = 0;
  return files.map((file, index) => {
    const chapter = {
      position: index + 1,
      title: file.title ?? (files.length === 1 ? fallbackTitle : basename(file.name).replace(/\.[^.]+$/, '')),
      startSeconds: Math.round(start),
      durationSeconds: Math.max(1, Math.round(file.durationSeconds)),
    };
    start += file.durationSeconds;
    return chapter;
  });
}

/**
 * Joins the files in order and normalises the whole to EBU R128 into `target` (AAC in MP4),
 * telling the share done as ffmpeg reports its position; a file half written is never left.
 */
export async function normalise(
  files: ProbedFile[],
  target: string,
  onProgress: (percent: number) => Promise<void> | void,
): Promise<void> {
  const total = files.reduce((sum, file) => sum + file.durationSeconds, 0);
  const inputs = files.flatMap((file) => ['-i', file.path]);
  const joined = files.map((_file, index) => `[${index}:a:0]`).join('');
  const filter = `${joined}concat=n=${files.length}:v=0:a=1,loudnorm=I=-16:TP=-1.5:LRA=11[out]`;
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.part.m4a`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...inputs,
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    '-ar',
    '44100',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-progress',
    'pipe:1',
    '-nostats',
    partial,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let last = -1;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const reached = /out_time_us=(\d+)/g;
      let found: RegExpExecArray | null;
      let seconds = -1;
      while ((found = reached.exec(chunk.toString())) !== null) seconds = Number(found[1]) / 1e6;
      const percent = total > 0 && seconds >= 0 ? Math.min(99, Math.floor((seconds / total) * 100)) : -1;
      if (percent > last) {
        last = percent;
        void Promise.resolve(onProgress(percent)).catch(() => undefined);
      }
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${stderr.slice(-600)}`)),
    );
  }).catch(async (error: unknown) => {
    await rm(partial, { force: true });
    throw error;
  });
  await rename(partial, target);
}

/** where a recording of a title (a book or a summary) is kept among the sources */
export const sourceNameOf = (type: 'book' | 'summary', id: number, at: Date) =>
  `${type}-${id}-${at.getTime().toString(36)}.m4a`;

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath, packagerPath, run } from './media.tools';
import type { TitleKey } from './media.keys';

/**
 * Packages one recording (shared/media-notes.md has what works and what silently does not):
 *
 * 1. the source is encoded once into a mezzanine (AAC in MP4, mono 64 kb/s), kept per source
 *    file, so titles that share a recording (the demo's) encode it once;
 * 2. `full/`: CENC-encrypted fMP4 segments and a static DASH manifest, by Shaka Packager
 *    (ffmpeg cannot write CENC that Chromium accepts);
 * 3. `hls/`: the same audio as AES-128 HLS for Safari, by ffmpeg, its key URI a placeholder
 *    the API rewrites per session;
 * 4. `preview/`: the first `previewSeconds`, clear, as DASH and HLS, for everyone.
 *
 * The lengths come from the manifests Shaka Packager writes: what the players will play.
 */
export interface PackagedAudio {
  /** a local directory holding full/, hls/ and preview/ */
  dir: string;
  durationSeconds: number;
  previewSeconds: number;
}

export const KEY_URI_PLACEHOLDER = 'nomsan-key';
const SEGMENT_SECONDS = 6;

export async function packageAudio(options: {
  source: string;
  /** where mezzanines are kept between runs */
  workDir: string;
  key: TitleKey;
  previewSeconds: number;
  onProgress?: (percent: number) => Promise<void> | void;
}): Promise<PackagedAudio> {
  const ffmpeg = ffmpegPath();
  const packager = packagerPath();
  const progress = options.onProgress ?? (() => undefined);
  const mezzanine = await mezzanineOf(options.source, options.workDir, ffmpeg);
  await progress(25);

  const dir = await mkdtemp(join(tmpdir(), 'nomsan-package-'));
  try {
    const hex = options.key.key.toString('hex');
    await run(packager, [
      stream(mezzanine, join(dir, 'full')),
      '--enable_raw_key_encryption',
      '--keys',
      `label=:key_id=${options.key.kid}:key=${hex}`,
      '--protection_scheme',
      'cenc',
      '--clear_lead',
      '0',
      '--protection_systems',
      'CommonSystem',
      ...dashOptions(join(dir, 'full')),
    ]);
    await progress(50);

    await mkdir(join(dir, 'hls'));
    const keyFile = join(dir, 'hls.key');
    await writeFile(keyFile, options.key.key);
    const keyInfo = join(dir, 'hls.keyinfo');
    await writeFile(keyInfo, `${KEY_URI_PLACEHOLDER}\n${keyFile}\n`);
    await run(ffmpeg, [
      ...hlsArgs(mezzanine, join(dir, 'hls')),
      '-hls_key_info_file',
      keyInfo,
      join(dir, 'hls', 'audio.m3u8'),
    ]);
    await rm(keyFile);
    await rm(keyInfo);
    await progress(70);

    const durationSeconds = await mpdDuration(join(dir, 'full', 'manifest.mpd'));
    const previewCut = join(dir, 'preview.m4a');
    const previewLength = Math.min(options.previewSeconds, durationSeconds);
    await run(ffmpeg, ['-y', '-v', 'error', '-t', String(previewLength), '-i', mezzanine, '-c', 'copy', previewCut]);
    await run(packager, [stream(previewCut, join(dir, 'preview')), ...dashOptions(join(dir, 'preview'))]);
    await run(ffmpeg, [...hlsArgs(previewCut, join(dir, 'preview')), join(dir, 'preview', 'audio.m3u8')]);
    await rm(previewCut);
    const previewSeconds = await mpdDuration(join(dir, 'preview', 'manifest.mpd'));
    await progress(90);
    return { dir, durationSeconds, previewSeconds };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

const stream = (input: string, out: string) =>
  `in=${input},stream=audio,init_segment=${join(out, 'init.mp4')},segment_template=${join(out, 'seg_$Number%04d$.m4s')}`;

const dashOptions = (out: string) => [
  '--segment_duration',
  String(SEGMENT_SECONDS),
  // a static manifest with its length (segment templates otherwise make a live one)
  '--generate_static_live_mpd',
  '--mpd_output',
  join(out, 'manifest.mpd'),
];

const hlsArgs = (input: string, out: string) => [
  '-y',
  '-v',
  'error',
  '-i',
  input,
  '-c',
  'copy',
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  join(out, 'seg_%04d.ts'),
];

/** the mezzanine of a source, encoded once and kept (written aside, then renamed into place) */
async function mezzanineOf(source: string, workDir: string, ffmpeg: string): Promise<string> {
  if (!existsSync(source)) throw new Error(`no source recording at ${source}`);
  const dir = join(workDir, 'mezzanine');
  await mkdir(dir, { recursive: true });
  const name = source.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-120);
  const target = join(dir, `${name}.m4a`);
  if (existsSync(target)) return target;
  const partial = `${target}.${process.pid}.${Date.now()}.part.m4a`;
  await run(ffmpeg, [
    '-y',
    '-v',
    'error',
    '-i',
    source,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '44100',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    partial,
  ]);
  await rename(partial, target);
  return target;
}

/** `mediaPresentationDuration` of a static MPD, in seconds */
export async function mpdDuration(path: string): Promise<number> {
  const xml = await readFile(path, 'utf8');
  const match = /mediaPresentationDuration="PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?"/.exec(xml);
  if (!match) throw new Error(`no duration in ${path}`);
  const [, h, m, s] = match;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
}

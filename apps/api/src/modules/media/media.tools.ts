import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * ffmpeg: the system's when there is one (Debian's `ffmpeg`), else the static build the npm
 * package `@ffmpeg-installer/ffmpeg` ships (shared/media-notes.md). `MEDIA_FFMPEG` overrides.
 */
export function ffmpegPath(): string {
  const configured = process.env.MEDIA_FFMPEG;
  if (configured) return configured;
  if (existsSync('/usr/bin/ffmpeg')) return '/usr/bin/ffmpeg';
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Shaka Packager's static binary from its official npm package (`shaka-packager`). */
export function packagerPath(): string {
  const configured = process.env.MEDIA_PACKAGER;
  if (configured) return configured;
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const os = process.platform === 'darwin' ? 'osx' : process.platform === 'win32' ? 'win' : 'linux';
  const binary = `packager-${os}-${arch}${os === 'win' ? '.exe' : ''}`;
  return join(dirname(require.resolve('shaka-packager/package.json')), 'bin', binary);
}

/** Runs a tool; rejects with the end of its stderr when it fails or runs past `timeoutMs`. */
export function run(command: string, args: readonly string[], timeoutMs = 300_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error)
        reject(new Error(`${command.split('/').pop()} failed: ${String(stderr).slice(-600) || error.message}`));
      else resolve(String(stdout) + String(stderr));
    });
  });
}

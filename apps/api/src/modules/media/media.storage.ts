import { mkdir, readFile, rm, writeFile, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where packaged media lives: manifests and segments under a prefix per title (ADR 022).
 * Segments are encrypted (and the preview is only the preview), so the store may be public and
 * behind a CDN: `urlOf` is what players fetch. Embedded mode keeps a local directory served at
 * `/media`; production sets MEDIA_DIR to a volume its CDN serves, or another implementation
 * (S3-compatible object storage) takes this interface's place.
 */
export interface MediaStorage {
  /** copies a local directory of packaged files under `prefix`, replacing what was there */
  putDirectory(prefix: string, from: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  urlOf(key: string): string;
  remove(prefix: string): Promise<void>;
}

export function localStorage(root: string, baseUrl: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (path !== base && !path.startsWith(base + sep)) throw new Error(`key outside the media store: ${key}`);
    return path;
  };
  return {
    async putDirectory(prefix, from) {
      const target = pathOf(prefix);
      await rm(target, { recursive: true, force: true });
      await mkdir(dirname(target), { recursive: true });
      await cp(from, target, { recursive: true });
    },
    async read(key) {
      const path = pathOf(key);
      return existsSync(path) ? readFile(path) : null;
    },
    urlOf: (key) => `${baseUrl.replace(/\/$/, '')}/${key}`,
    remove: (prefix) => rm(pathOf(prefix), { recursive: true, force: true }),
  };
}

/** writes a file, making its directory */
export async function writeFileIn(dir: string, name: string, content: string | Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

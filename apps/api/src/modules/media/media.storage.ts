import { mkdir, readFile, readdir, rm, writeFile, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * Where packaged media lives: manifests and segments under a prefix per title (ADR 022).
 * Segments are encrypted (and the preview is only the preview), so the store may be public and
 * behind a CDN: `urlOf` is what players fetch. Embedded mode keeps a local directory served at
 * `/media`; production either sets MEDIA_DIR to a volume its CDN serves or uses S3-compatible
 * object storage (`s3Storage`, MEDIA_S3_*) with MEDIA_BASE_URL pointing at its CDN.
 */
export interface MediaStorage {
  /** copies a local directory of packaged files under `prefix`, replacing what was there */
  putDirectory(prefix: string, from: string): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** writes one object (a cover), replacing one of that key */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
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
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
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

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2...), addressed path-style */
export interface S3Config {
  /** e.g. https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000 (MinIO) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mpd': 'application/dash+xml',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'audio/mp4',
  '.m4s': 'audio/mp4',
  '.ts': 'video/mp2t',
  '.json': 'application/json',
};
/** objects uploaded at once while a title is published */
const UPLOADS_AT_ONCE = 4;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * The media store on S3-compatible object storage, requests signed with AWS Signature Version 4
 * (aws4fetch). Players fetch objects from `baseUrl` (a CDN in front of the bucket); the API
 * reads the HLS playlist back with a signed GET. Titles are written under a new prefix each time,
 * so no object is ever overwritten while a CDN holds it.
 */
export function s3Storage(config: S3Config, baseUrl: string): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: 2,
  });
  const bucketUrl = `${config.endpoint.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}`;
  const objectUrl = (key: string) => `${bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const failed = async (what: string, response: Response) =>
    new Error(`object storage ${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix: `${prefix.replace(/\/$/, '')}/` });
      if (token) query.set('continuation-token', token);
      const response = await client.fetch(`${bucketUrl}?${query}`);
      if (!response.ok) throw await failed('list', response);
      const text = await response.text();
      for (const found of text.matchAll(/<Key>([^<]+)<\/Key>/g))
        keys.push(found[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      token = /<IsTruncated>true<\/IsTruncated>/.test(text)
        ? /<NextContinuationToken>([^<]+)</.exec(text)?.[1]
        : undefined;
    } while (token);
    return keys;
  }

  return {
    async putDirectory(prefix, from) {
      const files = await filesUnder(from);
      for (let i = 0; i < files.length; i += UPLOADS_AT_ONCE) {
        await Promise.all(
          files.slice(i, i + UPLOADS_AT_ONCE).map(async (file) => {
            const key = `${prefix}/${relative(from, file).split(sep).join('/')}`;
            const response = await client.fetch(objectUrl(key), {
              method: 'PUT',
              body: await readFile(file),
              headers: { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' },
            });
            if (!response.ok) throw await failed(`put ${key}`, response);
          }),
        );
      }
    },
    async read(key) {
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return null;
      if (!response.ok) throw await failed(`get ${key}`, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async put(key, bytes, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': contentType },
      });
      if (!response.ok) throw await failed(`put ${key}`, response);
    },
    urlOf: (key) => `${baseUrl.replace(/\/$/, '')}/${key}`,
    async remove(prefix) {
      for (const key of await keysUnder(prefix)) {
        const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
        if (!response.ok && response.status !== 404) throw await failed(`delete ${key}`, response);
      }
    },
  };
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxS3 } from '@nomsan/sandbox/s3';
import { s3Storage, type S3Config } from './media.storage';

/** The media store on S3-compatible storage, against the local stand-in that checks SigV4. */
describe('media store on object storage', () => {
  let bucket: FastifyInstance;
  let config: S3Config;
  const dir = mkdtempSync(join(tmpdir(), 'nomsan-s3-'));
  beforeAll(async () => {
    bucket = Fastify();
    await bucket.register(sandboxS3, {
      mountPath: '/s3',
      accessKeyId: 'NOMSANTESTKEY',
      secretAccessKey: 'nomsan-test-secret-key',
      region: 'ap-east-1',
    });
    await bucket.listen({ port: 0, host: '127.0.0.1' });
    const { port } = bucket.server.address() as { port: number };
    config = {
      endpoint: `http://127.0.0.1:${port}/s3`,
      bucket: 'nomsan-media',
      region: 'ap-east-1',
      accessKeyId: 'NOMSANTESTKEY',
      secretAccessKey: 'nomsan-test-secret-key',
    };
    mkdirSync(join(dir, 'full'), { recursive: true });
    writeFileSync(join(dir, 'full', 'manifest.mpd'), '<MPD/>');
    writeFileSync(join(dir, 'full', 'seg_0001.m4s'), Buffer.from([0, 1, 2, 3]));
    mkdirSync(join(dir, 'hls'));
    writeFileSync(join(dir, 'hls', 'audio.m3u8'), '#EXTM3U\n');
  });
  afterAll(async () => {
    await bucket.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes a title under its prefix, reads it back, gives CDN URLs, and removes it', async () => {
    const store = s3Storage(config, 'https://cdn.nomsan.mn/media');
    await store.putDirectory('packaged/book-1/v1', dir);
    expect((await store.read('packaged/book-1/v1/hls/audio.m3u8'))?.toString()).toBe('#EXTM3U\n');
    expect([...(await store.read('packaged/book-1/v1/full/seg_0001.m4s'))!]).toEqual([0, 1, 2, 3]);
    expect(await store.read('packaged/book-1/v1/full/missing.m4s')).toBeNull();
    expect(store.urlOf('packaged/book-1/v1/full/manifest.mpd')).toBe(
      'https://cdn.nomsan.mn/media/packaged/book-1/v1/full/manifest.mpd',
    );
    await store.putDirectory('packaged/book-1/v2', dir);
    await store.remove('packaged/book-1/v1');
    expect(await store.read('packaged/book-1/v1/full/manifest.mpd')).toBeNull();
    expect(await store.read('packaged/book-1/v2/full/manifest.mpd')).not.toBeNull();
  });

  it('is refused with keys the bucket does not know', async () => {
    const store = s3Storage({ ...config, secretAccessKey: 'not-the-secret' }, '/media');
    await expect(store.putDirectory('packaged/book-2/v1', dir)).rejects.toThrow(/403.*SignatureDoesNotMatch/s);
  });
});

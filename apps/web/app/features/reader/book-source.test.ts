import { describe, expect, it } from 'vitest';
import type { EbookManifest } from '@nomsan/contracts/ebook';
import type { FoliateBook } from 'foliate-js/view.js';
import { ApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { limitToSample, lockedPaths, manifestLoader, notOpened, ResourceError } from './book-source';

const manifest = (sample: boolean): EbookManifest => ({
  id: 1,
  title: 'Ном',
  sample,
  package_path: 'OEBPS/package.opf',
  metadata: {
    title: 'Ном',
    creators: [],
    language: 'mn',
    identifier: null,
    publisher: null,
    description: null,
    direction: 'default',
    layout: 'reflowable',
  },
  spine: [
    {
      path: 'OEBPS/a.xhtml',
      media_type: 'application/xhtml+xml',
      linear: true,
      size: 120,
      in_sample: true,
      readable: true,
    },
    {
      path: 'OEBPS/b.xhtml',
      media_type: 'application/xhtml+xml',
      linear: true,
      size: 360,
      in_sample: false,
      readable: !sample,
    },
  ],
  toc: [],
  resources: [
    { path: 'OEBPS/a.xhtml', media_type: 'application/xhtml+xml', size: 120, url: '/r?path=a' },
    { path: 'OEBPS/cover.png', media_type: 'image/png', size: 3, url: '/r?path=cover' },
  ],
});

describe("the reader's loader over the manifest", () => {
  it('fetches a listed resource from its URL, and answers an unlisted one as absent without a request', async () => {
    const asked: string[] = [];
    const loader = manifestLoader(manifest(true), async (url) => {
      asked.push(url);
      return new Response(url === '/r?path=a' ? '<html/>' : new Uint8Array([1, 2, 3]), { status: 200 });
    });
    expect(await loader.loadText('OEBPS/a.xhtml')).toBe('<html/>');
    const cover = await loader.loadBlob('OEBPS/cover.png');
    expect(cover?.type).toBe('image/png');
    expect(cover?.size).toBe(3);
    expect(await loader.loadText('OEBPS/b.xhtml')).toBeNull();
    expect(await loader.loadText('META-INF/encryption.xml')).toBeNull();
    expect(asked).toEqual(['/r?path=a', '/r?path=cover']);
    expect(loader.getSize('OEBPS/a.xhtml')).toBe(120);
    // a chapter outside the sample is not fetched, but weighs in the book's progress
    expect(loader.getSize('OEBPS/b.xhtml')).toBe(360);
    expect(loader.getSize('OEBPS/missing.xhtml')).toBe(0);
  });

  it('fails on a refused resource', async () => {
    const loader = manifestLoader(manifest(false), async () => new Response('{}', { status: 403 }));
    await expect(loader.loadText('OEBPS/a.xhtml')).rejects.toBeInstanceOf(ResourceError);
  });

  it('locks no chapter for a member who holds the book, and the chapters outside the sample for anyone else', () => {
    expect(lockedPaths(manifest(false))).toEqual(new Set());
    expect(lockedPaths(manifest(true))).toEqual(new Set(['OEBPS/b.xhtml']));
  });

  it("takes a sample's other chapters out of the reading order and the search", () => {
    const book = {
      sections: [
        { id: 'OEBPS/a.xhtml', size: 1, load: () => '', createDocument: async () => new Document() },
        { id: 'OEBPS/b.xhtml', size: 1, load: () => '', createDocument: async () => new Document() },
      ],
      resolveHref: () => null,
    } as unknown as FoliateBook;
    expect(limitToSample(book, manifest(false))).toEqual(new Set());
    expect(book.sections[1]!.linear).toBeUndefined();
    expect(limitToSample(book, manifest(true))).toEqual(new Set([1]));
    expect(book.sections[1]!.linear).toBe('no');
    expect(book.sections[1]!.createDocument).toBeUndefined();
    expect(book.sections[0]!.linear).toBeUndefined();
  });

  it('says a book the server cannot open is unavailable, without a retry that cannot work; a network failure keeps the retry', () => {
    expect(notOpened(new ApiError(422, 'BUSINESS_RULE', mn.reader.unavailable))).toEqual({
      message: mn.reader.unavailable,
      retry: false,
    });
    expect(notOpened(new ApiError(404, 'NOT_FOUND', mn.reader.noEbook))).toEqual({
      message: mn.reader.noEbook,
      retry: false,
    });
    expect(notOpened(new ResourceError(422, 'OEBPS/content.opf'))).toEqual({
      message: mn.reader.unavailable,
      retry: false,
    });
    for (const passing of [
      new TypeError('Failed to fetch'),
      new ApiError(503, 'UNAVAILABLE', mn.errors.UNAVAILABLE),
      new ResourceError(500, 'OEBPS/a.xhtml'),
    ]) {
      expect(notOpened(passing)).toEqual({ message: mn.reader.loadFailed, retry: true });
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upload } from 'tus-js-client';
import { fixturesDir } from '@nomsan/demo/fixtures-dir';
import { mn } from '@nomsan/contracts/messages';
import { uploadsResponse } from '@nomsan/contracts/uploads';
import { createAccountsApp, registerByPhone, asMember, type AccountsTestApp } from '../../test/accounts';
import { staffWith, type SignedInStaff } from '../../test/staff';
import { sniff } from './sniff';

const epub = readFileSync(join(fixturesDir(), 'epub', 'book-1.epub'));
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Resumable uploads, driven by tus's own JavaScript client (tus-js-client, as the back office's
 * pages and publishers' tools use it) against the app listening on a port: a file sent in
 * chunks survives a connection cut in the middle and resumes where it stopped; a file whose
 * content is not what it was declared as is refused and deleted; another person's upload and a
 * member are refused.
 */
describe('resumable uploads (tus)', () => {
  let t: AccountsTestApp;
  let origin: string;
  let editor: SignedInStaff;
  beforeAll(async () => {
    t = await createAccountsApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    editor = await staffWith(t.app, ['editor']);
  });
  afterAll(() => t.close());

  /** sends `bytes` with tus-js-client; `cutAfter`: the connection is cut after that many chunks, then resumed */
  function send(bytes: Buffer, metadata: Record<string, string>, who: SignedInStaff, cutAfter?: number) {
    return new Promise<{ url: string; resumed: boolean }>((resolve, reject) => {
      let chunks = 0;
      let resumed = false;
      const upload: Upload = new Upload(bytes, {
        endpoint: `${origin}/api/staff/uploads`,
        chunkSize: 1024,
        retryDelays: [],
        metadata,
        headers: { cookie: who.cookie },
        onChunkComplete: () => {
          chunks++;
          if (cutAfter !== undefined && chunks === cutAfter && !resumed) {
            resumed = true;
            void upload.abort().then(() => {
              // the page is opened again: the client asks where the upload stopped and goes on
              const again: Upload = new Upload(bytes, {
                uploadUrl: upload.url,
                chunkSize: 1024,
                retryDelays: [],
                headers: { cookie: who.cookie },
                onSuccess: () => resolve({ url: again.url!, resumed }),
                onError: reject,
              });
              again.start();
            });
          }
        },
        onSuccess: () => resolve({ url: upload.url!, resumed }),
        onError: reject,
      });
      upload.start();
    });
  }
  const idOf = (url: string) => url.split('/').at(-1)!;

  it('takes an EPUB in chunks across a cut connection, resumed where it stopped, and hands it over once', async () => {
    const { url, resumed } = await send(epub, { kind: 'epub', filename: 'Миний ном.epub' }, editor, 3);
    expect(resumed).toBe(true);
    const id = idOf(url);
    const listed = uploadsResponse.parse(
      (await t.app.inject({ url: '/api/staff/uploads', headers: editor.headers })).json(),
    ).data;
    expect(listed[0]).toMatchObject({
      id,
      kind: 'epub',
      file_name: 'Миний ном.epub',
      size: epub.length,
      status: 'ready',
    });
    const uploads = t.app.modules!.services.uploads;
    const root = t.app.modules!.kernel.root;
    const taken = await uploads.take(root, id, editor.staffId, 'epub');
    expect(taken).toMatchObject({ type: 'application/epub+zip', size: epub.length });
    expect(readFileSync(taken.path).equals(epub)).toBe(true);
    await expect(uploads.take(root, id, editor.staffId, 'epub')).rejects.toThrow(mn.uploads.taken);
  });

  it('refuses a file whose content is not what it was declared as, and deletes it', async () => {
    const refused = await send(png, { kind: 'epub', filename: 'ном.epub' }, editor).catch((error: Error) => error);
    expect(String(refused)).toContain('422');
    expect(String(refused)).toContain(mn.uploads.typeRefused(mn.uploads.kinds.epub));
    const cover = await send(png, { kind: 'cover', filename: 'cover.png' }, editor);
    expect(idOf(cover.url)).toMatch(/^[A-Za-z0-9_-]+$/);
    const unknownKind = await send(png, { kind: 'virus', filename: 'x' }, editor).catch((error: Error) => error);
    expect(String(unknownKind)).toContain('400');
  });

  it("refuses another person's upload, a file over its kind's size, and anyone without a staff session", async () => {
    const { url } = await send(png, { kind: 'cover', filename: 'a.png' }, editor);
    const other = await staffWith(t.app, ['editor']);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/staff/uploads/${idOf(url)}`,
      headers: { ...other.headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/staff/uploads',
      headers: {
        ...editor.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(16 * 1024 * 1024),
        'upload-metadata': `kind ${Buffer.from('cover').toString('base64')}`,
      },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(mn.uploads.tooLarge);
    const member = await registerByPhone(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/staff/uploads', headers: asMember(member) })).statusCode,
    ).toBe(401);
    const noVersion = await t.app.inject({ method: 'POST', url: '/api/staff/uploads', headers: editor.headers });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.message).toBe(mn.uploads.protocol);
  });

  it('tells types by their first bytes, not their names', () => {
    expect(sniff(epub)).toBe('application/epub+zip');
    expect(sniff(png)).toBe('image/png');
    expect(sniff(Buffer.from('ID3\u0004\u0000'))).toBe('audio/mpeg');
    expect(sniff(Buffer.from('\u0000\u0000\u0000\u0020ftypM4B \u0000\u0000'))).toBe('audio/mp4');
    expect(sniff(Buffer.from('<?xml version="1.0"?><ONIXMessage/>'))).toBe('application/xml');
    expect(sniff(Buffer.from('PK\u0003\u0004 not an epub'.padEnd(80, ' ')))).toBe('application/zip');
    expect(sniff(Buffer.from([0, 1, 2, 3, 0, 0]))).toBe('unknown');
  });
});

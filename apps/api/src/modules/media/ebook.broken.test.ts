import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import { sql } from '@nomsan/db/orm';
import { logOptions } from '../../log-options';
import { createAccountsApp, fromSite, type AccountsTestApp } from '../../test/accounts';

/**
 * The e-book folder of this file: the demo's EPUBs (linked from the folder the global setup took
 * them into) and, beside them, the broken EPUBs the tests write, so the real app reads them as
 * it reads any book.
 */
function ebookFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nomsan-broken-epubs-'));
  const demo = inject('demoMedia').ebookDir;
  for (const file of readdirSync(demo)) symlinkSync(join(demo, file), join(dir, file));
  return dir;
}

const CONTAINER =
  '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';
const opf = (spine: string) =>
  `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Эвдэрсэн</dc:title><dc:identifier id="id">x</dc:identifier></metadata><manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/></manifest><spine>${spine}</spine></package>`;
const epub = (files: Record<string, string>) =>
  zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  });
const CHAPTER = '<html><body><p>Текст</p></body></html>';
/** a book that opens, with an image whose deflated bytes are broken (found when it is asked for) */
const CORRUPT_IMAGE = (() => {
  const bytes = epub({
    'META-INF/container.xml': CONTAINER,
    'OEBPS/content.opf': opf('<itemref idref="a"/>').replace(
      '</manifest>',
      '<item id="p" href="p.png" media-type="image/png"/></manifest>',
    ),
    'OEBPS/a.xhtml': '<html><body><p>Текст</p><img src="p.png" alt=""/></body></html>',
    'OEBPS/p.png': 'x'.repeat(500),
  });
  const name = strToU8('OEBPS/p.png');
  // the entry's local header: its data starts after the 30-byte header, the name and the extra field
  const at = bytes.findIndex((_, i) => name.every((byte, k) => bytes[i + 30 + k] === byte) && bytes[i] === 0x50);
  const view = new DataView(bytes.buffer);
  // a deflate block of the reserved type 3: no inflater reads past it
  bytes[at + 30 + name.length + view.getUint16(at + 28, true)] = 0x07;
  return bytes;
})();
const TRUNCATED = epub({
  'META-INF/container.xml': CONTAINER,
  'OEBPS/content.opf': opf('<itemref idref="a"/>'),
}).subarray(0, 60);

/** Each way a file in the media store fails to be a book, with the reason staff read in the log. */
const BROKEN: { file: string; bytes?: Uint8Array; reason: RegExp }[] = [
  {
    file: 'broken-empty-spine.epub',
    bytes: epub({ 'META-INF/container.xml': CONTAINER, 'OEBPS/content.opf': opf(''), 'OEBPS/a.xhtml': CHAPTER }),
    reason: /empty spine/,
  },
  {
    file: 'broken-container.epub',
    bytes: epub({
      'META-INF/container.xml': '<container><rootfiles>',
      'OEBPS/content.opf': opf('<itemref idref="a"/>'),
    }),
    reason: /container\.xml names no package document/,
  },
  {
    file: 'broken-no-opf.epub',
    bytes: epub({ 'META-INF/container.xml': CONTAINER, 'OEBPS/a.xhtml': CHAPTER }),
    reason: /no package document at OEBPS\/content\.opf/,
  },
  { file: 'broken-not-a-zip.epub', bytes: strToU8('%PDF-1.7 not an EPUB'), reason: /not a readable zip archive/ },
  { file: 'broken-missing.epub', reason: /not in the media store/ },
  { file: 'broken-truncated.epub', bytes: TRUNCATED, reason: /not a readable zip archive/ },
  { file: '../outside.epub', reason: /not a file name of the media store/ },
];

describe('an e-book whose file cannot be opened', () => {
  let t: AccountsTestApp;
  let logged = '';
  const books = new Map<string, number>();
  let goodBook: number;
  const folder = ebookFolder();

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    t = await createAccountsApp({
      logger: pino({ level: 'info', ...logOptions }, sink),
      media: { ...inject('demoMedia'), ebookDir: folder },
    });
    const files = [...BROKEN, { file: 'broken-image.epub', bytes: CORRUPT_IMAGE }];
    for (const broken of files) if (broken.bytes) writeFileSync(join(folder, broken.file), broken.bytes);
    const { rows } = await t.db.db.execute<{ id: number }>(sql`
      select b.id from catalog_book b join catalog_ebook_edition e on e.book_id = b.id
      where b.status = 'published' order by b.id limit ${files.length + 1}`);
    expect(rows, 'published e-books to point at the broken files').toHaveLength(files.length + 1);
    goodBook = rows[0]!.id;
    for (const [index, broken] of files.entries()) {
      const id = rows[index + 1]!.id;
      books.set(broken.file, id);
      await t.db.db.execute(sql`update catalog_ebook_edition set epub_file = ${broken.file} where book_id = ${id}`);
    }
  });
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const lines = () =>
    logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('answers 422 with a message that the book is unavailable (never a 500), and logs one line for staff with the book, the file and why', async () => {
    for (const broken of BROKEN) {
      const id = books.get(broken.file)!;
      logged = '';
      const manifest = await t.app.inject({ url: `/v5/drm/book/${id}/playlist`, headers: fromSite() });
      expect(manifest.statusCode, broken.file).toBe(422);
      expect(manifest.json()).toEqual({ error: { code: 'BUSINESS_RULE', message: mn.reader.unavailable } });
      const resource = await t.app.inject({
        url: `/v5/drm/book/${id}/resource?path=OEBPS%2Fa.xhtml`,
        headers: fromSite(),
      });
      expect(resource.statusCode, broken.file).toBe(422);

      const forStaff = lines().filter((line) => line.msg === 'e-book cannot be opened for the reader');
      expect(forStaff, broken.file).toHaveLength(2);
      for (const line of forStaff) {
        expect(line).toMatchObject({ level: 50, book: id, file: broken.file });
        expect(line.reason, broken.file).toMatch(broken.reason);
        expect(line).not.toHaveProperty('stack');
      }
      // and no other error (a 500 would log 'request failed')
      expect(lines().filter((line) => Number(line.level) >= 50)).toHaveLength(2);
    }
  });

  it('answers 422 for a resource the archive lists but cannot inflate, and logs it with its path', async () => {
    const id = books.get('broken-image.epub')!;
    const manifest = await t.app.inject({ url: `/v5/drm/book/${id}/playlist`, headers: fromSite() });
    expect(manifest.statusCode).toBe(200);
    logged = '';
    const image = await t.app.inject({ url: `/v5/drm/book/${id}/resource?path=OEBPS%2Fp.png`, headers: fromSite() });
    expect(image.statusCode).toBe(422);
    expect(image.json().error.message).toBe(mn.reader.unavailable);
    expect(lines().filter((line) => Number(line.level) >= 50)).toEqual([
      expect.objectContaining({ book: id, file: 'broken-image.epub', path: 'OEBPS/p.png' }),
    ]);
  });

  it('opens the books of good files beside them as before', async () => {
    const manifest = await t.app.inject({ url: `/v5/drm/book/${goodBook}/playlist`, headers: fromSite() });
    expect(manifest.statusCode).toBe(200);
  });
});

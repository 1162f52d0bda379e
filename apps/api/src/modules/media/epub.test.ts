import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '@nomsan/demo/fixtures-dir';
import { EpubError, openEpub, resolveHref } from './epub';

const REAL_WORLD = new URL('../../../../../e2e/fixtures/epub/', import.meta.url);
const realWorld = (file: string) => openEpub(readFileSync(new URL(file, REAL_WORLD)));

describe('reading EPUB archives for the reader', () => {
  it('reads a demo book: metadata, spine, table of contents, and the first chapter as the sample', () => {
    const book = openEpub(readFileSync(join(fixturesDir(), 'epub', 'book-2.epub')));
    expect(book.metadata).toMatchObject({
      title: 'Дадлын хүч',
      language: 'mn',
      direction: 'default',
      layout: 'reflowable',
    });
    expect(book.spine.map((item) => item.path)).toEqual([1, 2, 3, 4].map((n) => `OEBPS/chapter-${n}.xhtml`));
    expect(book.toc.map((entry) => entry.label)).toEqual([
      'Оршил',
      'Нэгдүгээр бүлэг. Дадлын гогцоо',
      'Хоёрдугаар бүлэг. Жижиг алхам',
      'Дүгнэлт',
    ]);
    expect([...book.sample.spine]).toEqual(['OEBPS/chapter-1.xhtml']);
    expect(strFromU8(book.read('OEBPS/chapter-1.xhtml')!)).toContain('Оршил');
  });

  it('takes the bodymatter landmark as the first chapter, follows @import for the sample, and reads a nested table of contents', () => {
    const book = realWorld('footnotes.epub');
    expect(book.packagePath).toBe('OEBPS/content.opf');
    expect(book.spine.map((item) => item.path.replace('OEBPS/Text/', ''))).toEqual([
      'cover.xhtml',
      'title.xhtml',
      'chapter01.xhtml',
      'chapter02.xhtml',
      'notes.xhtml',
    ]);
    expect([...book.sample.spine]).toEqual(['OEBPS/Text/chapter01.xhtml']);
    expect([...book.sample.resources].sort()).toEqual([
      'META-INF/container.xml',
      'OEBPS/Styles/base.css',
      'OEBPS/Styles/style.css',
      'OEBPS/Text/chapter01.xhtml',
      'OEBPS/Text/nav.xhtml',
      'OEBPS/content.opf',
      'OEBPS/toc.ncx',
    ]);
    expect(book.toc).toEqual([
      { label: 'Нэгдүгээр бүлэг. Өвөл', href: 'OEBPS/Text/chapter01.xhtml', level: 1 },
      { label: 'Өвлийн идэш', href: 'OEBPS/Text/chapter01.xhtml#winter-food', level: 2 },
      { label: 'Хоёрдугаар бүлэг. Хавар', href: 'OEBPS/Text/chapter02.xhtml', level: 1 },
      { label: 'Тайлбар', href: 'OEBPS/Text/notes.xhtml', level: 1 },
    ]);
  });

  it('skips a cover page without text, and puts the images, SVG and CSS background of the first chapter in the sample (a file name with a space included)', () => {
    const book = realWorld('illustrated.epub');
    expect([...book.sample.spine]).toEqual(['OEBPS/Text/part one.xhtml']);
    expect(book.sample.resources).toEqual(
      new Set([
        'META-INF/container.xml',
        'OEBPS/content.opf',
        'OEBPS/nav.xhtml',
        'OEBPS/Text/part one.xhtml',
        'OEBPS/Styles/book.css',
        'OEBPS/Images/band.png',
        'OEBPS/Images/steppe map.png',
        'OEBPS/Images/karakorum.svg',
      ]),
    );
    expect(book.resources.get('OEBPS/Images/steppe map.png')).toMatchObject({ mediaType: 'image/png' });
    expect(book.toc.map((entry) => entry.href)).toEqual(['OEBPS/Text/part one.xhtml', 'OEBPS/Text/part two.xhtml']);
  });

  it('reads the page progression of right-to-left and vertical books', () => {
    const rtl = realWorld('rtl.epub');
    expect(rtl.metadata).toMatchObject({ direction: 'rtl', language: 'ar' });
    expect([...rtl.sample.spine]).toEqual(['OEBPS/arabic.xhtml']);
    const vertical = realWorld('vertical.epub');
    expect(vertical.metadata).toMatchObject({ direction: 'rtl', language: 'ja', creators: ['夏目漱石'] });
    expect(vertical.toc.map((entry) => entry.label)).toEqual(['一', '二']);
  });

  it('falls back to the NCX when there is no navigation document', () => {
    const files = {
      mimetype: strToU8('application/epub+zip'),
      'META-INF/container.xml': strToU8(
        '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
      'content.opf': strToU8(`<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Old &amp; new</dc:title><dc:identifier id="id">x</dc:identifier></metadata>
        <manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="a" href="a.html" media-type="application/xhtml+xml"/></manifest>
        <spine toc="ncx"><itemref idref="a"/></spine></package>`),
      'toc.ncx': strToU8(
        '<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint id="p"><navLabel><text>Эхлэл</text></navLabel><content src="a.html#top"/><navPoint id="q"><navLabel><text>Дэд</text></navLabel><content src="a.html#sub"/></navPoint></navPoint></navMap></ncx>',
      ),
      'a.html': strToU8('<html><body><p>Текст</p></body></html>'),
    };
    const book = openEpub(zipSync(files));
    expect(book.metadata.title).toBe('Old & new');
    expect(book.toc).toEqual([
      { label: 'Эхлэл', href: 'a.html#top', level: 1 },
      { label: 'Дэд', href: 'a.html#sub', level: 2 },
    ]);
  });

  it('refuses what is not an EPUB', () => {
    expect(() => openEpub(strToU8('not a zip at all'))).toThrow(EpubError);
    expect(() => openEpub(zipSync({ 'a.txt': strToU8('x') }))).toThrow(EpubError);
  });

  it('resolves hrefs inside the archive only', () => {
    expect(resolveHref('OEBPS/Text/a.xhtml', '../Images/b%20c.png')).toEqual({
      path: 'OEBPS/Images/b c.png',
      fragment: '',
    });
    expect(resolveHref('OEBPS/a.xhtml', 'b.xhtml#x')).toEqual({ path: 'OEBPS/b.xhtml', fragment: 'x' });
    expect(resolveHref('OEBPS/Text/a.xhtml', '/OEBPS/b.css')).toEqual({ path: 'OEBPS/b.css', fragment: '' });
    for (const outside of [
      '../../etc/passwd',
      '/../etc/passwd',
      'https://example.com/a.css',
      '//cdn/x.css',
      '#only',
      '%E0%A4%A',
    ]) {
      expect(resolveHref('OEBPS/a.xhtml', outside), outside).toBeUndefined();
    }
  });

  it('opens the chapters an editor chose to visitors, and always the first one', () => {
    const book = realWorld('moby-dick.epub');
    const three = book.sampleOf(3);
    expect(three.spine.size).toBe(3);
    expect([...book.sample.spine][0]).toBe([...three.spine][0]);
    for (const asked of [0, -2, Number.NaN, undefined as unknown as number]) {
      expect(book.sampleOf(asked).spine).toEqual(book.sample.spine);
    }
  });
});

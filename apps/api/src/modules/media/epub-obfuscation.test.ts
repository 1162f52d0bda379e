import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openEpub } from './epub';

const REAL_WORLD = new URL('../../../../../e2e/fixtures/epub/', import.meta.url);

/** A font-shaped file: an OpenType signature, then bytes that differ all along (longer than 1040). */
const FONT = new Uint8Array(3_000).map((_, i) => (i < 4 ? 'OTTO'.charCodeAt(i) : (i * 7 + 3) % 251));

/** Obfuscates as a publisher's tool does, written out here rather than taken from the code under test. */
function obfuscate(font: Uint8Array, key: Uint8Array, length: number): Uint8Array {
  const out = font.slice();
  for (let i = 0; i < Math.min(length, out.length); i += 1) out[i] = out[i]! ^ key[i % key.length]!;
  return out;
}

function bookWithFont(options: { identifiers: string; algorithm: string; font: Uint8Array }): Uint8Array {
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'META-INF/encryption.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
      <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
        <enc:EncryptedData>
          <enc:EncryptionMethod Algorithm="${options.algorithm}"/>
          <enc:CipherData><enc:CipherReference URI="OEBPS/Fonts/Book%20Serif.otf"/></enc:CipherData>
        </enc:EncryptedData>
      </encryption>`),
    'OEBPS/content.opf': strToU8(`<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Фонт</dc:title>${options.identifiers}</metadata>
      <manifest>
        <item id="font" href="Fonts/Book%20Serif.otf" media-type="font/otf"/>
        <item id="plain" href="Fonts/plain.otf" media-type="font/otf"/>
        <item id="css" href="style.css" media-type="text/css"/>
        <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
      </manifest>
      <spine><itemref idref="a"/></spine></package>`),
    'OEBPS/style.css': strToU8('@font-face { font-family: Book; src: url("Fonts/Book%20Serif.otf"); }'),
    'OEBPS/a.xhtml': strToU8(
      '<html><head><link rel="stylesheet" href="style.css"/></head><body><p>Текст</p></body></html>',
    ),
    'OEBPS/Fonts/Book Serif.otf': options.font,
    'OEBPS/Fonts/plain.otf': FONT,
  });
}

describe('obfuscated fonts are served as the fonts they are', () => {
  it('undoes the IDPF algorithm: SHA-1 of the unique identifier without its whitespace, over the first 1040 bytes', () => {
    const id = 'urn:isbn:978-99978-0-000-0';
    const key = new Uint8Array(createHash('sha1').update(id).digest());
    const book = openEpub(
      bookWithFont({
        // the whitespace inside and around the identifier is no part of the key
        identifiers: `<dc:identifier id="other">urn:uuid:00000000-0000-0000-0000-000000000000</dc:identifier><dc:identifier id="uid">
          urn:isbn:978-99978-0-000-0 </dc:identifier>`,
        algorithm: 'http://www.idpf.org/2008/embedding',
        font: obfuscate(FONT, key, 1040),
      }),
    );
    expect(book.read('OEBPS/Fonts/Book Serif.otf')).toEqual(FONT);
    // twice: each read starts from the archive's bytes
    expect(book.read('OEBPS/Fonts/Book Serif.otf')).toEqual(FONT);
    expect(book.read('OEBPS/Fonts/plain.otf')).toEqual(FONT);
    // the font's size is its size either way, and encryption.xml is never served
    expect(book.resources.get('OEBPS/Fonts/Book Serif.otf')?.size).toBe(FONT.length);
    expect(book.resources.has('META-INF/encryption.xml')).toBe(false);
    expect(book.read('META-INF/encryption.xml')).toBeUndefined();
  });

  it("undoes Adobe's algorithm: the 16 bytes of the urn:uuid identifier, over the first 1024 bytes", () => {
    const uuid = '2b6c8f1e-94d3-4e7a-b0a5-3c1d2e4f5a6b';
    const key = new Uint8Array(Buffer.from(uuid.replaceAll('-', ''), 'hex'));
    const book = openEpub(
      bookWithFont({
        // the unique identifier is an ISBN: Adobe's key is the UUID's, wherever it is
        identifiers: `<dc:identifier id="uid">urn:isbn:9789997800000</dc:identifier><dc:identifier>urn:uuid:${uuid}</dc:identifier>`,
        algorithm: 'http://ns.adobe.com/pdf/enc#RC',
        font: obfuscate(FONT, key, 1024),
      }),
    );
    expect(book.read('OEBPS/Fonts/Book Serif.otf')).toEqual(FONT);
  });

  it('leaves a resource under an algorithm it does not know, or without the identifier for the key, as it is stored', () => {
    const stored = obfuscate(FONT, new Uint8Array([1, 2, 3]), 1024);
    const encrypted = openEpub(
      bookWithFont({
        identifiers: '<dc:identifier id="uid">urn:uuid:2b6c8f1e-94d3-4e7a-b0a5-3c1d2e4f5a6b</dc:identifier>',
        algorithm: 'http://www.w3.org/2001/04/xmlenc#aes128-cbc',
        font: stored,
      }),
    );
    expect(encrypted.read('OEBPS/Fonts/Book Serif.otf')).toEqual(stored);
    const noUuid = openEpub(
      bookWithFont({
        identifiers: '<dc:identifier id="uid">urn:isbn:9789997800000</dc:identifier>',
        algorithm: 'http://ns.adobe.com/pdf/enc#RC',
        font: stored,
      }),
    );
    expect(noUuid.read('OEBPS/Fonts/Book Serif.otf')).toEqual(stored);
  });

  it("de-obfuscates the IDPF's own sample (30/wasteland-otf-obf) into OpenType fonts whose tables all check out", () => {
    const archive = readFileSync(new URL('wasteland-otf-obf.epub', REAL_WORLD));
    const book = openEpub(archive);
    const fonts = [
      'EPUB/OldStandard-Regular.obf.otf',
      'EPUB/OldStandard-Bold.obf.otf',
      'EPUB/OldStandard-Italic.obf.otf',
    ];
    const stored = unzipSync(archive, { filter: (file) => fonts.includes(file.name) });
    for (const path of fonts) {
      // as stored, the font is not one a browser would take
      expect(String.fromCharCode(...stored[path]!.subarray(0, 4)), path).not.toBe('OTTO');
      const font = book.read(path)!;
      expect(font.length).toBe(stored[path]!.length);
      expect(String.fromCharCode(...font.subarray(0, 4)), path).toBe('OTTO');
      expect(badTables(font), path).toEqual([]);
      // past the obfuscated start, the bytes are the stored ones
      expect(Buffer.compare(font.subarray(1040), stored[path]!.subarray(1040))).toBe(0);
    }
  });
});

/**
 * The tables of an OpenType font whose directory entry does not match its bytes (place or
 * checksum): none for a font read right, most of them for one still obfuscated.
 */
function badTables(font: Uint8Array): string[] {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = view.getUint16(4);
  const bad: string[] = [];
  for (let n = 0; n < tables; n += 1) {
    const record = 12 + n * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    const [checksum, offset, length] = [
      view.getUint32(record + 4),
      view.getUint32(record + 8),
      view.getUint32(record + 12),
    ];
    if (offset + length > font.length) {
      bad.push(tag);
      continue;
    }
    let sum = 0;
    for (let at = offset; at < offset + length; at += 4) {
      let word = 0;
      for (let b = 0; b < 4; b += 1) word = (word << 8) | (at + b < offset + length ? font[at + b]! : 0);
      // head's checksum is taken with its checkSumAdjustment (bytes 8-11) as zero
      if (tag === 'head' && at - offset === 8) word = 0;
      sum = (sum + (word >>> 0)) >>> 0;
    }
    if (sum !== checksum) bad.push(tag);
  }
  return bad;
}

/**
 * What a file's first bytes say it is (never its name or the type the browser claimed). Covers
 * the types the back office takes in: images for covers, EPUB (a ZIP whose first entry is
 * `mimetype` holding `application/epub+zip`), audio (MP3 with or without ID3, MPEG-4 audio
 * such as M4A/M4B, FLAC, Ogg, WAV), and XML (ONIX), plain text (transcripts).
 */
export type Sniffed =
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'application/epub+zip'
  | 'application/zip'
  | 'audio/mpeg'
  | 'audio/mp4'
  | 'audio/flac'
  | 'audio/ogg'
  | 'audio/wav'
  | 'application/xml'
  | 'text/plain'
  | 'unknown';

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** the type of a file whose first bytes (at least 64 for certainty) are `head` */
export function sniff(head: Uint8Array): Sniffed {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(head, 0, 4) === 'PK\x03\x04') {
    // the OCF rule: the first entry is "mimetype", stored, holding the EPUB media type
    const nameLength = head[26]! | (head[27]! << 8);
    const extraLength = head[28]! | (head[29]! << 8);
    const name = ascii(head, 30, nameLength);
    const body = ascii(head, 30 + nameLength + extraLength, 20);
    return name === 'mimetype' && body === 'application/epub+zip' ? 'application/epub+zip' : 'application/zip';
  }
  if (ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'audio/mpeg';
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    return ['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'dash', 'iso5', 'iso6'].includes(brand) ? 'audio/mp4' : 'unknown';
  }
  if (ascii(head, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<?xml') || /^<(!DOCTYPE\s|!--|[A-Za-z])/.test(text)) return 'application/xml';
  // text: no NUL and mostly printable
  if (head.length > 0 && !head.includes(0)) return 'text/plain';
  return 'unknown';
}

/** what each kind of upload may be, and how big */
export const UPLOAD_KINDS = {
  cover: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 15 * 1024 * 1024 },
  epub: { types: ['application/epub+zip'], maxBytes: 300 * 1024 * 1024 },
  audio: {
    types: ['audio/mpeg', 'audio/mp4', 'audio/flac', 'audio/ogg', 'audio/wav'],
    maxBytes: 2 * 1024 * 1024 * 1024,
  },
  transcript: { types: ['text/plain'], maxBytes: 20 * 1024 * 1024 },
  onix: { types: ['application/xml'], maxBytes: 100 * 1024 * 1024 },
} as const satisfies Record<string, { types: readonly Sniffed[]; maxBytes: number }>;
export type UploadKind = keyof typeof UPLOAD_KINDS;
export const isUploadKind = (value: unknown): value is UploadKind =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_KINDS, value);

import { constants, crc32, deflateRawSync } from 'node:zlib';
import { crc32Combine, crc32Shift } from './crc32-combine';

/**
 * A page cut at its CSP nonce, kept plain and compressed, into which each response splices
 * its own nonce.
 *
 * A cached page differs between responses only by its nonce, yet compressing 120 KB of HTML
 * costs milliseconds of CPU per response. DEFLATE lets a stream be cut into pieces: the text
 * between two nonces is compressed on its own (so it never refers back across a nonce), ends
 * byte-aligned (a sync flush) and is followed by a stored (uncompressed) block holding the
 * nonce. Serving a page is then copying those pieces with the request's nonce in the stored
 * blocks. The gzip trailer's CRC-32 is combined from each text's CRC, computed when stored,
 * and the nonce's (crc32-combine.ts): reading the 120 KB again took 13 % of a cached page's CPU.
 */
export interface SplicedBody {
  /** the UTF-8 text between nonces: one more than there are nonces */
  plain: Buffer[];
  /** the same texts, each compressed on its own */
  pieces: Buffer[];
  /** the CRC-32 of each text, and the factor that appends it to a CRC (crc32Shift) */
  crcs: number[];
  shifts: number[];
  /** bytes of plain text without the nonces */
  plainBytes: number;
}

// RFC 1952: magic, CM = deflate, no flags, no mtime, no extra flags, OS unknown
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** a stored block holds at most this many bytes */
const STORED_MAX = 0xffff;

/**
 * A fast level: on a 110 KB book page 1.0 ms against level 9's 2.4 ms, for 21 KB instead of
 * 19 KB. Every page rendered is compressed once here, and most pages a crawler walks are never
 * asked for again.
 */
const LEVEL = 3;

/**
 * Text shorter than this between two nonces (the page's module preloads: `" /><link
 * rel="modulepreload" href="…" nonce="`) is kept as a stored block: compressed on its own it
 * would shrink by a few bytes, and each compression sets up a zlib stream of about 270 KB, which
 * in a busy server cost more than compressing the page's text itself (2.6 ms a page for 17 streams
 * against 0.7 ms in a quiet process).
 */
const SMALL_PIECE = 1024;

/** Cuts a page (its UTF-8 bytes, or text) at every occurrence of its nonce. */
export function splitAtNonce(body: Buffer | string, nonce: string, level = LEVEL): SplicedBody {
  const plain = splitBytes(typeof body === 'string' ? Buffer.from(body, 'utf8') : body, Buffer.from(nonce, 'latin1'));
  const last = plain.length - 1;
  const pieces = plain.map((bytes, i) =>
    bytes.length < SMALL_PIECE
      ? storedBlock(bytes, i === last)
      : deflateRawSync(bytes, { level, finishFlush: i === last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
  );
  return {
    plain,
    pieces,
    // (Node 20's crc32 answers 0 for a buffer over an empty ArrayBuffer, whatever the start
    // value; an empty text's CRC is 0)
    crcs: plain.map((bytes) => (bytes.length > 0 ? crc32(bytes) : 0)),
    shifts: plain.map((bytes) => crc32Shift(bytes.length)),
    plainBytes: plain.reduce((sum, bytes) => sum + bytes.length, 0),
  };
}

function splitBytes(bytes: Buffer, separator: Buffer): Buffer[] {
  if (separator.length === 0) return [bytes];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator, from); at !== -1; at = bytes.indexOf(separator, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

/** The page as plain bytes, with `nonce` where the rendered one was. */
export function plainWith(body: SplicedBody, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  return Buffer.concat(body.plain.flatMap((bytes, i) => (i === 0 ? [bytes] : [nonceBytes, bytes])));
}

/** The whole gzip member for one response, with `nonce` (ASCII) where the rendered one was. */
export function gzipWith(body: SplicedBody, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, 'latin1');
  if (nonceBytes.length > STORED_MAX) throw new Error('nonce too long for one stored block');
  const stored = storedBlock(nonceBytes);
  const nonceCrc = nonceBytes.length > 0 ? crc32(nonceBytes) : 0;
  const nonceShift = crc32Shift(nonceBytes.length);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  body.pieces.forEach((piece, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = crc32Combine(crc, nonceCrc, nonceShift);
    }
    chunks.push(piece);
    crc = crc32Combine(crc, body.crcs[i]!, body.shifts[i]!);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  const size = body.plainBytes + nonceBytes.length * (body.pieces.length - 1);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** A stored block: BFINAL (1 for the stream's last), BTYPE 00 (the rest of the byte is padding), LEN, NLEN, bytes. */
function storedBlock(bytes: Buffer, final = false): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = final ? 1 : 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ContentCoding } from './content-coding';

/** Answers smaller than this go uncompressed (the compression plugin's threshold too). */
export const COMPRESS_FROM_BYTES = 1024;
const BROTLI_QUALITY = 6;

/** An answer text that is sent again and again: its ETag and encodings, each made once. */
export interface SharedAnswer {
  readonly etag: string;
  /** the body in `coding`, or null when it is too small to be worth compressing */
  encoded(coding: ContentCoding): Buffer | null;
}

/**
 * Texts of answers built from the services' caches (a newsfeed tab, a book's detail, the
 * categories), which the serialiser hands out as the same string for as long as the cached
 * object lives. Hashing their ETag and compressing them again on every request cost more than
 * building them had: here each is hashed and compressed once, on first need.
 *
 * Keyed by the text itself (a string cannot be a weak key): V8 keeps a string's hash, so
 * looking up the very string the serialiser returned is cheap, and any other text simply
 * misses. The oldest texts go first once `maxBytes` is reached; a text outlives its cached
 * object by a few minutes at most.
 */
export function sharedAnswers(options: { maxBytes: number }) {
  const answers = new Map<string, { answer: SharedAnswer; bytes: number }>();
  let bytes = 0;

  function make(text: string): SharedAnswer {
    const encodings = new Map<ContentCoding, Buffer | null>();
    let etag: string | undefined;
    return {
      get etag() {
        etag ??= `"${createHash('sha1').update(text).digest('base64url')}"`;
        return etag;
      },
      encoded(coding) {
        let body = encodings.get(coding);
        if (body === undefined) {
          body = Buffer.byteLength(text) < COMPRESS_FROM_BYTES ? null : compress(text, coding);
          encodings.set(coding, body);
          grow(text, body?.length ?? 0);
        }
        return body;
      },
    };
  }

  function grow(text: string, by: number) {
    const entry = answers.get(text);
    if (!entry) return;
    entry.bytes += by;
    bytes += by;
  }

  return {
    /** Keeps `text` as an answer that will be sent again. */
    remember(text: string): void {
      if (answers.has(text)) return;
      const entry = { answer: make(text), bytes: text.length * 2 };
      answers.set(text, entry);
      bytes += entry.bytes;
      for (const [oldest, { bytes: size }] of answers) {
        if (bytes <= options.maxBytes) break;
        answers.delete(oldest);
        bytes -= size;
      }
    },
    get: (text: string): SharedAnswer | undefined => answers.get(text)?.answer,
    get bytes() {
      return bytes;
    },
  };
}

function compress(text: string, coding: ContentCoding): Buffer {
  if (coding === 'gzip') return gzipSync(text, { level: 9 });
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

/** The process's shared answers: the serialiser fills it, the caching hook reads it. */
export const repeatedAnswers = sharedAnswers({ maxBytes: 32 * 1024 * 1024 });

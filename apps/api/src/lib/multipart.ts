import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../errors';

/**
 * Multipart bodies (`bodyType: 'multipart'` of an endpoint, docs/decisions/024-multipart-bodies.md):
 * the parts are read into `{ name: text }` before validation, so the endpoint's zod schema parses
 * them like a JSON body. Each part, a file or a plain field alike, is one field of the body.
 */

/** a multipart body is a few named fields, never hundreds */
const MAX_PARTS = 16;
const MULTIPART = /^multipart\/form-data(\s*;|$)/i;
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The multipart parser, for the routes of `scope` only: no other route takes multipart bodies. */
export async function acceptMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart);
}

/** preParsing: anything but `multipart/form-data` is 415, before a body is read. */
export async function requireMultipart(request: FastifyRequest): Promise<void> {
  if (!MULTIPART.test(request.headers['content-type'] ?? '')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}

/**
 * preValidation: the parts as `{ name: text }`, at most `limitBytes` in all. A part named twice,
 * text that is not UTF-8 or holds NUL (no PostgreSQL text can) is a 400 naming the part; a
 * multipart body that cannot be read is 400, one over the limits 413.
 */
export function multipartBodyReader(limitBytes: number) {
  const limits = {
    parts: MAX_PARTS,
    fields: MAX_PARTS,
    files: MAX_PARTS,
    fieldNameSize: 100,
    fieldSize: limitBytes,
    fileSize: limitBytes,
    headerPairs: 100,
  };
  return async function readMultipartBody(request: FastifyRequest): Promise<void> {
    const parts = new Map<string, string>();
    const refuse = (name: string, message: string) => new AppError('VALIDATION_ERROR', undefined, { [name]: message });
    // the first problem; the parts after it are still read, so the request is consumed whole
    let problem: AppError | undefined;
    let total = 0;
    try {
      for await (const part of request.parts({ limits })) {
        let text: string | undefined;
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          total += bytes.length;
          try {
            text = fatalUtf8.decode(bytes);
          } catch {
            problem ??= refuse(part.fieldname, mn.validation.badFormat);
          }
        } else {
          if (part.valueTruncated) problem ??= new AppError('PAYLOAD_TOO_LARGE');
          text = String(part.value);
          total += Buffer.byteLength(text);
        }
        if (total > limitBytes) problem ??= new AppError('PAYLOAD_TOO_LARGE');
        if (parts.has(part.fieldname)) problem ??= refuse(part.fieldname, mn.validation.invalid);
        if (text?.includes('\u0000')) problem ??= refuse(part.fieldname, mn.validation.badFormat);
        if (text !== undefined && !problem) parts.set(part.fieldname, text);
      }
    } catch (error) {
      // the parser's limits are 413s; anything else it raises is a body it cannot read
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      throw problem ?? new AppError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
    }
    if (problem) throw problem;
    request.body = Object.fromEntries(parts);
  };
}

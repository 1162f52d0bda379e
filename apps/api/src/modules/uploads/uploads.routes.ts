import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { mn, type ErrorCode } from '@nomsan/contracts/messages';
import { uploadsEndpoints as endpoints } from '@nomsan/contracts/uploads.endpoints';
import { AppError } from '../../errors';
import { route } from '../../lib/endpoint-route';
import { requireStaff } from '../staff/staff.service';
import { STAFF_ID_HEADER, UPLOADS_PATH, type UploadsService } from './uploads.service';

/** tus's statuses, as the error envelope says them */
const FAILURES: Record<number, [ErrorCode, string]> = {
  400: ['BAD_REQUEST', mn.uploads.protocol],
  403: ['FORBIDDEN', mn.errors.FORBIDDEN],
  404: ['NOT_FOUND', mn.uploads.notFound],
  409: ['CONFLICT', mn.uploads.offsetMismatch],
  410: ['NOT_FOUND', mn.uploads.notFound],
  412: ['BAD_REQUEST', mn.uploads.protocol],
  413: ['PAYLOAD_TOO_LARGE', mn.uploads.tooLarge],
  415: ['UNSUPPORTED_MEDIA_TYPE', mn.uploads.protocol],
};

/**
 * The tus endpoints, relayed to `@tus/server` as web requests: the gate has let a staff member
 * in, the route names them to the hooks, and every refusal goes out as the error envelope.
 */
export const uploadsRoutes: FastifyPluginAsync<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // the bytes of a PATCH reach tus as they come, unparsed
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function relay(request: FastifyRequest, reply: FastifyReply) {
    const staff = requireStaff(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === STAFF_ID_HEADER) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(STAFF_ID_HEADER, String(staff.staffId));
    const streamed =
      request.method === 'PATCH' && request.headers['content-type'] === 'application/offset+octet-stream';
    const answer = await uploads.handle(
      new Request(new URL(request.url, 'http://uploads.internal'), {
        method: request.method,
        headers,
        ...(streamed ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit),
    );
    const body = Buffer.from(await answer.arrayBuffer());
    if (answer.status >= 400) {
      // a hook's refusal carries our envelope already; tus's own words are replaced
      try {
        const parsed = JSON.parse(body.toString('utf8')) as { error?: { code?: ErrorCode; message?: string } };
        if (parsed.error?.code && parsed.error.message) throw new AppError(parsed.error.code, parsed.error.message);
      } catch (error) {
        if (error instanceof AppError) throw error;
      }
      const [code, message] = FAILURES[answer.status] ?? ['BAD_REQUEST', mn.uploads.protocol];
      throw new AppError(code, message);
    }
    reply.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length') void reply.header(name, value);
    });
    reply.header('cache-control', 'no-store');
    return reply.send(body.length > 0 ? body : undefined);
  }

  route(app, endpoints.recent, async (request) => ({
    data: await uploads.recent(request.ctx, requireStaff(request).staffId),
  }));
  route(app, endpoints.create, relay);
  route(app, endpoints.append, relay);
  route(app, endpoints.terminate, relay);
  // where an upload stopped (tus HEAD); not in the document (HEAD is answered by the same gate)
  app.route({
    method: 'HEAD',
    url: `${UPLOADS_PATH}/:id`,
    schema: { hide: true },
    config: { staff: ['editor'] },
    handler: relay,
  });
};

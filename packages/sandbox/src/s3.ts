import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AwsV4Signer } from 'aws4fetch';

/**
 * A local stand-in for S3-compatible object storage (AWS S3, MinIO, Cloudflare R2...), as much of
 * its REST protocol as the media store uses: path-style PutObject, GetObject, DeleteObject and
 * ListObjectsV2, each request checked for an AWS Signature Version 4 made with the configured
 * keys (the signature recomputed over the headers it names, and the payload's SHA-256 checked).
 * Objects live in memory.
 */
export interface SandboxS3Options {
  /** mount path (not `prefix`: Fastify reserves that option), e.g. /sandbox/s3 */
  mountPath: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const xml = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
const s3Error = (reply: FastifyReply, status: number, code: string, message: string) =>
  xml(reply, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const sandboxS3: FastifyPluginAsync<SandboxS3Options> = async (app, options) => {
  const objects = new Map<string, { body: Buffer; type: string; etag: string }>();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** whether the request carries a valid SigV4 signature of our keys, and its payload its hash */
  async function signed(request: FastifyRequest): Promise<boolean> {
    const authorization = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match || match[1] !== options.accessKeyId || match[2] !== options.region) return false;
    const datetime = request.headers['x-amz-date'];
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (typeof datetime !== 'string' || typeof payloadHash !== 'string') return false;
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && createHash('sha256').update(body).digest('hex') !== payloadHash)
      return false;
    const headers = new Headers();
    for (const name of match[3]!.split(';')) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const url = `${request.protocol}://${request.headers.host}${request.url}`;
    const signer = new AwsV4Signer({
      method: request.method,
      url,
      headers,
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      datetime,
    });
    const expected = (await signer.sign()).headers.get('authorization') ?? '';
    const given = Buffer.from(authorization);
    return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
  }

  const keyOf = (request: FastifyRequest) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    return `${bucket}/${decodeURIComponent(key)}`;
  };
  const refuse = (reply: FastifyReply) =>
    s3Error(
      reply,
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );

  app.put(`${options.mountPath}/:bucket/*`, async (request, reply) => {
    if (!(await signed(request))) return refuse(reply);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    objects.set(keyOf(request), { body, type: request.headers['content-type'] ?? 'binary/octet-stream', etag });
    return reply.header('etag', etag).send('');
  });

  app.get(`${options.mountPath}/:bucket/*`, async (request, reply) => {
    if (!(await signed(request))) return refuse(reply);
    const found = objects.get(keyOf(request));
    if (!found) return s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
    return reply.type(found.type).header('etag', found.etag).send(found.body);
  });

  app.delete(`${options.mountPath}/:bucket/*`, async (request, reply) => {
    if (!(await signed(request))) return refuse(reply);
    objects.delete(keyOf(request));
    return reply.code(204).send();
  });

  // ListObjectsV2: ?list-type=2&prefix=...&continuation-token=... (1 000 keys a page)
  app.get(`${options.mountPath}/:bucket`, async (request, reply) => {
    if (!(await signed(request))) return refuse(reply);
    const { bucket } = request.params as { bucket: string };
    const query = request.query as Record<string, string | undefined>;
    if (query['list-type'] !== '2') return s3Error(reply, 400, 'InvalidArgument', 'Only ListObjectsV2 is supported.');
    const prefix = `${bucket}/${query.prefix ?? ''}`;
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const from = Number(query['continuation-token'] ?? 0);
    const page = keys.slice(from, from + 1000);
    const truncated = from + page.length < keys.length;
    const contents = page
      .map(
        (k) =>
          `<Contents><Key>${escape(k.slice(bucket.length + 1))}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
      )
      .join('');
    return xml(
      reply,
      200,
      `<ListBucketResult><Name>${escape(bucket)}</Name><Prefix>${escape(query.prefix ?? '')}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${
        truncated ? `<NextContinuationToken>${from + page.length}</NextContinuationToken>` : ''
      }${contents}</ListBucketResult>`,
    );
  });
};

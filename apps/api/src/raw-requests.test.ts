import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@nomsan/contracts/http';
import type { OpenApiDocument } from './test/fuzz';
import { operationsOf } from './test/fuzz';
import { cookieHeader, createAccountsApp, registerByPhone, type AccountsTestApp } from './test/accounts';

/**
 * Requests as bytes on a socket, for what `fetch` and `inject` would tidy up before it reached
 * the server: malformed escapes, absolute-form request lines, encoded and dot segments, doubled
 * slashes, a missing Host or two of them, over-long headers, an `Expect` nobody can meet, CONNECT,
 * and lines that are not HTTP at all.
 */

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

describe('raw requests on a socket', () => {
  let t: AccountsTestApp;
  let port: number;
  let member: Awaited<ReturnType<typeof registerByPhone>>;

  beforeAll(async () => {
    t = await createAccountsApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    member = await registerByPhone(t.app, { name: 'Болд' });
  });
  afterAll(() => t.close());

  function send(request: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        const chunked = /transfer-encoding: chunked/i.test(head);
        const raw = rest.join('\r\n\r\n');
        // a chunked body: the size lines dropped
        const body = chunked ? raw.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n/gi, '').replace(/\r\n0\r\n$/, '') : raw;
        resolve({ status, headers: head, body: body.trim() });
      });
      socket.setTimeout(5000, () => socket.destroy());
    });
  }

  const get = (target: string, headers = 'Host: localhost:3000\r\n') =>
    send(`GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);

  function expectEnvelope(response: RawResponse, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers).toMatch(/content-type: application\/json/i);
    const body = errorEnvelope.parse(JSON.parse(response.body));
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(/[А-Яа-яӨөҮү]/);
  }

  it.each(['/api/categories?%=1', '/api/categories?x=%E0%A4%A', '/%zz', '/api/%G0', '/x%00y', '/x?q=%00'])(
    'answers the malformed target %s with 400 in the envelope',
    async (target) => {
      expectEnvelope(await get(target), 400, 'BAD_REQUEST');
    },
  );

  it.each([
    'http://localhost:3000/api/categories',
    'HTTP://other.example/api/categories',
    '/%61pi/categories',
    '//api//categories',
    '/x/../api/categories',
    '/%2e%2e/api/./categories',
  ])('routes %s as /api/categories', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).data.length).toBeGreaterThan(0);
  });

  it.each([
    'PATCH http://localhost:3000/api/user',
    'PATCH /%61pi/user',
    'PATCH //api/user',
    'PATCH /api/x/../user',
    'PATCH /api/%2e/user',
  ])('refuses a cross-site %s carrying the session cookie', async (line) => {
    const body = JSON.stringify({ name: 'Халдагч' });
    const response = await send(
      `${line} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://evil.example\r\nCookie: ${cookieHeader(member.jar)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expectEnvelope(response, 403, 'CSRF_REJECTED');
    const me = await get('/api/user', `Host: localhost:3000\r\nCookie: ${cookieHeader(member.jar)}\r\n`);
    expect(JSON.parse(me.body).data.name).toBe('Болд');
  });

  it('answers an HTTP/1.1 request without Host with 400 in the envelope', async () => {
    expectEnvelope(await get('/api/categories', ''), 400, 'BAD_REQUEST');
  });

  it('answers over-long headers with 431 in the envelope', async () => {
    expectEnvelope(
      await get('/api/categories', `Host: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n`),
      431,
      'HEADERS_TOO_LARGE',
    );
  });

  it.each([
    'NOT HTTP AT ALL\r\n\r\n',
    'GET /api/categories HTTP/9.9\r\nHost: x\r\n\r\n',
    'GET /api/categories HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n',
    'GET /api/categories HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nabc',
    'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n',
    'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  ])('answers the unreadable request %j with 400 in the envelope', async (request) => {
    expectEnvelope(await send(request), 400, 'BAD_REQUEST');
  });

  it.each(['200-ok', 'nonsense', '417'])(
    'answers `Expect: %s` with 417 in the envelope, not a bare answer',
    async (expectation) => {
      const body = JSON.stringify({ name: 'x' });
      expectEnvelope(
        await send(
          `POST /api/categories HTTP/1.1\r\nHost: localhost:3000\r\nExpect: ${expectation}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        ),
        417,
        'EXPECTATION_FAILED',
      );
      expectEnvelope(
        await get('/api/categories', `Host: localhost:3000\r\nExpect: ${expectation}\r\n`),
        417,
        'EXPECTATION_FAILED',
      );
    },
  );

  it('still honours `Expect: 100-continue`', async () => {
    const response = await get('/api/categories', 'Host: localhost:3000\r\nExpect: 100-continue\r\n');
    expect(response.headers).toMatch(/^HTTP\/1\.1 100 Continue/);
    expect(response.body).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it.each(['localhost:3000', 'evil.example:443', '/api/categories'])(
    'answers CONNECT %s with 405 in the envelope instead of dropping the socket',
    async (target) => {
      const response = await send(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
    },
  );

  it.each([
    'Host: localhost:3000\r\nHost: localhost:3000\r\n',
    'Host: localhost:3000\r\nHost: evil.example\r\n',
    'Host: evil.example\r\nhost: localhost:3000\r\n',
  ])('refuses two Host headers (%j) with 400 in the envelope', async (hosts) => {
    expectEnvelope(await get('/api/categories', hosts), 400, 'BAD_REQUEST');
    expectEnvelope(await get('/about', hosts), 400, 'BAD_REQUEST');
  });

  it('answers a control character in the search text with 400, on every endpoint that takes `q` and the pages', async () => {
    const document = t.app.swagger() as unknown as OpenApiDocument;
    const searching = operationsOf(document)
      .filter((operation) => operation.method === 'GET' && operation.queryParams.some((p) => p.name === 'q'))
      .map((operation) => operation.path);
    // the search and the suggestions at least; a new one is checked the day it is added
    expect(searching).toEqual(expect.arrayContaining(['/v5/discovery/search', '/v5/discovery/suggest']));
    for (const path of [...searching, '/search', '/search/suggest']) {
      for (const control of ['%00', '%01', '%08', '%0A', '%1B', '%1F', '%7F', 'a%09b', 'ном%0D%0A']) {
        const response = await get(`${path}?q=${control}`);
        expectEnvelope(response, 400, 'BAD_REQUEST');
      }
      expect((await get(`${path}?q=%D0%BD%D0%BE%D0%BC+sar`)).status, path).not.toBe(400);
    }
  });

  it('is still up after all of them', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
  });
});

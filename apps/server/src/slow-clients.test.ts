import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@nomsan/api';
import { errorEnvelope } from '@nomsan/contracts/http';
import { loadConfig } from './config';

/**
 * Clients that send slowly are closed, as the configuration says (shortened here): a header
 * byte every so often, a connection that says nothing, a body that stops half way, a kept-alive
 * connection left idle. What takes time on our side (a long download) is never cut.
 */

const config = loadConfig({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '3000' }, [
  '--role',
  'api',
]);
/** Node looks for late requests a few times per limit: a closing may come that much after it. */
const SLACK_MS = 1000;

interface Closed {
  /** milliseconds from connecting until the server closed the socket */
  afterMs: number;
  text: string;
}

describe('slow clients', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await createApp({
      db: undefined,
      publicBaseUrl: 'http://localhost:3000',
      mediaBaseUrl: '/media',
      logger: false,
      serveApi: false,
      trustProxy: false,
      bodyLimitBytes: config.bodyLimitBytes,
      timeouts: config.httpTimeouts,
      rateLimit: { perMinute: 0 },
      csp: { mediaOrigins: [], connectOrigins: [], upgradeInsecure: false },
      cookieSecret: config.cookieSecret,
      ready: async () => true,
    });
    // a download that takes longer than a request may take to arrive, and a body to receive
    app.get('/slow-download', async (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 5; i += 1) {
        reply.raw.write(`part ${i}\n`);
        await sleep(600);
      }
      reply.raw.end('done\n');
      return reply;
    });
    app.post('/echo', async (request) => ({ data: request.body }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Opens a socket, lets `act` write on it, and resolves when the server closes it. */
  function whenClosed(act: (socket: Socket) => void): Promise<Closed> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = connect(port, '127.0.0.1', () => act(socket));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ afterMs: performance.now() - started, text }));
      // a server that never closes it fails the test here
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept the socket open: ${JSON.stringify(text)}`));
      }, 15_000).unref();
    });
  }

  function expectTimedOut(closed: Closed, limitMs: number) {
    expect(closed.afterMs).toBeGreaterThanOrEqual(limitMs - 100);
    expect(closed.afterMs).toBeLessThan(limitMs + SLACK_MS);
    const [head = '', body = ''] = closed.text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorEnvelope.parse(JSON.parse(body)).error.code).toBe('REQUEST_TIMEOUT');
  }

  it('closes sockets that trickle their headers a byte at a time, within the headers limit', async () => {
    const request = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(100);
    const trickle = (socket: Socket) => {
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        socket.write(request[at % request.length] ?? 'a');
        at += 1;
      }, 200);
      socket.on('close', () => clearInterval(timer));
    };
    const sockets = await Promise.all(Array.from({ length: 8 }, () => whenClosed(trickle)));
    for (const closed of sockets) expectTimedOut(closed, config.httpTimeouts.headersMs);
  });

  it('closes a connection that sends nothing', async () => {
    expectTimedOut(await whenClosed(() => undefined), config.httpTimeouts.headersMs);
  });

  it('closes a request whose body stops arriving, within the request limit', async () => {
    const closed = await whenClosed((socket) =>
      socket.write(
        'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      ),
    );
    expectTimedOut(closed, config.httpTimeouts.requestMs);
  });

  it('takes a body sent slowly within the limit, and a kept-alive connection idle longer than the headers limit', async () => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ ном: 'сайн' });
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    for (const part of [body.slice(0, 4), body.slice(4, 8), body.slice(8)]) {
      await sleep(400);
      socket.write(part);
    }
    await expect.poll(() => text).toMatch(/\r\n\r\n\{"data":\{"ном":"сайн"\}\}$/);
    // idle between requests for longer than a request's headers may take: still open
    await sleep(config.httpTimeouts.headersMs + 500);
    text = '';
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => text).toMatch(/^HTTP\/1\.1 200 /);
    // then left idle past the keep-alive limit: closed
    const idleSince = performance.now();
    const closedAt = await closed;
    expect(closedAt - idleSince).toBeGreaterThan(config.httpTimeouts.keepAliveMs - 500);
    expect(closedAt - idleSince).toBeLessThan(config.httpTimeouts.keepAliveMs + SLACK_MS);
  });

  it('never cuts a download that takes longer than the request limit', async () => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/slow-download`);
    const text = await response.text();
    expect(performance.now() - started).toBeGreaterThan(config.httpTimeouts.requestMs);
    expect(text).toBe('part 0\npart 1\npart 2\npart 3\npart 4\ndone\n');
  });
});

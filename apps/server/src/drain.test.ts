import { request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './drain';

describe('draining', () => {
  it('waits for in-flight requests, answers new ones on open connections with Connection: close, then resolves', async () => {
    const app = Fastify();
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const slowEntered = new Promise<void>((resolve) => (entered = resolve));
    app.get('/slow', async () => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    const drain = trackInFlight(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        })
          .on('error', reject)
          .end();
      });

    const slow = get('/slow');
    // drains only once the request is being answered (a fixed wait lost that race on a busy machine)
    await slowEntered;
    let drained = false;
    const done = drain.drain().then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drained).toBe(false);
    release();
    expect(await slow).toEqual({ status: 200, connection: 'close' });
    await done;
    expect(drained).toBe(true);
    agent.destroy();
    await app.close();
  });
});

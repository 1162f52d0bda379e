import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface Drain {
  /** stops accepting connections and resolves when every in-flight request has finished */
  drain(): Promise<void>;
}

/**
 * Graceful shutdown needs the app fully working until the last in-flight request is answered:
 * a page being rendered still calls the API in-process, and Fastify answers 503 to everything
 * once `close()` starts. So the server first stops listening, tells keep-alive clients to
 * hang up after their current response, waits for the requests it holds, and only then closes.
 */
export function trackInFlight(app: FastifyInstance): Drain {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let whenIdle: (() => void) | undefined;
  const hangUp = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };

  // Only real HTTP requests: in-process API calls (inject) never reach the node server. This
  // listener goes before Fastify's, which may answer at once.
  app.server.prependListener('request', (_req, res) => {
    inFlight.add(res);
    if (draining) hangUp(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (inFlight.size === 0) whenIdle?.();
    });
  });

  return {
    drain: () =>
      new Promise<void>((resolve) => {
        draining = true;
        app.server.close();
        app.server.closeIdleConnections();
        inFlight.forEach(hangUp);
        if (inFlight.size === 0) resolve();
        else whenIdle = resolve;
      }),
  };
}

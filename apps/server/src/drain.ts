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
  let inFlight = 0;
  let draining = false;
  let whenIdle: (() => void) | undefined;

  // Only real HTTP requests: in-process API calls (inject) never reach the node server.
  app.server.on('request', (_req, res) => {
    inFlight += 1;
    if (draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) whenIdle?.();
    });
  });

  return {
    drain: () =>
      new Promise<void>((resolve) => {
        draining = true;
        app.server.close();
        app.server.closeIdleConnections();
        if (inFlight === 0) resolve();
        else whenIdle = resolve;
      }),
  };
}

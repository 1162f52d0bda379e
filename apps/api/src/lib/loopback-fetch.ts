import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers requests to this server's own public origin in-process (`inject`), and
 * sends everything else over the network. The sandbox providers live inside the server, so the
 * real adapters (OpenID Connect discovery, token exchange, the SMS gateway) reach them even when
 * the public URL is not reachable from the server itself, and in tests that never listen.
 */
export function loopbackFetch(app: FastifyInstance, publicBaseUrl: string): typeof fetch {
  const own = new URL(publicBaseUrl);
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== own.origin) return fetch(input, init);
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host: own.host },
      remoteAddress: '127.0.0.1',
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}

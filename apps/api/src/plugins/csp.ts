import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;
/**
 * The e-book reader's pages (ADR 023): foliate-js renders each chapter in a frame from a blob:
 * URL, with the book's stylesheets and fonts as blob: URLs too. Only these pages allow them.
 */
const READER_PAGE = /^\/reader\//;

export interface CspOptions {
  /** extra origins allowed for images and media (the CDN), e.g. https://cdn.nomsan.mn */
  mediaOrigins: string[];
  /** extra origins the browser may call (a separate API host) */
  connectOrigins: string[];
  /** upgrade-insecure-requests, only when served over HTTPS */
  upgradeInsecure: boolean;
}

declare module 'fastify' {
  interface FastifyReply {
    /** nonce the web app puts on its inline and module scripts */
    scriptNonce: string;
  }
}

/**
 * A strict Content-Security-Policy with a fresh script nonce per request. Scripts run only with
 * the nonce (the server-rendered app passes it to every script tag); styles allow inline
 * attributes because React's `style` props need them.
 */
export function contentSecurityPolicy(app: FastifyInstance, options: CspOptions): void {
  const media = ["'self'", 'data:', 'blob:', ...options.mediaOrigins].join(' ');
  const connect = ["'self'", ...options.connectOrigins].join(' ');
  const policy = (reader: boolean) =>
    [
      "default-src 'self'",
      `img-src ${media} https:`, // avatars may come from the sign-in providers, podcast artwork from its host
      `media-src ${media} https:`, // a podcast added by its feed streams from its own host (docs/podcasts.md)
      `connect-src ${connect}`,
      ...(reader
        ? ["frame-src 'self' blob:", "style-src 'self' 'unsafe-inline' blob:", "font-src 'self' data: blob:"]
        : ["style-src 'self' 'unsafe-inline'", "font-src 'self' data:"]),
      "worker-src 'self' blob:",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(options.upgradeInsecure ? ['upgrade-insecure-requests'] : []),
    ].join('; ');
  const fixed = policy(false);
  const reader = policy(true);

  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/docs')) return; // Swagger UI sets its own policy
    // a policy governs documents: a script or a style sheet carries it for nothing (an SVG,
    // which a browser can open as a document, keeps it)
    if (SUBRESOURCE.test(request.url)) return;
    // 122 random bits; randomUUID draws them from a cached pool of entropy, where randomBytes
    // would make a system call on every request (a measurable share of a small response's cost)
    const nonce = randomUUID().replaceAll('-', '');
    reply.scriptNonce = nonce;
    const base = READER_PAGE.test(request.url) ? reader : fixed;
    reply.header('content-security-policy', `${base}; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  });
}

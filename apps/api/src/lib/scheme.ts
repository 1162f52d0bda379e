import type { FastifyRequest } from 'fastify';

/**
 * Whether the browser reached this request over HTTPS. Behind a TLS-terminating proxy the
 * connection to us is plain HTTP: with TRUST_PROXY the proxy's X-Forwarded-Proto says what the
 * browser used (`request.protocol`); without it, a public origin on https:// means every browser
 * arrives over HTTPS. Secure cookies and HSTS follow this (docs/operations.md).
 */
export function isSecureRequest(request: FastifyRequest, publicBaseUrl: string): boolean {
  return request.protocol === 'https' || publicBaseUrl.startsWith('https:');
}

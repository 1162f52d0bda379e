import pino, { type LoggerOptions } from 'pino';

/** Query parameters whose values never reach a log line (OAuth callbacks carry codes in URLs). */
const SECRET_PARAMS =
  /^(code|state|token|access_token|id_token|refresh_token|verification_token|password|code_verifier|nonce|secret)$/i;

/** A URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponent(pair.split('=')[0] ?? '');
      return SECRET_PARAMS.test(name) ? `${pair.split('=')[0]}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/** Drizzle puts a failed query's parameters (hashes, tokens) in its error message. */
const withoutParams = (text: string | undefined) =>
  text?.replace(/\nparams: [\s\S]*?(\n {4}at |$)/, '\nparams: [redacted]$1');

/**
 * What every logger of the server shares: secrets redacted by field name, secret query
 * parameters masked in request URLs, and query parameters dropped from database errors.
 * Never log a token, code, password or cookie (docs/accounts.md).
 */
export const logOptions: Pick<LoggerOptions, 'redact' | 'serializers'> = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-csrf-token"]',
      'res.headers["set-cookie"]',
      '*.password',
      '*.current_password',
      '*.token',
      '*.access_token',
      '*.verification_token',
      '*.code',
      '*.otp',
      '*.secret',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (request: {
      method?: string;
      url?: string;
      host?: string;
      ip?: string;
      socket?: { remotePort?: number };
    }) => ({
      method: request.method,
      url: redactUrl(request.url ?? ''),
      host: request.host,
      remoteAddress: request.ip,
    }),
    err: (error: Error) => {
      const serialized = pino.stdSerializers.err(error);
      return {
        ...serialized,
        message: withoutParams(serialized.message) ?? '',
        stack: withoutParams(serialized.stack) ?? '',
      };
    },
  },
};

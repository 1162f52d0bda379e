import pino, { type LoggerOptions } from 'pino';

/** Query parameters whose values never reach a log line (OAuth callbacks carry codes in URLs). */
const SECRET_PARAMS =
  /^(code|state|token|access_token|id_token|refresh_token|verification_token|password|code_verifier|nonce|secret)$/i;

/** A query parameter's name as a server would read it; a malformed escape is read as typed. */
function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/**
 * A URL with the values of its secret query parameters replaced. It runs on every request line,
 * whatever a client sent (the request guard refuses malformed ones only after this has logged
 * them), so it cannot throw.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return SECRET_PARAMS.test(paramName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}

/**
 * A serializer that throws would throw inside pino, outside any request's error handling, and
 * stop the process: one that fails logs a marker instead.
 */
function neverThrows<T, R>(serialize: (value: T) => R): (value: T) => R | { unserializable: true } {
  return (value) => {
    try {
      return serialize(value);
    } catch {
      return { unserializable: true };
    }
  };
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
    req: neverThrows(
      (request: { method?: string; url?: string; originalUrl?: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        // what the client sent, when the request guard spelled it otherwise (request-target.ts)
        ...(request.originalUrl && request.originalUrl !== request.url
          ? { rawUrl: redactUrl(request.originalUrl) }
          : {}),
        host: request.host,
        remoteAddress: request.ip,
      }),
    ),
    err: neverThrows((error: Error) => {
      // something thrown that is not an error (a string, a number): logged as it is, not spread
      // into an object with one key per character
      if (typeof error !== 'object' || error === null) return { message: String(error) };
      const serialized = pino.stdSerializers.err(error);
      return {
        ...serialized,
        message: withoutParams(serialized.message) ?? '',
        stack: withoutParams(serialized.stack) ?? '',
      };
    }),
  },
};

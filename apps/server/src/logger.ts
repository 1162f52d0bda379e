import pino, { type Logger } from 'pino';

/** pino with secrets redacted; pretty only on a terminal. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.code',
        '*.otp',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

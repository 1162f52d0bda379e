import pino, { type Logger } from 'pino';
import { logOptions } from '@nomsan/api';

/** pino with secrets redacted (see apps/api/src/log-options.ts); pretty only on a terminal. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    ...logOptions,
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

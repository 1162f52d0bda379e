import pino, { type Logger } from 'pino';
import { logOptions } from '@nomsan/api/log-options';

/** pino with secrets redacted (see @nomsan/api/log-options); pretty only on a terminal. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    ...logOptions,
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}

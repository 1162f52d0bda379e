import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logOptions } from './log-options';

/** The lines a logger with the server's options writes, parsed. */
function logged(write: (log: pino.Logger) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      lines.push(chunk.toString());
      done();
    },
  });
  write(pino({ level: 'info', ...logOptions }, sink));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the server log options', () => {
  it('logs a thrown string, number or nothing as a message, not as one key per character', () => {
    const [text, number, nothing] = logged((log) => {
      log.error({ err: 'the rail said no' }, 'reconcile payment');
      log.error({ err: 42 }, 'a job');
      log.error({ err: undefined }, 'after commit');
    });
    expect(text!.err).toEqual({ message: 'the rail said no' });
    expect(number!.err).toEqual({ message: '42' });
    expect(nothing!.err).toBeUndefined();
  });

  it('logs an error with its type, message and stack, query parameters left out', () => {
    const error = new Error('Failed query: select 1\nparams: secret-token,1');
    const [line] = logged((log) => log.error({ err: error }, 'a query failed'));
    expect(line!.err).toMatchObject({ type: 'Error', message: 'Failed query: select 1\nparams: [redacted]' });
    expect(JSON.stringify(line)).not.toContain('secret-token');
  });
});

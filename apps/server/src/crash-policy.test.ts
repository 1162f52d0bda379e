import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installCrashPolicy, type CrashingProcess } from './crash-policy';

function fakeProcess() {
  const events = new EventEmitter();
  const exits: number[] = [];
  const proc = {
    on: (event: string, listener: (error: unknown) => void) => events.on(event, listener),
    exit: (code: number) => {
      exits.push(code);
      return undefined as never;
    },
  } satisfies CrashingProcess;
  return { proc, events, exits };
}

describe('the crash policy', () => {
  it('logs an uncaught error, lets in-flight work finish, then exits 1 for the supervisor', async () => {
    const { proc, events, exits } = fakeProcess();
    const lines: string[] = [];
    let finishInFlight = () => {};
    const stopped = new Promise<void>((resolve) => (finishInFlight = resolve));
    let stops = 0;
    installCrashPolicy(
      proc,
      () => {
        stops += 1;
        return stopped;
      },
      { fatal: (_obj: object, msg?: string) => void lines.push(`fatal ${msg}`), error: () => undefined } as never,
    );
    events.emit('uncaughtException', new Error('boom'));
    events.emit('unhandledRejection', new Error('again'));
    expect(lines).toEqual([
      'fatal uncaught exception: stopping; the supervisor starts a new server',
      'fatal unhandled promise rejection: stopping; the supervisor starts a new server',
    ]);
    // not before the requests in flight are answered, and one stop for both failures
    await Promise.resolve();
    expect(exits).toEqual([]);
    finishInFlight();
    await stopped;
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1]);
    expect(stops).toBe(1);
  });

  it('exits 1 even when stopping fails', async () => {
    const { proc, events, exits } = fakeProcess();
    installCrashPolicy(proc, () => Promise.reject(new Error('stuck')), {
      fatal: () => undefined,
      error: () => undefined,
    } as never);
    events.emit('uncaughtException', new Error('boom'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1]);
  });
});

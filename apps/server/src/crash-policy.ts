import type { Logger } from 'pino';

/** The part of `process` the policy uses, so a test can hand it a stand-in. */
export interface CrashingProcess {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
  exit(code: number): never;
}

/**
 * What happens when something throws outside every request's error handling (a timer, an event
 * listener, a promise nobody awaits): the state of the process is no longer known, so it logs the
 * error, stops taking requests, lets the ones in flight finish (bounded by SHUTDOWN_TIMEOUT_MS,
 * see main.ts) and exits with code 1 for its supervisor to start a fresh one: `npm start`'s own
 * supervisor (scripts/start.mjs) in embedded mode, systemd, Kubernetes or the like in production
 * (docs/operations.md). A second failure while stopping changes nothing: the first one's stop
 * is already under way.
 */
export function installCrashPolicy(
  proc: CrashingProcess,
  stop: () => Promise<void>,
  log: Pick<Logger, 'fatal' | 'error'>,
): void {
  let crashing = false;
  const crash = (what: string) => (error: unknown) => {
    log.fatal({ err: error }, `${what}: stopping; the supervisor starts a new server`);
    if (crashing) return;
    crashing = true;
    stop().then(
      () => proc.exit(1),
      (stopError: unknown) => {
        log.error({ err: stopError }, 'stopping after the failure failed');
        proc.exit(1);
      },
    );
  };
  proc.on('uncaughtException', crash('uncaught exception'));
  proc.on('unhandledRejection', crash('unhandled promise rejection'));
}

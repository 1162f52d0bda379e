import type { DatabaseHandle } from '@nomsan/db/client';
import type { ApiContext } from '../context';
import { systemClock, type Clock } from '../lib/clock';
import { jobsService } from '../modules/jobs/jobs.service';
import type { Kernel, KernelLog, ModuleSettings } from './module';
import { rootContext, type ErrorReporter } from './unit-of-work';

export interface KernelOptions extends Omit<ApiContext, 'db'> {
  db: DatabaseHandle;
  clock?: Clock;
  settings?: Partial<ModuleSettings>;
  log?: KernelLog;
}

const silent: KernelLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What every module of one process is made with. */
export function createKernel(options: KernelOptions): Kernel {
  const log = options.log ?? silent;
  const onError: ErrorReporter = (error, what) => log.error({ err: error }, what);
  const clock = options.clock ?? systemClock;
  return {
    db: options.db,
    publicBaseUrl: options.publicBaseUrl,
    mediaBaseUrl: options.mediaBaseUrl,
    root: rootContext(options.db.db, onError),
    clock,
    jobs: jobsService({ clock }),
    settings: options.settings ?? {},
    log,
    onError,
  };
}

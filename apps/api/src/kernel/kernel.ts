import type { DatabaseHandle } from '@nomsan/db/client';
import type { ApiContext } from '../context';
import { systemClock, type Clock } from '../lib/clock';
import { createInvalidationBus, type InvalidationBus } from '../lib/invalidation';
import { cacheRegistry } from '../lib/tagged-cache';
import { jobsService } from '../modules/jobs/jobs.service';
import type { Kernel, KernelLog, ModuleSettings } from './module';
import { rootContext, type ErrorReporter } from './unit-of-work';

export interface KernelOptions extends Omit<ApiContext, 'db'> {
  db: DatabaseHandle;
  clock?: Clock;
  settings?: Partial<ModuleSettings>;
  log?: KernelLog;
  /** shared with the process's page cache; this process only when absent */
  invalidations?: InvalidationBus;
}

const silent: KernelLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What every module of one process is made with. */
export function createKernel(options: KernelOptions): Kernel {
  const log = options.log ?? silent;
  const onError: ErrorReporter = (error, what) => log.error({ err: error }, what);
  const clock = options.clock ?? systemClock;
  const invalidations = options.invalidations ?? createInvalidationBus({ onError });
  return {
    db: options.db,
    publicBaseUrl: options.publicBaseUrl,
    mediaBaseUrl: options.mediaBaseUrl,
    root: rootContext(options.db.db, onError),
    clock,
    jobs: jobsService({ clock }),
    caches: cacheRegistry(invalidations),
    invalidations,
    invalidate(ctx, tags) {
      if (tags.length > 0) ctx.afterCommit(() => invalidations.publish(tags));
    },
    settings: options.settings ?? {},
    log,
    onError,
  };
}

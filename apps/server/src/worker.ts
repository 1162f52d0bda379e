import { jobsOf, type ComposedModules, type KernelLog } from '@nomsan/api';

/**
 * How often an idle worker looks for jobs another process enqueued (its own wake it at once): a
 * desk edit's search refresh is such a job, and editors expect to find their change at once.
 * One indexed claim statement every half second is nothing to PostgreSQL.
 */
const IDLE_POLL_MS = 500;
/** how often a worker looks for due schedules (they are cron patterns, to the minute) */
const SCHEDULE_POLL_MS = 30_000;

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The worker role: runs the jobs of every module from the PostgreSQL queue until stopped, in two
 * lanes (one of them never takes a long job), and enqueues each module's scheduled jobs when due
 * (once across all workers). Wakes at once when this process enqueues a job; otherwise polls.
 */
export function startWorker(composed: ComposedModules, log: KernelLog): Worker {
  const { kernel } = composed;
  const { jobs, root } = kernel;
  const { handlers: all, schedules } = jobsOf(composed.modules, kernel, composed.services);

  let stopping = false;
  const wakes = new Set<() => void>();
  const unsubscribe = jobs.onEnqueued(() => wakes.forEach((wake) => wake()));
  let schedulesRegistered = false;
  let schedulesCheckedAt = 0;

  async function runSchedules() {
    if (!schedulesRegistered) {
      await jobs.registerSchedules(root, schedules);
      schedulesRegistered = true;
    }
    if (Date.now() - schedulesCheckedAt < SCHEDULE_POLL_MS) return;
    schedulesCheckedAt = Date.now();
    const enqueued = await jobs.runDueSchedules(root, schedules);
    if (enqueued.length > 0) log.info({ jobs: enqueued }, 'scheduled jobs enqueued');
  }

  /** runs `handlers`' due jobs one after another until stopped; the first lane also enqueues schedules */
  const lane = async (handlers: typeof all, withSchedules: boolean) => {
    let wake: (() => void) | undefined;
    wakes.add(() => wake?.());
    while (!stopping) {
      let worked = false;
      try {
        if (withSchedules) await runSchedules();
        worked = await jobs.runOne(root, handlers);
      } catch (error) {
        log.error({ err: error }, 'job queue unavailable');
      }
      if (!worked && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, IDLE_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  };
  // Two lanes: every job, and every job but the long ones, so a search refresh or a payment's
  // follow-up never waits a minute behind the related books' computation or a recording.
  const lanes = Promise.all([
    lane(all, true),
    lane(
      all.filter((handler) => !handler.job.long),
      false,
    ),
  ]);

  return {
    async stop() {
      stopping = true;
      unsubscribe();
      wakes.forEach((wake) => wake());
      await lanes;
    },
  };
}

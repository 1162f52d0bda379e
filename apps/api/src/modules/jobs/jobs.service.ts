import { Cron } from 'croner';
import type { z } from 'zod';
import { DAY_MS, systemClock, type Clock } from '../../lib/clock';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { jobsRepository, type JobRow, type ScheduleRow } from './jobs.repository';

export type { JobRow, ScheduleRow };

/** A kind of job: its name, the shape of its payload, and how it is retried. */
export interface JobDefinition<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** attempts before the job goes to the dead letter (state `failed`) */
  readonly maxAttempts: number;
  /**
   * The handler's writes and the job's completion commit in one transaction: a job whose
   * effect is in the database (a grant, a ledger entry) takes effect exactly once. Long jobs
   * that commit in batches of their own (an index rebuild) are not transactional.
   */
  readonly transactional: boolean;
  /**
   * A job that runs for minutes (a whole computation over the catalogue, a recording's
   * packaging): a worker keeps a lane free of them, so the quick jobs behind (a search refresh,
   * a payment's follow-up) never wait for one to end.
   */
  readonly long: boolean;
}

export function defineJob<P>(
  name: string,
  payload: z.ZodType<P>,
  options: { maxAttempts?: number; transactional?: boolean; long?: boolean } = {},
): JobDefinition<P> {
  return {
    name,
    payload,
    maxAttempts: options.maxAttempts ?? 5,
    transactional: options.transactional ?? false,
    long: options.long ?? false,
  };
}

/** What runs a kind of job; `ctx` is the job's transaction when the job is transactional. */
export interface JobHandler<P = unknown> {
  readonly job: JobDefinition<P>;
  run(ctx: Ctx, payload: P, job: JobRow): Promise<void>;
}

export function handle<P>(job: JobDefinition<P>, run: JobHandler<P>['run']): JobHandler<P> {
  return { job, run };
}

/** A job enqueued on a cron pattern (in Ulaanbaatar time), once per due time across all workers. */
export interface ScheduleDefinition {
  readonly job: JobDefinition<Record<string, never>>;
  /** five fields: minute hour day-of-month month day-of-week */
  readonly cron: string;
}

export interface EnqueueOptions {
  /**
   * by the kernel's clock; stored as the database's now() plus the delay to it (the queue
   * compares with the database's clock), so a moved clock neither postpones nor hastens it
   */
  runAt?: Date;
  /** a second job with the same key is not stored while the first is queued or running */
  dedupeKey?: string;
  /**
   * work nobody waits for: it runs only when no other due job waits, so a queue of it (titles
   * packaged ahead) never delays a payment's reconciliation or a member's request
   */
  background?: boolean;
}

/** Schedules read the store's local time: "at 03:30" means 03:30 in Ulaanbaatar. */
export const SCHEDULE_TIMEZONE = 'Asia/Ulaanbaatar';
const LEASE_SECONDS = 300;

/** Exponential backoff between attempts, capped at an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 2 ** attempts * 5_000);

export const nextRunOf = (cron: string, after: Date): Date => {
  const next = new Cron(cron, { timezone: SCHEDULE_TIMEZONE, paused: true }).nextRun(after);
  if (!next) throw new Error(`cron pattern ${cron} never runs`);
  return next;
};

/**
 * The PostgreSQL-backed job queue (ADR 004). Any process enqueues, in the caller's transaction
 * (a job exists exactly when its cause committed); workers take due jobs with SKIP LOCKED, so
 * each runs once however many workers run; a failed job is retried with backoff and, out of
 * attempts, kept as dead until someone re-runs it; schedules enqueue their job once per due
 * time across all workers.
 */
export function jobsService(options: { clock?: Clock } = {}) {
  const clock = options.clock ?? systemClock;
  const repository = boundRepository(jobsRepository);
  const listeners = new Set<() => void>();

  async function enqueue<P>(ctx: Ctx, job: JobDefinition<P>, payload: P, options: EnqueueOptions = {}) {
    const id = await repository(ctx).insert({
      name: job.name,
      // A payload that does not fit its job is the caller's bug: refuse it now, not at 3 a.m.
      payload: job.payload.parse(payload),
      // The kernel's clock may be moved (the sandbox's test clock): the delay it asks for is
      // kept, measured from the database's now(), so a moved clock never postpones a job.
      delayMs: options.runAt ? options.runAt.getTime() - clock.now().getTime() : undefined,
      maxAttempts: job.maxAttempts,
      dedupeKey: options.dedupeKey ?? null,
      background: options.background ?? false,
    });
    if (id) ctx.afterCommit(() => listeners.forEach((wake) => wake()));
    return id;
  }

  async function runClaimed(ctx: Ctx, claimed: JobRow, handler: JobHandler<unknown> | undefined): Promise<void> {
    if (!handler) throw new Error(`no handler for ${claimed.name}`);
    const parsed = handler.job.payload.safeParse(claimed.payload);
    if (!parsed.success) throw new DeadOnArrival(`payload does not fit ${claimed.name}: ${parsed.error.message}`);
    if (!handler.job.transactional) {
      await handler.run(ctx, parsed.data, claimed);
      await repository(ctx).complete(claimed.id, claimed.attempts);
      return;
    }
    await transaction(ctx, async (tx) => {
      await handler.run(tx, parsed.data, claimed);
      // Another worker took the job after this one's lease ran out: its run counts, not ours.
      if (!(await repository(tx).complete(claimed.id, claimed.attempts))) throw new LeaseLost();
    });
  }

  return {
    enqueue,

    /** called once a job was enqueued and committed (the local worker wakes up at once) */
    onEnqueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** takes one due job and runs it; false when there was nothing to do */
    async runOne(ctx: Ctx, handlers: readonly JobHandler<unknown>[]): Promise<boolean> {
      const byName = new Map(handlers.map((h) => [h.job.name, h]));
      const claimed = await repository(ctx).claim([...byName.keys()], LEASE_SECONDS);
      if (!claimed) return false;
      try {
        await runClaimed(ctx, claimed, byName.get(claimed.name));
      } catch (error) {
        if (error instanceof LeaseLost) return true;
        const message = error instanceof Error ? error.message : String(error);
        const retry =
          !(error instanceof DeadOnArrival || error instanceof NoRetry) && claimed.attempts < claimed.maxAttempts;
        const retryInMs = retry ? retryDelayMs(claimed.attempts) : null;
        await repository(ctx).fail(claimed.id, claimed.attempts, message.slice(0, 2000), retryInMs);
      }
      return true;
    },

    /** makes sure every schedule has its row; a changed pattern takes effect from now */
    async registerSchedules(ctx: Ctx, schedules: readonly ScheduleDefinition[]): Promise<void> {
      for (const schedule of schedules) {
        await repository(ctx).upsertSchedule(schedule.job.name, schedule.cron, nextRunOf(schedule.cron, clock.now()));
      }
    },

    /**
     * Enqueues the job of every schedule that is due and moves it to its next time, in one
     * transaction with the schedule rows locked: two workers looking at once enqueue it once.
     * A run missed while no worker ran is made up once, not once per missed time.
     */
    runDueSchedules(ctx: Ctx, schedules: readonly ScheduleDefinition[]): Promise<string[]> {
      const byName = new Map(schedules.map((s) => [s.job.name, s]));
      return transaction(ctx, async (tx) => {
        const now = clock.now();
        const due = await repository(tx).dueSchedules([...byName.keys()], now);
        for (const row of due) {
          const schedule = byName.get(row.name);
          if (!schedule) continue;
          await enqueue(tx, schedule.job, {}, { dedupeKey: `schedule:${row.name}` });
          await repository(tx).advanceSchedule(row.name, now, nextRunOf(row.cron, now));
        }
        return due.map((row) => row.name);
      });
    },

    /**
     * Every schedule's next run anew from the clock's now: after the sandbox's clock was moved
     * back, a next run computed ahead would otherwise wait for the clock to catch up.
     */
    async restartSchedules(ctx: Ctx): Promise<void> {
      for (const row of await repository(ctx).schedules()) {
        await repository(ctx).setNextRun(row.name, nextRunOf(row.cron, clock.now()));
      }
    },

    /** the dead letter, newest first */
    failed: (ctx: Ctx, limit = 50) => repository(ctx).failed(limit),

    /** runs a dead job again, with its attempts anew; false when no dead job has that id */
    async retry(ctx: Ctx, id: string): Promise<boolean> {
      const requeued = await repository(ctx).requeue(id);
      if (requeued) ctx.afterCommit(() => listeners.forEach((wake) => wake()));
      return requeued;
    },

    /** finished jobs older than a week go; dead ones stay a month for someone to look at */
    async prune(ctx: Ctx): Promise<{ done: number; failed: number }> {
      const now = clock.now().getTime();
      return {
        done: await repository(ctx).deleteFinishedBefore('done', new Date(now - 7 * DAY_MS)),
        failed: await repository(ctx).deleteFinishedBefore('failed', new Date(now - 30 * DAY_MS)),
      };
    },

    get: (ctx: Ctx, id: string) => repository(ctx).get(id),
    schedules: (ctx: Ctx) => repository(ctx).schedules(),
  };
}

export type JobsService = ReturnType<typeof jobsService>;

/** The job's lease ran out while it ran, and another worker has it now. */
class LeaseLost extends Error {}
/** A job that can never succeed (its payload does not fit): dead at once, no retries. */
class DeadOnArrival extends Error {}

/**
 * A failure that a retry could make worse (an outside call that may have taken effect although
 * no answer came): the job goes to the dead letter at once, for someone to look at.
 */
export class NoRetry extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoRetry';
  }
}

import type { Db } from '@nomsan/db/client';
import { jobsRepository, type JobRow } from './jobs.repository';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** a second job with the same key is not stored while the first exists */
  dedupeKey?: string;
}

export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

const LEASE_SECONDS = 300;

/** Exponential backoff between attempts, capped at an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 2 ** attempts * 5_000);

/**
 * The PostgreSQL-backed job queue: any process may enqueue; worker processes run `work` and
 * each job runs once however many workers there are (a crashed worker's lease expires and
 * the job is taken again).
 */
export function jobsService(db: Db, now: () => Date = () => new Date()) {
  const repository = jobsRepository(db);
  return {
    enqueue(name: string, payload: unknown = {}, options: EnqueueOptions = {}) {
      return repository.insert({
        name,
        payload,
        runAt: options.runAt ?? now(),
        maxAttempts: options.maxAttempts ?? 5,
        dedupeKey: options.dedupeKey ?? null,
      });
    },

    /** takes one due job and runs it; false when there was nothing to do */
    async runOne(handlers: Record<string, JobHandler>): Promise<boolean> {
      const job = await repository.claim(Object.keys(handlers), LEASE_SECONDS);
      if (!job) return false;
      const handler = handlers[job.name];
      try {
        if (!handler) throw new Error(`no handler for ${job.name}`);
        await handler(job.payload, job);
        await repository.complete(job.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt = job.attempts < job.maxAttempts ? new Date(now().getTime() + retryDelayMs(job.attempts)) : null;
        await repository.fail(job.id, message.slice(0, 2000), retryAt);
      }
      return true;
    },

    pruneFinished(olderThanMs: number) {
      return repository.deleteFinishedBefore(new Date(now().getTime() - olderThanMs));
    },

    get: (id: string) => repository.get(id),
  };
}
export type JobsService = ReturnType<typeof jobsService>;

import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, inArray, lt, lte, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/system';
import { systemJob, systemSchedule } from '@nomsan/db/schema/system';

export type JobsDb = ModuleDb<typeof schema>;
export type JobRow = typeof systemJob.$inferSelect;
export type ScheduleRow = typeof systemSchedule.$inferSelect;

/** the database's now() plus some milliseconds (negative: before now) */
const afterNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/** The job queue's queries. Claiming uses SKIP LOCKED so concurrent workers never share a job. */
export function jobsRepository(db: JobsDb) {
  return {
    /**
     * stores a job, due `delayMs` after the database's now() (at once without it): the queue
     * compares `run_at` with the database's clock, never with the process's
     */
    async insert(job: {
      name: string;
      payload: unknown;
      delayMs?: number;
      maxAttempts: number;
      dedupeKey: string | null;
      background?: boolean;
    }) {
      const { delayMs, ...values } = job;
      const rows = await db
        .insert(systemJob)
        .values({ ...values, ...(delayMs === undefined ? {} : { runAt: afterNow(delayMs) }) })
        .onConflictDoNothing({ target: systemJob.dedupeKey, where: sql`${systemJob.state} in ('queued', 'running')` })
        .returning({ id: systemJob.id });
      return rows[0]?.id ?? null;
    },

    async claim(names: string[], leaseSeconds: number): Promise<JobRow | null> {
      if (names.length === 0) return null;
      const nameList = sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      );
      const result = await db.execute<{ id: string }>(sql`
        update ${systemJob}
           set state = 'running',
               attempts = ${systemJob.attempts} + 1,
               locked_until = now() + make_interval(secs => ${leaseSeconds})
         where ${systemJob.id} = (
           select id from ${systemJob}
            where ${systemJob.name} in (${nameList})
              and ((${systemJob.state} = 'queued' and ${systemJob.runAt} <= now())
                or (${systemJob.state} = 'running' and ${systemJob.lockedUntil} < now()))
            order by ${systemJob.background}, ${systemJob.runAt}
            limit 1
            for update skip locked)
        returning ${systemJob.id} as id`);
      const id = result.rows[0]?.id;
      if (!id) return null;
      const rows = await db.select().from(systemJob).where(eq(systemJob.id, id));
      return rows[0] ?? null;
    },

    /** marks a claimed job done; false when its lease had passed and another worker took it */
    async complete(id: string, attempts: number): Promise<boolean> {
      const rows = await db
        .update(systemJob)
        .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(and(eq(systemJob.id, id), eq(systemJob.state, 'running'), eq(systemJob.attempts, attempts)))
        .returning({ id: systemJob.id });
      return rows.length > 0;
    },

    /** a failed attempt: queued again `retryInMs` after the database's now(), or dead (null) */
    async fail(id: string, attempts: number, error: string, retryInMs: number | null) {
      await db
        .update(systemJob)
        .set(
          retryInMs !== null
            ? { state: 'queued', runAt: afterNow(retryInMs), lockedUntil: null, lastError: error }
            : { state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: error },
        )
        .where(and(eq(systemJob.id, id), eq(systemJob.state, 'running'), eq(systemJob.attempts, attempts)));
    },

    /** the dead letter: jobs out of attempts, newest first */
    failed: (limit: number) =>
      db.select().from(systemJob).where(eq(systemJob.state, 'failed')).orderBy(desc(systemJob.finishedAt)).limit(limit),

    /** puts a dead job back in the queue with its attempts anew; false when it is not dead */
    async requeue(id: string): Promise<boolean> {
      const rows = await db
        .update(systemJob)
        .set({ state: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null, lockedUntil: null })
        .where(and(eq(systemJob.id, id), eq(systemJob.state, 'failed')))
        .returning({ id: systemJob.id });
      return rows.length > 0;
    },

    async deleteFinishedBefore(state: 'done' | 'failed', before: Date) {
      const rows = await db
        .delete(systemJob)
        .where(and(eq(systemJob.state, state), lt(systemJob.finishedAt, before)))
        .returning({ id: systemJob.id });
      return rows.length;
    },

    async get(id: string) {
      const rows = await db.select().from(systemJob).where(eq(systemJob.id, id));
      return rows[0] ?? null;
    },

    // Schedules

    /** adds a schedule, or changes its pattern (and then its next run); keeps an unchanged one */
    async upsertSchedule(name: string, cron: string, nextRunAt: Date) {
      await db
        .insert(systemSchedule)
        .values({ name, cron, nextRunAt })
        .onConflictDoUpdate({
          target: systemSchedule.name,
          set: { cron, nextRunAt },
          setWhere: sql`${systemSchedule.cron} <> excluded.cron`,
        });
    },

    /** the schedules due now, locked for this transaction; others' locked ones are skipped */
    dueSchedules: (names: string[], now: Date) =>
      names.length === 0
        ? Promise.resolve([] as ScheduleRow[])
        : db
            .select()
            .from(systemSchedule)
            .where(and(lte(systemSchedule.nextRunAt, now), inArray(systemSchedule.name, names)))
            .orderBy(asc(systemSchedule.name))
            .for('update', { skipLocked: true }),

    async advanceSchedule(name: string, ranAt: Date, nextRunAt: Date) {
      await db.update(systemSchedule).set({ lastRunAt: ranAt, nextRunAt }).where(eq(systemSchedule.name, name));
    },

    async setNextRun(name: string, nextRunAt: Date) {
      await db.update(systemSchedule).set({ nextRunAt }).where(eq(systemSchedule.name, name));
    },

    schedules: () => db.select().from(systemSchedule).orderBy(asc(systemSchedule.name)),
  };
}

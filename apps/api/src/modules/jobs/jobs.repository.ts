import type { Db } from '@nomsan/db/client';
import { and, eq, lt, sql } from '@nomsan/db/orm';
import { systemJob } from '@nomsan/db/schema/system';

export type JobRow = typeof systemJob.$inferSelect;

/** The job queue's queries. Claiming uses SKIP LOCKED so concurrent workers never share a job. */
export function jobsRepository(db: Db) {
  return {
    async insert(job: { name: string; payload: unknown; runAt: Date; maxAttempts: number; dedupeKey: string | null }) {
      const rows = await db
        .insert(systemJob)
        .values({
          name: job.name,
          payload: job.payload,
          runAt: job.runAt,
          maxAttempts: job.maxAttempts,
          dedupeKey: job.dedupeKey,
        })
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
            order by ${systemJob.runAt}
            limit 1
            for update skip locked)
        returning ${systemJob.id} as id`);
      const id = result.rows[0]?.id;
      if (!id) return null;
      const rows = await db.select().from(systemJob).where(eq(systemJob.id, id));
      return rows[0] ?? null;
    },

    async complete(id: string) {
      await db
        .update(systemJob)
        .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(systemJob.id, id));
    },

    async fail(id: string, error: string, retryAt: Date | null) {
      await db
        .update(systemJob)
        .set(
          retryAt
            ? { state: 'queued', runAt: retryAt, lockedUntil: null, lastError: error }
            : { state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: error },
        )
        .where(eq(systemJob.id, id));
    },

    async deleteFinishedBefore(before: Date) {
      const rows = await db
        .delete(systemJob)
        .where(and(sql`${systemJob.state} in ('done', 'failed')`, lt(systemJob.finishedAt, before)))
        .returning({ id: systemJob.id });
      return rows.length;
    },

    async get(id: string) {
      const rows = await db.select().from(systemJob).where(eq(systemJob.id, id));
      return rows[0] ?? null;
    },
  };
}

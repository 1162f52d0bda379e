import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The job queue every worker process takes from (SELECT ... FOR UPDATE SKIP LOCKED), so a job
 * runs once however many workers run.
 */
export const systemJob = pgTable(
  'system_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** `failed` is the dead letter: out of attempts, kept until someone re-runs it */
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** work nobody waits for (packaging ahead): taken only when no other due job waits */
    background: boolean('background').notNull().default(false),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** a job enqueued again with the same key while the first is pending is stored once */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('system_job_ready_idx').on(t.state, t.runAt),
    uniqueIndex('system_job_pending_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/**
 * The recurring jobs (a cron pattern each) and when each is next due. A worker that finds one
 * due moves `next_run_at` on and enqueues its job in one transaction, row-locked, so each run
 * happens once however many workers look.
 */
export const systemSchedule = pgTable('system_schedule', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

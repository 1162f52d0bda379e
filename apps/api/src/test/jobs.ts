import type { FastifyInstance } from 'fastify';
import { sql } from '@nomsan/db/orm';
import { jobsOf } from '../kernel/module';

/**
 * Runs every queued job of the app as a worker would, those put off by a retry's backoff too
 * (their time is brought to now first), until none is left; `rounds` bounds a job that keeps
 * failing.
 */
export async function runQueuedJobs(app: FastifyInstance, rounds = 5): Promise<void> {
  const { kernel, services, modules } = app.modules!;
  const { handlers } = jobsOf(modules, kernel, services);
  for (let round = 0; round < rounds; round++) {
    await kernel.db.db.execute(sql`update system_job set run_at = now() where state = 'queued'`);
    let ran = false;
    while (await kernel.jobs.runOne(kernel.root, handlers)) ran = true;
    if (!ran) return;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@nomsan/db/client';
import { RELATED_JOB, relatedBooksService } from '@nomsan/api/modules/catalog/related.service';
import { jobsService, type JobHandler } from '@nomsan/api/modules/jobs/jobs.service';
import { pruneIdentity } from '@nomsan/api/modules/identity/identity.service';
import { SEARCH_INDEX_JOB } from '@nomsan/api/modules/search/search.service';
import type { Services } from '@nomsan/api/services';

const IDLE_POLL_MS = 2_000;
const DAY_MS = 24 * 60 * 60_000;
/** searches older than this no longer count for the popular lists */
const SEARCH_LOG_DAYS = 90;

export interface Worker {
  stop(): Promise<void>;
}

/**
 * The worker role: takes jobs from the PostgreSQL queue until stopped, and schedules the
 * queue's own housekeeping once a day. Domain modules add their handlers here.
 */
export function startWorker(db: Db, services: Services, log: FastifyBaseLogger): Worker {
  const jobs = jobsService(db);
  const related = relatedBooksService(db);
  const handlers: Record<string, JobHandler> = {
    [RELATED_JOB]: async () => {
      const result = await related.compute();
      log.info(result, 'related books computed');
    },
    [SEARCH_INDEX_JOB]: async () => {
      const result = await services.search.reindex();
      log.info(result, 'search index built');
    },
    'system.prune-jobs': async () => {
      const removed = await jobs.pruneFinished(7 * DAY_MS);
      const searches = await services.search.pruneLog(SEARCH_LOG_DAYS * DAY_MS);
      const identity = await pruneIdentity(db);
      log.info({ removed, searches, identity }, 'pruned finished jobs, old search records, codes and sessions');
      await scheduleHousekeeping();
    },
  };

  async function scheduleHousekeeping() {
    const day = new Date().toISOString().slice(0, 10);
    await jobs.enqueue(
      'system.prune-jobs',
      {},
      { runAt: new Date(Date.now() + DAY_MS), dedupeKey: `system.prune-jobs:${day}` },
    );
  }

  let stopping = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    await scheduleHousekeeping().catch((error: unknown) =>
      log.error({ err: error }, 'could not schedule housekeeping'),
    );
    while (!stopping) {
      let worked = false;
      try {
        worked = await jobs.runOne(handlers);
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
      }
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}

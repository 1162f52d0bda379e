import type { ModuleDb } from '@nomsan/db/client';
import { and, desc, eq, inArray } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/analytics';
import { analyticsPodcastProgress } from '@nomsan/db/schema/analytics';

/** The database as this module sees it: its own tables only. */
export type AnalyticsDb = ModuleDb<typeof schema>;

export type NewProgressRow = typeof analyticsPodcastProgress.$inferInsert;

/** Analytics queries. Only this file touches the analytics tables. */
export function analyticsRepository(db: AnalyticsDb) {
  return {
    /** keeps the rows; one repeating a kept (device, publication, moment) is skipped. The count kept. */
    async insertProgress(rows: NewProgressRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const kept = await db
        .insert(analyticsPodcastProgress)
        .values(rows)
        .onConflictDoNothing({
          target: [
            analyticsPodcastProgress.deviceUuid,
            analyticsPodcastProgress.publicationId,
            analyticsPodcastProgress.occurredAt,
          ],
        })
        .returning({ id: analyticsPodcastProgress.id });
      return kept.length;
    },

    /** the member's latest event of each of the publications (by moment, then arrival) */
    latestProgress(userId: number, publicationIds: number[]) {
      return db
        .selectDistinctOn([analyticsPodcastProgress.publicationId], {
          publicationId: analyticsPodcastProgress.publicationId,
          progress: analyticsPodcastProgress.progress,
          occurredAt: analyticsPodcastProgress.occurredAt,
        })
        .from(analyticsPodcastProgress)
        .where(
          and(
            eq(analyticsPodcastProgress.userId, userId),
            inArray(analyticsPodcastProgress.publicationId, publicationIds.length > 0 ? publicationIds : [0]),
          ),
        )
        .orderBy(
          analyticsPodcastProgress.publicationId,
          desc(analyticsPodcastProgress.occurredAt),
          desc(analyticsPodcastProgress.id),
        );
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;

import type { Db } from '@nomsan/db/client';
import { qualified } from '@nomsan/db/sql';
import { asc, desc, inArray, sql } from '@nomsan/db/orm';
import { podcastEpisode, podcastSeries } from '@nomsan/db/schema/podcasts';

/** Podcast queries. Only this file touches the podcast tables. */
export function podcastsRepository(db: Db) {
  return {
    /** series with their episode count, most recently updated first */
    async latestSeries(limit: number, ids?: number[]) {
      const latest = sql<string>`(select max(${podcastEpisode.publishedAt}) from ${podcastEpisode} where ${podcastEpisode.seriesId} = ${qualified(podcastSeries.id)})`;
      return db
        .select({
          id: podcastSeries.id,
          slug: podcastSeries.slug,
          name: podcastSeries.name,
          author: podcastSeries.author,
          coverKey: podcastSeries.coverKey,
          coverColor: podcastSeries.coverColor,
          episodesCount: sql<number>`(select count(*)::int from ${podcastEpisode} where ${podcastEpisode.seriesId} = ${qualified(podcastSeries.id)})`,
        })
        .from(podcastSeries)
        .where(ids ? inArray(podcastSeries.id, ids.length > 0 ? ids : [0]) : undefined)
        .orderBy(desc(latest), asc(podcastSeries.id))
        .limit(limit);
    },
  };
}

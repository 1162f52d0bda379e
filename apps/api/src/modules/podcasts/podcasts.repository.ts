import type { Db } from '@nomsan/db/client';
import { qualified } from '@nomsan/db/sql';
import { asc, desc, eq, gt, inArray, sql } from '@nomsan/db/orm';
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

    /** episodes after `afterId` with their series' name, author and category, in id order */
    async searchCorpusEpisodes(afterId: number, limit: number) {
      return db
        .select({
          id: podcastEpisode.id,
          title: podcastEpisode.title,
          description: podcastEpisode.description,
          publishedAt: podcastEpisode.publishedAt,
          seriesName: podcastSeries.name,
          seriesAuthor: podcastSeries.author,
          categoryId: podcastSeries.categoryId,
        })
        .from(podcastEpisode)
        .innerJoin(podcastSeries, eq(podcastSeries.id, podcastEpisode.seriesId))
        .where(gt(podcastEpisode.id, afterId))
        .orderBy(asc(podcastEpisode.id))
        .limit(limit);
    },

    async episodes(ids: number[]) {
      return db
        .select({
          id: podcastEpisode.id,
          slug: podcastEpisode.slug,
          title: podcastEpisode.title,
          durationSeconds: podcastEpisode.durationSeconds,
          publishedAt: podcastEpisode.publishedAt,
          seriesId: podcastSeries.id,
          seriesSlug: podcastSeries.slug,
          seriesName: podcastSeries.name,
          coverKey: podcastSeries.coverKey,
          coverColor: podcastSeries.coverColor,
        })
        .from(podcastEpisode)
        .innerJoin(podcastSeries, eq(podcastSeries.id, podcastEpisode.seriesId))
        .where(inArray(podcastEpisode.id, ids.length > 0 ? ids : [0]));
    },
  };
}

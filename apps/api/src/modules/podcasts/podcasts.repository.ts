import type { ModuleDb } from '@nomsan/db/client';
import type * as schema from '@nomsan/db/schema/podcasts';
import { qualified } from '@nomsan/db/sql';
import { and, asc, count, desc, eq, gt, inArray, sql } from '@nomsan/db/orm';
import { podcastEpisode, podcastSeries } from '@nomsan/db/schema/podcasts';

/** The database as this module sees it: its own tables only. */
export type PodcastsDb = ModuleDb<typeof schema>;

/** Podcast queries. Only this file touches the podcast tables. */
export function podcastsRepository(db: PodcastsDb) {
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
          description: podcastEpisode.description,
          number: podcastEpisode.number,
          audioFile: podcastEpisode.audioFile,
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

    async seriesId(key: { id: number } | { slug: string }): Promise<number | null> {
      const rows = await db
        .select({ id: podcastSeries.id })
        .from(podcastSeries)
        .where('id' in key ? eq(podcastSeries.id, key.id) : eq(podcastSeries.slug, key.slug));
      return rows[0]?.id ?? null;
    },

    async series(id: number) {
      const rows = await db
        .select({
          id: podcastSeries.id,
          slug: podcastSeries.slug,
          name: podcastSeries.name,
          author: podcastSeries.author,
          description: podcastSeries.description,
          coverKey: podcastSeries.coverKey,
          coverColor: podcastSeries.coverColor,
          episodesCount: sql<number>`(select count(*)::int from ${podcastEpisode} where ${podcastEpisode.seriesId} = ${qualified(podcastSeries.id)})`,
        })
        .from(podcastSeries)
        .where(eq(podcastSeries.id, id));
      return rows[0] ?? null;
    },

    /** a series' episodes, newest first, optionally only the one with `slug` */
    async seriesEpisodes(seriesId: number, options: { slug?: string; limit: number; offset: number }) {
      const where = and(
        eq(podcastEpisode.seriesId, seriesId),
        options.slug ? eq(podcastEpisode.slug, options.slug) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select({ id: podcastEpisode.id })
          .from(podcastEpisode)
          .where(where)
          .orderBy(desc(podcastEpisode.publishedAt), desc(podcastEpisode.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(podcastEpisode).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total[0]?.n ?? 0) };
    },
  };
}

export type PodcastsRepository = ReturnType<typeof podcastsRepository>;

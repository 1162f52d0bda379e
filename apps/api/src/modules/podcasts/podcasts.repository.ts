import type { ModuleDb } from '@nomsan/db/client';
import type * as schema from '@nomsan/db/schema/podcasts';
import { qualified } from '@nomsan/db/sql';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, like, lt, or, sql } from '@nomsan/db/orm';
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
          coverUrl: podcastSeries.coverUrl,
          episodesCount: sql<number>`(select count(*)::int from ${podcastEpisode} where ${podcastEpisode.seriesId} = ${qualified(podcastSeries.id)})`,
        })
        .from(podcastSeries)
        .where(ids ? inArray(podcastSeries.id, ids.length > 0 ? ids : [0]) : undefined)
        .orderBy(desc(latest), asc(podcastSeries.id))
        .limit(limit);
    },

    /** episodes after `afterId` with their series' name, author and category, in id order */
    async searchCorpusEpisodes(afterId: number, limit: number, ofSeries?: number[]) {
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
        .where(and(gt(podcastEpisode.id, afterId), ofSeries ? inArray(podcastEpisode.seriesId, ofSeries) : undefined))
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
          enclosureUrl: podcastEpisode.enclosureUrl,
          seriesId: podcastSeries.id,
          seriesSlug: podcastSeries.slug,
          seriesName: podcastSeries.name,
          coverKey: podcastSeries.coverKey,
          coverColor: podcastSeries.coverColor,
          coverUrl: podcastSeries.coverUrl,
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
          coverUrl: podcastSeries.coverUrl,
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

    // feeds (podcast-feeds.service.ts)

    seriesByFeed: async (feedUrl: string) =>
      (await db.select().from(podcastSeries).where(eq(podcastSeries.feedUrl, feedUrl)))[0],

    seriesRow: async (id: number) => (await db.select().from(podcastSeries).where(eq(podcastSeries.id, id)))[0],

    /** the series slugs taken among `base` and `base-<n>` */
    async seriesSlugsLike(base: string): Promise<string[]> {
      const rows = await db
        .select({ slug: podcastSeries.slug })
        .from(podcastSeries)
        .where(or(eq(podcastSeries.slug, base), like(podcastSeries.slug, `${base}-%`)));
      return rows.map((r) => r.slug);
    },

    async insertSeries(row: typeof podcastSeries.$inferInsert) {
      const [inserted] = await db.insert(podcastSeries).values(row).returning();
      return inserted!;
    },

    async updateSeries(id: number, set: Partial<typeof podcastSeries.$inferInsert>) {
      await db.update(podcastSeries).set(set).where(eq(podcastSeries.id, id));
    },

    /** channels added by feed, oldest checked first; `before`: only those checked before it */
    feedSeries: (before?: Date) =>
      db
        .select()
        .from(podcastSeries)
        .where(
          and(
            isNotNull(podcastSeries.feedUrl),
            before ? or(isNull(podcastSeries.feedCheckedAt), lt(podcastSeries.feedCheckedAt, before)) : undefined,
          ),
        )
        .orderBy(sql`${podcastSeries.feedCheckedAt} nulls first`, asc(podcastSeries.id)),

    /** what a refresh compares a feed's items with */
    feedEpisodes: (seriesId: number) =>
      db
        .select({
          id: podcastEpisode.id,
          guid: podcastEpisode.guid,
          slug: podcastEpisode.slug,
          number: podcastEpisode.number,
          title: podcastEpisode.title,
          description: podcastEpisode.description,
          durationSeconds: podcastEpisode.durationSeconds,
          enclosureUrl: podcastEpisode.enclosureUrl,
          publishedAt: podcastEpisode.publishedAt,
        })
        .from(podcastEpisode)
        .where(eq(podcastEpisode.seriesId, seriesId)),

    /** episodes per series, for the given series */
    async episodeCounts(seriesIds: number[]): Promise<Map<number, number>> {
      if (seriesIds.length === 0) return new Map();
      const rows = await db
        .select({ seriesId: podcastEpisode.seriesId, n: count() })
        .from(podcastEpisode)
        .where(inArray(podcastEpisode.seriesId, seriesIds))
        .groupBy(podcastEpisode.seriesId);
      return new Map(rows.map((r) => [r.seriesId, Number(r.n)]));
    },

    async insertEpisodes(rows: (typeof podcastEpisode.$inferInsert)[]) {
      for (let at = 0; at < rows.length; at += 500) {
        await db.insert(podcastEpisode).values(rows.slice(at, at + 500));
      }
    },

    async updateEpisode(id: number, set: Partial<typeof podcastEpisode.$inferInsert>) {
      await db.update(podcastEpisode).set(set).where(eq(podcastEpisode.id, id));
    },
  };
}

export type PodcastsRepository = ReturnType<typeof podcastsRepository>;

import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { catalogCategory } from './catalog';

/** Podcasts domain: series ("channels") and their episodes ("publications" in the spec). */

export const podcastSeries = pgTable(
  'podcast_series',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    author: text('author').notNull().default(''),
    categoryId: integer('category_id').references(() => catalogCategory.id),
    coverKey: text('cover_key'),
    coverColor: text('cover_color').notNull().default('#d9e4ff'),
    /** the artwork of a channel read from its feed (itunes:image), shown as it is hosted */
    coverUrl: text('cover_url'),
    /** a channel added by its RSS feed: refreshed on a schedule (docs/podcasts.md) */
    feedUrl: text('feed_url'),
    /** the validators of the feed's last answer, sent back as If-None-Match / If-Modified-Since */
    feedEtag: text('feed_etag'),
    feedLastModified: text('feed_last_modified'),
    feedCheckedAt: timestamp('feed_checked_at', { withTimezone: true }),
    /** why the last refresh failed (null: it did not) */
    feedError: text('feed_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('podcast_series_slug_uq').on(t.slug),
    uniqueIndex('podcast_series_feed_uq')
      .on(t.feedUrl)
      .where(sql`${t.feedUrl} is not null`),
  ],
);

export const podcastEpisode = pgTable(
  'podcast_episode',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => podcastSeries.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    number: smallint('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull(),
    /** an episode of the media store (the demo's); null for one streamed from its feed's host */
    audioFile: text('audio_file'),
    /** the feed item's enclosure: what the player streams */
    enclosureUrl: text('enclosure_url'),
    /** the feed item's guid (or its enclosure's URL when it has none): one episode per item */
    guid: text('guid'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('podcast_episode_series_slug_uq').on(t.seriesId, t.slug),
    uniqueIndex('podcast_episode_guid_uq')
      .on(t.seriesId, t.guid)
      .where(sql`${t.guid} is not null`),
    index('podcast_episode_series_published_idx').on(t.seriesId, t.publishedAt.desc().nullsFirst()),
  ],
);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('podcast_series_slug_uq').on(t.slug)],
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
    audioFile: text('audio_file').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('podcast_episode_series_slug_uq').on(t.seriesId, t.slug),
    index('podcast_episode_series_published_idx').on(t.seriesId, t.publishedAt.desc().nullsFirst()),
  ],
);

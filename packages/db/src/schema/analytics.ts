import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Analytics domain: the podcast player's progress events (spec section 7, "Podcast progress"),
 * one row a line of an upload. A repeated line (same device, publication and moment) is one row:
 * the unique index makes a resent batch change nothing.
 */
export const analyticsPodcastProgress = pgTable(
  'analytics_podcast_progress',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** the episode (`id` of the line) */
    publicationId: integer('publication_id').notNull(),
    /** the member who sent it (their session's, never the line's claim); null for a visitor */
    userId: integer('user_id'),
    /** the line's `d`: the browser's device uuid */
    deviceUuid: text('device_uuid').notNull(),
    /** the line's `s`: the browser session (tab) it was played in */
    clientSession: text('client_session').notNull(),
    /** seconds into the episode */
    progress: doublePrecision('progress').notNull(),
    /** the line's `t` */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** the line's `e` */
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analytics_podcast_progress_event_uq').on(t.deviceUuid, t.publicationId, t.occurredAt),
    index('analytics_podcast_progress_member_idx').on(t.userId, t.publicationId, t.occurredAt.desc()),
  ],
);

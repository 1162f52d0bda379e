import { doublePrecision, integer, json, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Media domain: each title's audio packaged once (encrypted DASH + HLS, a clear preview) and
 * the title's content key, stored wrapped under the process's MEDIA_SECRET (ADR 022).
 */

export const MEDIA_ITEM_TYPES = ['book', 'summary'] as const;

export const mediaKey = pgTable(
  'media_key',
  {
    itemType: text('item_type', { enum: MEDIA_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    /** the CENC key id, 32 hex digits */
    kid: text('kid').notNull(),
    /** the 16-byte content key, AES-256-GCM wrapped: base64url of iv, tag and ciphertext */
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemId] })],
);

export interface PackagedChapter {
  position: number;
  title: string;
  startSeconds: number;
  durationSeconds: number;
}

export interface TimedSentence {
  start: number;
  end: number;
  text: string;
}

export const mediaAsset = pgTable(
  'media_asset',
  {
    itemType: text('item_type', { enum: MEDIA_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    /** the source recording it was made from; a different source packages again */
    source: text('source').notNull(),
    status: text('status', { enum: ['queued', 'packaging', 'ready', 'failed'] }).notNull(),
    /** percent done while packaging */
    progress: smallint('progress').notNull().default(0),
    /** the packaged audio's own length, read from its manifest */
    durationSeconds: doublePrecision('duration_seconds'),
    previewSeconds: doublePrecision('preview_seconds'),
    chapters: json('chapters').$type<PackagedChapter[]>().notNull().default([]),
    /** the recording's sentences with their times, for read-along (when it has a transcript) */
    transcript: json('transcript').$type<TimedSentence[]>(),
    /** the storage prefix the manifests and segments are under */
    storagePrefix: text('storage_prefix'),
    error: text('error'),
    packagedAt: timestamp('packaged_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemId] })],
);

/**
 * A recording an editor sent for a title, on its way to be the title's audio: probed,
 * normalised for loudness into one source file, then packaged (media_asset). One row per
 * title: a new recording starts it again (docs/catalog-desk.md).
 */
export const mediaIngest = pgTable(
  'media_ingest',
  {
    itemType: text('item_type', { enum: MEDIA_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    /** then `packaging`: the title's media_asset says the rest */
    status: text('status', { enum: ['queued', 'probing', 'normalizing', 'packaging', 'failed'] }).notNull(),
    /** percent done of the step */
    progress: smallint('progress').notNull().default(0),
    /** how many files, and their names, in order */
    files: json('files').$type<string[]>().notNull().default([]),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemId] })],
);

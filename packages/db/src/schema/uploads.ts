import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Uploads domain: the files staff send through the resumable upload endpoint (tus), before a
 * module takes one in (a cover, an EPUB, a recording, an ONIX file). The bytes live in the
 * upload store's folder; this row says whose file it is, what it was declared and what its first
 * bytes say it is (docs/uploads.md).
 */
export const uploadsFile = pgTable(
  'uploads_file',
  {
    /** the tus upload's id */
    id: text('id').primaryKey(),
    staffId: integer('staff_id').notNull(),
    /** what it is for: cover, epub, audio, transcript, onix */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** the type its content shows (magic bytes), once it is complete */
    sniffedType: text('sniffed_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** taken in by a module: it cannot be taken twice */
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [index('uploads_file_staff_idx').on(t.staffId, t.createdAt)],
);

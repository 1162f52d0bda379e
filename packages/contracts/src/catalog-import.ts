import { z } from 'zod';
import { envelope } from './http';
import { uploadIdField } from './uploads';

/**
 * A catalogue imported from an ONIX for Books 3.0 file (docs/catalog-desk.md, "Importing a
 * catalogue"): a dry run lists what the file would create, change and refuse, and a plan key
 * that names exactly that; applying with the key does that and nothing else.
 */

export const IMPORT_FIELDS = [
  'title',
  'subtitle',
  'description',
  'short_description',
  'language',
  'published_year',
  'publisher',
  'authors',
  'narrators',
  'translators',
  'categories',
  'price_mnt',
  'on_sale',
  'status',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const importPreviewRequest = z.object({ upload_id: uploadIdField }).strict();
export const importApplyRequest = z
  .object({
    upload_id: uploadIdField,
    /** the dry run's `plan`: the catalogue must still be as the dry run saw it */
    plan: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();

const importCreated = z.object({
  record: z.string(),
  title: z.string(),
  format: z.enum(['audiobook', 'ebook']),
  isbn: z.string().nullable(),
  on_sale: z.boolean(),
  price_mnt: z.number().int().nullable(),
  authors: z.array(z.string()),
  narrators: z.array(z.string()),
  publisher: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  /** its id once applied */
  book_id: z.number().int().nullable(),
});
export type ImportCreated = z.infer<typeof importCreated>;

const importChanged = z.object({
  record: z.string(),
  book_id: z.number().int(),
  title: z.string(),
  fields: z.array(
    z.object({ field: z.enum(IMPORT_FIELDS), before: z.string().nullable(), after: z.string().nullable() }),
  ),
});
export type ImportChanged = z.infer<typeof importChanged>;

const importRefused = z.object({
  record: z.string(),
  /** the product's place in the file, from 1 */
  position: z.number().int(),
  title: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type ImportRefused = z.infer<typeof importRefused>;

export const importReport = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  /** the message's sender (Header/Sender/SenderName): record references are keyed within it */
  sender: z.string(),
  applied: z.boolean(),
  plan: z.string(),
  products: z.number().int(),
  /** new titles come in as drafts: they have no files yet */
  created_status: z.literal('draft'),
  created: z.array(importCreated),
  changed: z.array(importChanged),
  unchanged: z.number().int(),
  refused: z.array(importRefused),
  new_contributors: z.array(z.string()),
  new_publishers: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;
export const importReportResponse = envelope(importReport);

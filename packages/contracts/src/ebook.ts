import { z } from 'zod';
import { envelope } from './http';
import { mn } from './messages';

/**
 * What the reader opens: an e-book's manifest (its metadata, spine, table of contents and
 * resources, each with the URL it is served from) and a summary's text. A session the book is
 * not granted to gets the sample: the first chapter and what it needs (`sample: true`).
 */

export const ebookMetadata = z.object({
  title: z.string(),
  creators: z.array(z.string()),
  language: z.string().nullable(),
  identifier: z.string().nullable(),
  publisher: z.string().nullable(),
  description: z.string().nullable(),
  /** the spine's page-progression-direction (`rtl` for Arabic, Hebrew, vertical Japanese) */
  direction: z.enum(['ltr', 'rtl', 'default']),
  layout: z.enum(['reflowable', 'pre-paginated']),
});

export const ebookResource = z.object({
  /** the path inside the EPUB archive: the key of the resource endpoint */
  path: z.string(),
  media_type: z.string(),
  /** bytes */
  size: z.number().int(),
  /** where the resource is served from */
  url: z.string(),
});
export type EbookResource = z.infer<typeof ebookResource>;

export const ebookSpineItem = z.object({
  path: z.string(),
  media_type: z.string(),
  linear: z.boolean(),
  /** bytes once inflated: what the reader weighs progress by, so a sample's progress is the whole book's */
  size: z.number().int(),
  /** part of the sample, which anyone may open */
  in_sample: z.boolean(),
  /**
   * this session may open it: every item for a session that holds the e-book, the sample's for
   * anyone else (the reader locks the others in its contents)
   */
  readable: z.boolean(),
});

export const ebookTocEntry = z.object({
  label: z.string(),
  /** an archive path with its fragment (`OEBPS/chapter-2.xhtml#s1`); empty for a heading without a link */
  href: z.string(),
  /** 1 for the top level */
  level: z.number().int().min(1),
});

export const ebookManifest = z.object({
  id: z.number().int(),
  title: z.string(),
  /** true: only the sample's resources are listed, and only they are served */
  sample: z.boolean(),
  /** the package document (OPF), the reader's way into the book */
  package_path: z.string(),
  metadata: ebookMetadata,
  /** every item of the spine, in reading order (also outside the sample, so progress is the whole book's) */
  spine: z.array(ebookSpineItem),
  toc: z.array(ebookTocEntry),
  resources: z.array(ebookResource),
});
export type EbookManifest = z.infer<typeof ebookManifest>;
export const ebookPlaylistResponse = envelope(ebookManifest);

export const RESOURCE_PATH_MAX = 1024;
export const ebookResourceQuery = z.object({
  path: z.string().min(1, { error: mn.reader.noResource }).max(RESOURCE_PATH_MAX, { error: mn.reader.noResource }),
});

export const summaryText = z.object({
  id: z.number().int(),
  title: z.string(),
  /** true: only the first paragraphs */
  sample: z.boolean(),
  paragraphs: z.array(z.string()),
  /** how many paragraphs the whole summary has */
  total_paragraphs: z.number().int(),
});
export type SummaryText = z.infer<typeof summaryText>;
export const summaryPlaylistResponse = envelope(summaryText);

import { z } from 'zod';
import { image, subscriptionScope } from './catalog';
import { envelope, idParam, MAX_ID, queryInt } from './http';
import { mn } from './messages';

/**
 * The catalogue desk of the back office (editors; docs/catalog-desk.md): titles listed and
 * filtered over the whole catalogue a page at a time, a title's editable form, its people and
 * categories, its status (draft, published, withdrawn, or a publication scheduled), and the
 * people and publishers to choose from. The same schemas check the forms and the API.
 */

const m = mn.catalogDesk;

/** an id in a JSON body (a path's is `idParam`: plain decimal digits) */
const id = z
  .number({ error: m.idInvalid })
  .int({ error: m.idInvalid })
  .positive({ error: m.idInvalid })
  .max(MAX_ID, { error: m.idInvalid });
const ids = z.array(id).max(50).default([]);
const shortText = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: m.tooLong(max) });

export const BOOK_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** an English book's level (CEFR), as the store shows it; a book of kind `book` has none */
export const ENGLISH_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

export const deskIdParams = z.object({ id: idParam });

// ---------------------------------------------------------------------------------------------
// The list: GET /api/staff/catalog/books

export const DESK_SORTS = ['updated', 'title', 'published'] as const;

/**
 * A back-office list's query: `q` (the start of a title in any letter case, or an id), the
 * list's own filters, an order of `sorts` (the first by default), and the keyset (`after`, the
 * `next` of the page before). Every desk list (titles, summaries, bundles) is read this way.
 */
export function deskListQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
) {
  return z
    .object({
      q: z
        .string()
        .trim()
        .max(200, { error: m.tooLong(200) })
        .optional(),
      ...filters,
      sort: z.enum(sorts, { error: m.filterInvalid }).default(sorts[0]),
      after: z
        .string()
        .max(200)
        .regex(/^[A-Za-z0-9_-]+$/, { error: m.filterInvalid })
        .optional(),
      limit: queryInt(1, 100, m.filterInvalid).default(50),
    })
    .strict();
}

/** one of `values` as a list's filter (absent: any) */
export const deskFilter = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.enum(values, { error: m.filterInvalid }).optional();

/** a page of a desk list: its rows and the keyset of the next (null on the last) */
export const deskPage = <T extends z.ZodType>(row: T) =>
  envelope(z.object({ rows: z.array(row), next: z.string().nullable() }));

export const deskBooksQuery = deskListQuery(DESK_SORTS, {
  status: deskFilter([...BOOK_STATUSES, 'scheduled']),
  format: deskFilter(['audiobook', 'ebook', 'none']),
});
export type DeskBooksQuery = z.input<typeof deskBooksQuery>;

export const deskBookRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  status: z.enum(BOOK_STATUSES),
  /** a draft whose publication is scheduled */
  publish_at: z.string().nullable(),
  has_audio: z.boolean(),
  has_ebook: z.boolean(),
  published_at: z.string(),
  updated_at: z.string(),
  cover: image,
});
export type DeskBookRow = z.infer<typeof deskBookRow>;

export const deskBooksResponse = deskPage(deskBookRow);

// ---------------------------------------------------------------------------------------------
// A title: GET, POST, PATCH /api/staff/catalog/books[/{id}]

export const deskBookFields = z.object({
  title: shortText(300, m.titleRequired),
  subtitle: z
    .string()
    .trim()
    .max(300, { error: m.tooLong(300) })
    .nullable()
    .default(null),
  description: z
    .string()
    .max(20_000, { error: m.tooLong(20_000) })
    .default(''),
  short_description: z
    .string()
    .max(500, { error: m.tooLong(500) })
    .default(''),
  kind: z.enum(['book', 'english_book'], { error: m.filterInvalid }).default('book'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}$/, { error: m.languageInvalid })
    .default('mn'),
  published_year: z.number({ error: m.yearInvalid }).int().min(1000).max(2100).nullable().default(null),
  publisher_id: id.nullable().default(null),
  /** kind `english_book` only (the kind set to `book` clears it) */
  english_level: z.enum(ENGLISH_LEVELS, { error: m.englishLevelInvalid }).nullable().default(null),
  /** the series it belongs to (the series cleared clears its number) */
  series_id: z
    .number({ error: m.unknownSeries })
    .int({ error: m.unknownSeries })
    .positive({ error: m.unknownSeries })
    .max(MAX_ID, { error: m.unknownSeries })
    .nullable()
    .default(null),
  /** its number in the series: only with a series */
  series_position: z
    .number({ error: m.seriesPositionInvalid })
    .int({ error: m.seriesPositionInvalid })
    .min(1, { error: m.seriesPositionInvalid })
    .max(999, { error: m.seriesPositionInvalid })
    .nullable()
    .default(null),
  author_ids: ids,
  narrator_ids: ids,
  translator_ids: ids,
  category_ids: ids,
});
export const deskBookCreate = deskBookFields.strict();
export type DeskBookCreate = z.input<typeof deskBookCreate>;

type Undefaulted<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? T : S[K] };
/**
 * A form's fields without their defaults, for its patch: zod applies a default inside
 * `.partial()`, so a patch of one field would otherwise set every other field to its default.
 */
function undefaulted<S extends z.ZodRawShape>(shape: S): Undefaulted<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, field instanceof z.ZodDefault ? field.unwrap() : field]),
  ) as Undefaulted<S>;
}

export const deskBookUpdate = z
  .object(undefaulted(deskBookFields.shape))
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: m.nothingToChange });
export type DeskBookUpdate = z.input<typeof deskBookUpdate>;

const person = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const deskBook = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  short_description: z.string(),
  kind: z.enum(['book', 'english_book']),
  language: z.string(),
  published_year: z.number().int().nullable(),
  publisher: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  english_level: z.string().nullable(),
  series: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  series_position: z.number().int().nullable(),
  authors: z.array(person),
  narrators: z.array(person),
  translators: z.array(person),
  categories: z.array(z.object({ id: z.number().int(), title: z.string() })),
  status: z.enum(BOOK_STATUSES),
  publish_at: z.string().nullable(),
  published_at: z.string(),
  has_audio: z.boolean(),
  has_ebook: z.boolean(),
  /** the e-book edition: its pages and how many chapters visitors may read */
  ebook: z.object({ pages: z.number().int(), sample_chapters: z.number().int() }).nullable(),
  cover: image,
  /** the page members see */
  url: z.string(),
  updated_at: z.string(),
});
export type DeskBook = z.infer<typeof deskBook>;
export const deskBookResponse = envelope(deskBook);

/** Publish now, withdraw, go back to draft, or schedule a publication. */
export const deskStatusRequest = z
  .object({
    status: z.enum(BOOK_STATUSES, { error: m.filterInvalid }),
    /** with `draft`: published by itself at this time */
    publish_at: z.iso.datetime({ offset: true, error: m.dateInvalid }).nullable().default(null),
  })
  .strict()
  .refine((body) => body.publish_at === null || body.status === 'draft', {
    error: m.scheduleDraftOnly,
    path: ['publish_at'],
  });
export type DeskStatusRequest = z.input<typeof deskStatusRequest>;

// ---------------------------------------------------------------------------------------------
// People, publishers and categories to choose from

export const deskNameQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, { error: m.tooLong(100) })
      .optional(),
    limit: queryInt(1, 50, m.filterInvalid).default(20),
  })
  .strict();

export const deskPerson = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  books: z.number().int(),
});
export const deskPeopleResponse = envelope(z.array(deskPerson));
export const deskPersonCreate = z
  .object({
    name: shortText(200, m.nameRequired),
    bio: z
      .string()
      .max(5000, { error: m.tooLong(5000) })
      .default(''),
  })
  .strict();
export type DeskPersonCreate = z.input<typeof deskPersonCreate>;
export const deskPersonResponse = envelope(deskPerson);

export const deskPublisherCreate = z
  .object({
    name: shortText(200, m.nameRequired),
    description: z
      .string()
      .max(5000, { error: m.tooLong(5000) })
      .default(''),
  })
  .strict();
export type DeskPublisherCreate = z.input<typeof deskPublisherCreate>;

/** a new series of titles (`catalog_series`), by its name */
export const deskSeriesCreate = z.object({ name: shortText(200, m.nameRequired) }).strict();
export type DeskSeriesCreate = z.input<typeof deskSeriesCreate>;

export const deskCategoriesResponse = envelope(
  z.array(
    z.object({ id: z.number().int(), slug: z.string(), title: z.string(), parent_id: z.number().int().nullable() }),
  ),
);

// ---------------------------------------------------------------------------------------------
// What a title sells: GET /api/staff/catalog/books/{id}/offers, POST and DELETE .../offers/{format}

export const DESK_FORMATS = ['audiobook', 'ebook'] as const;
export const deskOfferParams = z.object({ id: idParam, format: z.enum(DESK_FORMATS, { error: m.filterInvalid }) });

const tugrik = z
  .number({ error: m.priceInvalid })
  .int({ error: m.priceInvalid })
  .min(0, { error: m.priceInvalid })
  .max(10_000_000, {
    error: m.priceInvalid,
  });

export const deskOfferFields = z
  .object({
    /** the price in tögrög; null: not sold for money (credits or subscriptions only) */
    price_mnt: tugrik.nullable(),
    /** a "before" price shown struck through; above the price */
    original_price_mnt: tugrik.nullable().default(null),
    /** credits that unlock it; null: credits do not */
    credit_price: z
      .number({ error: m.priceInvalid })
      .int()
      .min(1, { error: m.priceInvalid })
      .max(100)
      .nullable()
      .default(null),
    /** a rental: both or neither */
    rental_days: z
      .number({ error: m.rentalInvalid })
      .int()
      .min(1, { error: m.rentalInvalid })
      .max(365)
      .nullable()
      .default(null),
    rental_price_mnt: tugrik.nullable().default(null),
    /** which subscriptions open it (`credit`: the credit plan's) */
    subscription_scopes: z
      .array(z.enum(subscriptionScope.options, { error: m.filterInvalid }))
      .max(subscriptionScope.options.length)
      .default([]),
    /** "leaving on": it stops being sold then, and members who use it are told three days before */
    ends_at: z.iso.datetime({ offset: true, error: m.dateInvalid }).nullable().default(null),
  })
  .strict()
  .refine((o) => (o.rental_days === null) === (o.rental_price_mnt === null), {
    error: m.rentalInvalid,
    path: ['rental_days'],
  })
  .refine((o) => o.original_price_mnt === null || (o.price_mnt !== null && o.original_price_mnt > o.price_mnt), {
    error: m.originalPriceInvalid,
    path: ['original_price_mnt'],
  });
export type DeskOfferFields = z.input<typeof deskOfferFields>;

export const deskOffer = z.object({
  /** a book's format, or `summary` (a summary's one offer), or `bundle` (a bundle's) */
  format: z.enum([...DESK_FORMATS, 'summary', 'bundle']),
  price_mnt: z.number().int().nullable(),
  original_price_mnt: z.number().int().nullable(),
  credit_price: z.number().int().nullable(),
  rental_days: z.number().int().nullable(),
  rental_price_mnt: z.number().int().nullable(),
  subscription_scopes: z.array(subscriptionScope),
  ends_at: z.string().nullable(),
});
export type DeskOffer = z.infer<typeof deskOffer>;
export const deskOffersResponse = envelope(z.array(deskOffer));

// ---------------------------------------------------------------------------------------------
// Files: POST /api/staff/catalog/books/{id}/ebook and /cover, with an upload's id (docs/uploads.md)

const uploadId = z.string({ error: m.uploadRequired }).regex(/^[A-Za-z0-9_-]{1,100}$/, { error: m.uploadRequired });

export const deskEbookRequest = z
  .object({
    /** a finished `epub` upload: checked, then the title's e-book; absent: only the sample changes */
    upload_id: uploadId.optional(),
    sample_chapters: z
      .number({ error: m.sampleInvalid })
      .int()
      .min(1, { error: m.sampleInvalid })
      .max(10, { error: m.sampleInvalid })
      .optional(),
  })
  .strict()
  .refine((body) => body.upload_id !== undefined || body.sample_chapters !== undefined, { error: m.nothingToChange });
export type DeskEbookRequest = z.input<typeof deskEbookRequest>;

export const deskCoverRequest = z.object({ upload_id: uploadId }).strict();
export type DeskCoverRequest = z.input<typeof deskCoverRequest>;

// ---------------------------------------------------------------------------------------------
// A recording: POST and GET /api/staff/catalog/books/{id}/audio

export const deskAudioRequest = z
  .object({
    /** finished `audio` uploads, in the order they play: one file with chapters, or one per chapter */
    upload_ids: z.array(uploadId, { error: m.uploadRequired }).min(1, { error: m.uploadRequired }).max(300),
    /** a finished `transcript` upload (UTF-8 text), for reading along */
    transcript_upload_id: uploadId.nullable().default(null),
  })
  .strict();
export type DeskAudioRequest = z.input<typeof deskAudioRequest>;

export const deskAudioStatus = z.object({
  /** none yet; on its way (probing, normalizing for loudness, packaging); ready; or failed */
  status: z.enum(['none', 'queued', 'probing', 'normalizing', 'packaging', 'ready', 'failed']),
  /** percent of the step */
  progress: z.number().int(),
  files: z.array(z.string()),
  error: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  chapters: z.number().int(),
  updated_at: z.string().nullable(),
});
export type DeskAudioStatus = z.infer<typeof deskAudioStatus>;
export const deskAudioResponse = envelope(deskAudioStatus);

// ---------------------------------------------------------------------------------------------
// Summaries: GET, POST /api/staff/catalog/summaries, GET, PATCH .../summaries/{id}, .../status,
// .../cover, .../audio, .../offer (docs/catalog-desk.md, "Summaries")

export const SUMMARY_SORTS = ['updated', 'title'] as const;

export const deskSummariesQuery = deskListQuery(SUMMARY_SORTS, { status: deskFilter(BOOK_STATUSES) });
export type DeskSummariesQuery = z.input<typeof deskSummariesQuery>;

export const deskSummaryRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** the book it summarises */
  book_title: z.string().nullable(),
  status: z.enum(BOOK_STATUSES),
  has_text: z.boolean(),
  has_audio: z.boolean(),
  reading_minutes: z.number().int(),
  updated_at: z.string(),
  cover: image,
});
export type DeskSummaryRow = z.infer<typeof deskSummaryRow>;

export const deskSummariesResponse = deskPage(deskSummaryRow);

/** a summary's text: paragraphs, none of them empty */
const paragraphs = z
  .array(
    z
      .string({ error: m.summaryBodyInvalid })
      .trim()
      .min(1, { error: m.summaryBodyInvalid })
      .max(5_000, { error: m.tooLong(5_000) }),
    { error: m.summaryBodyInvalid },
  )
  .max(200, { error: m.summaryBodyTooLong })
  .refine((list) => list.reduce((sum, p) => sum + p.length, 0) <= 100_000, { error: m.summaryBodyTooLong });

/** a summary's fields, without defaults: a patch holds only what it changes (zod applies a default inside `.partial()`) */
const summaryFields = {
  title: shortText(300, m.titleRequired),
  description: z.string().max(5_000, { error: m.tooLong(5_000) }),
  body: paragraphs,
  /** the book it summarises (its page links to the summary) */
  book_id: id.nullable(),
  /** its authors, in the order the store shows them, and its categories */
  author_ids: z.array(id).max(50),
  category_ids: z.array(id).max(50),
  /** minutes to read it; null: estimated from the text (about 180 words a minute) */
  reading_minutes: z
    .number({ error: m.readingMinutesInvalid })
    .int({ error: m.readingMinutesInvalid })
    .min(1, { error: m.readingMinutesInvalid })
    .max(600, { error: m.readingMinutesInvalid })
    .nullable(),
};
export const deskSummaryCreate = z
  .object({
    ...summaryFields,
    description: summaryFields.description.default(''),
    body: summaryFields.body.default([]),
    book_id: summaryFields.book_id.default(null),
    author_ids: summaryFields.author_ids.default([]),
    category_ids: summaryFields.category_ids.default([]),
    reading_minutes: summaryFields.reading_minutes.default(null),
  })
  .strict();
export type DeskSummaryCreate = z.input<typeof deskSummaryCreate>;
export const deskSummaryUpdate = z
  .object(summaryFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: m.nothingToChange });
export type DeskSummaryUpdate = z.input<typeof deskSummaryUpdate>;

export const deskSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  body: z.array(z.string()),
  book: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  authors: z.array(person),
  categories: z.array(z.object({ id: z.number().int(), title: z.string() })),
  reading_minutes: z.number().int(),
  status: z.enum(BOOK_STATUSES),
  published_at: z.string(),
  has_audio: z.boolean(),
  audio_duration_seconds: z.number().int().nullable(),
  cover: image,
  /** the page members see */
  url: z.string(),
  updated_at: z.string(),
});
export type DeskSummary = z.infer<typeof deskSummary>;
export const deskSummaryResponse = envelope(deskSummary);

/** Publish now (needs its text and its recording), withdraw, or back to draft. */
export const deskSummaryStatusRequest = z
  .object({ status: z.enum(BOOK_STATUSES, { error: m.filterInvalid }) })
  .strict();
export type DeskSummaryStatusRequest = z.input<typeof deskSummaryStatusRequest>;

/** a summary's one offer (format `summary`): null when it is not sold on its own */
export const deskSummaryOfferResponse = envelope(deskOffer.nullable());

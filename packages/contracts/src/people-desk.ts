import { z } from 'zod';
import { deskListQuery, deskPage } from './catalog-desk';
import { image } from './catalog';
import { envelope, idParam, MAX_ID } from './http';
import { mn } from './messages';

/**
 * The people, publishers and categories desk of the back office (editors; docs/catalog-desk.md,
 * "People, publishers and categories"): authors, narrators and translators (`catalog_contributor`)
 * and publishers listed by keyset and changed (name, text, picture), and the categories in
 * their order. A slug is made once and kept: the store's pages are found by it. The same
 * schemas check the forms and the API.
 */

const m = mn.peopleDesk;

const id = z
  .number({ error: m.idInvalid })
  .int({ error: m.idInvalid })
  .positive({ error: m.idInvalid })
  .max(MAX_ID, { error: m.idInvalid });
const name = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired })
  .max(200, { error: m.tooLong(200) });
const uploadId = z.string({ error: m.uploadRequired }).regex(/^[A-Za-z0-9_-]{1,100}$/, { error: m.uploadRequired });
const longText = z
  .string({ error: m.textInvalid })
  .trim()
  .max(5000, { error: m.tooLong(5000) });
/** a patch holds the fields it changes, at least one */
const patch = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .partial()
    .strict()
    .refine((body) => Object.keys(body).length > 0, { error: m.nothingToChange });

export const peopleDeskIdParams = z.object({ id: idParam });

/** a list's query: `q` the start of a name in any letter case, or an id; by name, a page at a time */
export const deskPeopleQuery = deskListQuery(['name'], {});
export type DeskPeopleQuery = z.input<typeof deskPeopleQuery>;

// ---------------------------------------------------------------------------------------------
// People: GET /api/staff/people, GET and PATCH /api/staff/people/{id}, POST …/{id}/photo

export const deskPersonRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** the books and summaries they are on, in any role and status */
  titles_count: z.number().int(),
  photo: image.nullable(),
});
export type DeskPersonRow = z.infer<typeof deskPersonRow>;
export const deskPersonRows = deskPage(deskPersonRow);

export const deskPersonDetail = deskPersonRow.extend({
  bio: z.string(),
  books_count: z.number().int(),
  summaries_count: z.number().int(),
  /** the store's author page, or narrator page for one who only narrates (kept: the slug never changes) */
  url: z.string(),
});
export type DeskPersonDetail = z.infer<typeof deskPersonDetail>;
export const deskPersonDetailResponse = envelope(deskPersonDetail);

export const deskPersonUpdate = patch({ name, bio: longText });
export type DeskPersonUpdate = z.input<typeof deskPersonUpdate>;

/** a finished `cover` upload: the photo (cut square) or the logo */
export const deskPictureRequest = z.object({ upload_id: uploadId }).strict();
export type DeskPictureRequest = z.input<typeof deskPictureRequest>;

// ---------------------------------------------------------------------------------------------
// Publishers: GET /api/staff/publishers, GET and PATCH /api/staff/publishers/{id}, POST …/{id}/logo

export const deskPublisherRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  books_count: z.number().int(),
  logo: image.nullable(),
});
export type DeskPublisherRow = z.infer<typeof deskPublisherRow>;
export const deskPublisherRows = deskPage(deskPublisherRow);

export const deskPublisherDetail = deskPublisherRow.extend({
  description: z.string(),
  url: z.string(),
});
export type DeskPublisherDetail = z.infer<typeof deskPublisherDetail>;
export const deskPublisherDetailResponse = envelope(deskPublisherDetail);

export const deskPublisherUpdate = patch({ name, description: longText });
export type DeskPublisherUpdate = z.input<typeof deskPublisherUpdate>;

// ---------------------------------------------------------------------------------------------
// Categories: GET and POST /api/staff/categories, PATCH …/{id}, POST …/order

export const deskCategoryRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  parent_id: z.number().int().nullable(),
  /** 1 is first in the store's list */
  position: z.number().int(),
  books_count: z.number().int(),
  summaries_count: z.number().int(),
  url: z.string(),
});
export type DeskCategoryRow = z.infer<typeof deskCategoryRow>;
export const deskCategoriesListResponse = envelope(z.array(deskCategoryRow));

const title = z
  .string({ error: m.titleRequired })
  .trim()
  .min(1, { error: m.titleRequired })
  .max(120, { error: m.tooLong(120) });

/** a new category, last in the order; its slug made from its title (kept when it is renamed) */
export const deskCategoryCreate = z.object({ title }).strict();
export type DeskCategoryCreate = z.input<typeof deskCategoryCreate>;

export const deskCategoryUpdate = z.object({ title }).strict();
export type DeskCategoryUpdate = z.input<typeof deskCategoryUpdate>;

/** every category's id once, in the new order (else 409: the list changed meanwhile) */
export const deskCategoryOrder = z
  .object({
    ids: z
      .array(id)
      .min(1, { error: m.orderInvalid })
      .max(500, { error: m.orderInvalid })
      .refine((ids) => new Set(ids).size === ids.length, { error: m.orderInvalid }),
  })
  .strict();
export type DeskCategoryOrder = z.input<typeof deskCategoryOrder>;

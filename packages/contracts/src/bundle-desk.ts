import { z } from 'zod';
import { image } from './catalog';
import { deskFilter, deskListQuery, deskOffer, deskPage } from './catalog-desk';
import { envelope, MAX_ID } from './http';
import { mn } from './messages';

/**
 * The bundles desk of the back office (editors; docs/catalog-desk.md, "Bundles"): bundles of
 * books or of summaries listed a page at a time, made and changed (title, description, kind,
 * cover, active), their titles chosen and ordered, their price through the offers' form. A
 * bundle goes on sale (active) only with titles and a price.
 */

const m = mn.bundleDesk;

export const BUNDLE_KINDS = ['book', 'summary'] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// The list: GET /api/staff/bundles

export const BUNDLE_SORTS = ['created', 'title'] as const;

export const deskBundlesQuery = deskListQuery(BUNDLE_SORTS, {
  kind: deskFilter(BUNDLE_KINDS),
  /** on sale (`true`) or not (`false`) */
  active: deskFilter(['true', 'false']),
});
export type DeskBundlesQuery = z.input<typeof deskBundlesQuery>;

export const deskBundleRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  kind: z.enum(BUNDLE_KINDS),
  active: z.boolean(),
  items_count: z.number().int(),
  /** its offer's price in tögrög; null: none */
  price_mnt: z.number().int().nullable(),
  created_at: z.string(),
  cover: image,
});
export type DeskBundleRow = z.infer<typeof deskBundleRow>;
export const deskBundlesResponse = deskPage(deskBundleRow);

// ---------------------------------------------------------------------------------------------
// A bundle: GET, POST, PATCH /api/staff/bundles[/{id}]

const bundleFields = {
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, { error: m.titleRequired })
    .max(300, { error: m.tooLong(300) }),
  description: z.string({ error: m.tooLong(5_000) }).max(5_000, { error: m.tooLong(5_000) }),
};

/** a new bundle: not on sale until it has its titles and its price; its slug made from its title */
export const deskBundleCreate = z
  .object({
    ...bundleFields,
    description: bundleFields.description.default(''),
    kind: z.enum(BUNDLE_KINDS, { error: m.kindInvalid }),
  })
  .strict();
export type DeskBundleCreate = z.input<typeof deskBundleCreate>;

/** a patch holds only what it changes (no defaults: zod would apply them inside `.partial()`); the kind stays */
export const deskBundleUpdate = z
  .object(bundleFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: m.nothingToChange });
export type DeskBundleUpdate = z.input<typeof deskBundleUpdate>;

export const deskBundleItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** members see only the published ones on the bundle's page */
  published: z.boolean(),
});
export type DeskBundleItem = z.infer<typeof deskBundleItem>;

export const deskBundle = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(BUNDLE_KINDS),
  active: z.boolean(),
  /** its books or summaries, in the order the page shows them */
  items: z.array(deskBundleItem),
  offer: deskOffer.nullable(),
  cover: image,
  /** the page members see */
  url: z.string(),
  created_at: z.string(),
});
export type DeskBundle = z.infer<typeof deskBundle>;
export const deskBundleResponse = envelope(deskBundle);

/** PUT .../items: the bundle's titles in order (books for a book bundle, summaries for a summary bundle), each once */
export const deskBundleItemsRequest = z
  .object({
    item_ids: z
      .array(
        z
          .number({ error: m.itemInvalid })
          .int({ error: m.itemInvalid })
          .positive({ error: m.itemInvalid })
          .max(MAX_ID, { error: m.itemInvalid }),
        { error: m.itemInvalid },
      )
      .max(100, { error: m.tooManyItems(100) })
      .refine((ids) => new Set(ids).size === ids.length, { error: m.itemTwice }),
  })
  .strict();
export type DeskBundleItemsRequest = z.input<typeof deskBundleItemsRequest>;

/** POST .../active: on sale (needs its titles and a price) or not */
export const deskBundleActiveRequest = z.object({ active: z.boolean({ error: m.activeInvalid }) }).strict();
export type DeskBundleActiveRequest = z.input<typeof deskBundleActiveRequest>;

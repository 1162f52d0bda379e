import { z } from 'zod';
import { BOOK_STATUSES } from './catalog-desk';
import { image } from './catalog';
import { envelope, idParam, MAX_ID } from './http';
import { mn } from './messages';

/**
 * The collections desk of the back office (editors; docs/catalog-desk.md, "Collections"): the
 * discovery topics the home and for-you pages show as rows, their items (books, summaries,
 * podcasts) in order, and the books of the home page's hero showcase in order. The same
 * schemas check the forms and the API.
 */

const m = mn.collectionsDesk;

export const COLLECTION_ITEM_TYPES = ['book', 'summary', 'podcast'] as const;
export type CollectionItemType = (typeof COLLECTION_ITEM_TYPES)[number];

/** at most this many items in a topic, and books in the showcase */
export const TOPIC_ITEMS_MAX = 200;
export const SHOWCASE_MAX = 24;

/** an id in a JSON body */
const id = z
  .number({ error: m.idInvalid })
  .int({ error: m.idInvalid })
  .positive({ error: m.idInvalid })
  .max(MAX_ID, { error: m.idInvalid });
const itemType = z.enum(COLLECTION_ITEM_TYPES, { error: m.typeInvalid });

export const collectionIdParams = z.object({ id: idParam });
export const topicItemParams = z.object({ id: idParam, type: itemType, item_id: idParam });

// ---------------------------------------------------------------------------------------------
// Topics

const topicFields = {
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, { error: m.titleRequired })
    .max(120, { error: m.tooLong(120) }),
  description: z
    .string({ error: m.descriptionInvalid })
    .trim()
    .max(1000, { error: m.tooLong(1000) }),
  /** shown on the store's pages (false: kept here, hidden from members) */
  active: z.boolean({ error: m.activeInvalid }),
};

export const deskTopicCreate = z
  .object({
    ...topicFields,
    description: topicFields.description.default(''),
    active: topicFields.active.default(true),
  })
  .strict();
export type DeskTopicCreate = z.input<typeof deskTopicCreate>;

/** a patch holds only the fields it changes (no defaults: zod would apply them inside partial) */
export const deskTopicUpdate = z
  .object(topicFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { error: m.nothingToChange });
export type DeskTopicUpdate = z.input<typeof deskTopicUpdate>;

export const deskTopicRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  /** 1 is first on the store's pages */
  position: z.number().int(),
  items_count: z.number().int(),
  /** the store's page of the topic (members see it only when active) */
  url: z.string(),
});
export type DeskTopicRow = z.infer<typeof deskTopicRow>;
export const deskTopicsResponse = envelope(z.array(deskTopicRow));

export const deskCollectionItem = z.object({
  type: itemType,
  id: z.number().int(),
  title: z.string(),
  /** members see it (a published book or summary, a podcast with episodes); else kept, not shown */
  visible: z.boolean(),
  /** a book's or summary's status; null for a podcast */
  status: z.enum(BOOK_STATUSES).nullable(),
  cover: image.nullable(),
});
export type DeskCollectionItem = z.infer<typeof deskCollectionItem>;

export const deskTopic = deskTopicRow.extend({ items: z.array(deskCollectionItem) });
export type DeskTopic = z.infer<typeof deskTopic>;
export const deskTopicResponse = envelope(deskTopic);

/** the whole list in its new order: every topic's id once (else 409: it changed meanwhile) */
export const deskTopicOrder = z
  .object({
    ids: z
      .array(id)
      .min(1, { error: m.orderInvalid })
      .max(500, { error: m.orderInvalid })
      .refine((ids) => new Set(ids).size === ids.length, { error: m.orderInvalid }),
  })
  .strict();
export type DeskTopicOrder = z.input<typeof deskTopicOrder>;

const itemKey = z.object({ type: itemType, id }).strict();

export const deskTopicItemAdd = itemKey;
export type DeskTopicItemAdd = z.input<typeof deskTopicItemAdd>;

/** the topic's items in their new order: every item once (else 409: it changed meanwhile) */
export const deskTopicItemsOrder = z
  .object({
    items: z
      .array(itemKey)
      .min(1, { error: m.orderInvalid })
      .max(TOPIC_ITEMS_MAX, { error: m.orderInvalid })
      .refine((items) => new Set(items.map((i) => `${i.type}:${i.id}`)).size === items.length, {
        error: m.orderInvalid,
      }),
  })
  .strict();
export type DeskTopicItemsOrder = z.input<typeof deskTopicItemsOrder>;

// ---------------------------------------------------------------------------------------------
// The showcase

export const deskShowcaseItem = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(BOOK_STATUSES),
  /** 1 is first in the hero */
  position: z.number().int(),
  cover: image,
});
export type DeskShowcaseItem = z.infer<typeof deskShowcaseItem>;
export const deskShowcaseResponse = envelope(z.array(deskShowcaseItem));

export const deskShowcaseAdd = z.object({ book_id: id }).strict();
export type DeskShowcaseAdd = z.input<typeof deskShowcaseAdd>;

export const deskShowcaseOrder = deskTopicOrder;
export type DeskShowcaseOrder = z.input<typeof deskShowcaseOrder>;

// ---------------------------------------------------------------------------------------------
// Podcasts to choose from (books and summaries are found with the catalogue desk's lists)

export const deskPodcastsQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(200, { error: m.tooLong(200) })
      .optional(),
  })
  .strict();
export const deskPodcastsResponse = envelope(z.array(z.object({ id: z.number().int(), name: z.string() })));

import { sql, type SQL } from 'drizzle-orm';
import { integer, json, pgView, text } from 'drizzle-orm/pg-core';
import { qualified } from '../../sql';
import type { commerceOffer } from '../commerce';

type OfferRow = typeof commerceOffer.$inferSelect;

/** What a card or a page needs to show one way to get an item: the terms of one offer. */
export type OfferTerms = Pick<
  OfferRow,
  | 'itemId'
  | 'format'
  | 'priceMnt'
  | 'originalPriceMnt'
  | 'creditPrice'
  | 'rentalPriceMnt'
  | 'rentalDays'
  | 'subscriptionScopes'
>;

/**
 * The commerce module's published read model (migration 0014): the terms of every offer on
 * sale now, one row per item and format. Other modules read offers only through this view,
 * never the commerce tables; commerce may change its tables as long as the view stays.
 */
export const commerceOfferTerms = pgView('commerce_offer_terms', {
  itemType: text('item_type', { enum: ['book', 'summary', 'bundle'] }).notNull(),
  itemId: integer('item_id').notNull(),
  format: text('format', { enum: ['audiobook', 'ebook', 'summary', 'bundle'] }).notNull(),
  terms: json('terms').$type<OfferTerms>().notNull(),
}).existing();

/**
 * The current offers of the `itemType` item whose id is `itemId` (an expression of another
 * statement), as one JSON column: a module that reads an item anyway (a card, a book's page)
 * gets its offers in the same round trip.
 */
export function offersOf(itemType: OfferRow['itemType'], itemId: SQL): SQL<OfferTerms[]> {
  const v = commerceOfferTerms;
  return sql<OfferTerms[]>`(
    select coalesce(json_agg(${qualified(v.terms)} order by ${qualified(v.format)}), '[]')
      from ${v} where ${qualified(v.itemType)} = ${itemType} and ${qualified(v.itemId)} = ${itemId})`;
}

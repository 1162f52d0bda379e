import { integer, json, pgView } from 'drizzle-orm/pg-core';
import type { catalogBook, CardPerson } from '../catalog';
import type { OfferTerms } from './commerce';

type Book = typeof catalogBook.$inferSelect;

/** A published book as a card shows it (the keys of the catalogue's own card queries). */
export interface BookCardRow {
  id: number;
  slug: string;
  kind: Book['kind'];
  title: string;
  shortDescription: string;
  likesCount: number;
  coverKey: string | null;
  coverColor: string;
  ratingAvg: number;
  durationSeconds: number | null;
  pages: number | null;
  authors: CardPerson[];
  offers: OfferTerms[];
}

/** A published summary as a card shows it. */
export interface SummaryCardRow {
  id: number;
  slug: string;
  title: string;
  coverKey: string | null;
  coverColor: string;
  readingMinutes: number;
  authors: CardPerson[];
  offers: OfferTerms[];
}

/**
 * The catalogue module's published read models (migration 0014): the card of every published
 * book and summary, as one JSON object each. A module that finds books anyway (search) reads
 * their cards in the same statement from here, never from the catalogue's tables.
 */
export const catalogBookCard = pgView('catalog_book_card', {
  id: integer('id').notNull(),
  card: json('card').$type<BookCardRow>().notNull(),
}).existing();

export const catalogSummaryCard = pgView('catalog_summary_card', {
  id: integer('id').notNull(),
  card: json('card').$type<SummaryCardRow>().notNull(),
}).existing();

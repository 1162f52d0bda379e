import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Commerce domain: what is for sale and on which terms, and the codes that give things away. */

export const commerceBundle = pgTable(
  'commerce_bundle',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['book', 'summary'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverKey: text('cover_key'),
    coverColor: text('cover_color').notNull().default('#d9e4ff'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commerce_bundle_slug_uq').on(t.slug)],
);

/** Items of a bundle: book ids for 'book' bundles, summary ids for 'summary' bundles. */
export const commerceBundleItem = pgTable(
  'commerce_bundle_item',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => commerceBundle.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.itemId] }), index('commerce_bundle_item_item_idx').on(t.itemId)],
);

/**
 * A way to get one format of one item: buy (MNT), unlock with credits, rent for some days, or
 * read/listen under a subscription whose scope is listed. At most one active offer per
 * item and format.
 */
export const commerceOffer = pgTable(
  'commerce_offer',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    itemType: text('item_type', { enum: ['book', 'summary', 'bundle'] }).notNull(),
    itemId: integer('item_id').notNull(),
    format: text('format', { enum: ['audiobook', 'ebook', 'summary', 'bundle'] }).notNull(),
    priceMnt: integer('price_mnt'),
    originalPriceMnt: integer('original_price_mnt'),
    creditPrice: integer('credit_price'),
    rentalPriceMnt: integer('rental_price_mnt'),
    rentalDays: smallint('rental_days'),
    subscriptionScopes: text('subscription_scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('commerce_offer_item_format_uq')
      .on(t.itemType, t.itemId, t.format)
      .where(sql`${t.active}`),
    check('commerce_offer_price_ck', sql`${t.priceMnt} is null or ${t.priceMnt} >= 0`),
    check('commerce_offer_credit_ck', sql`${t.creditPrice} is null or ${t.creditPrice} > 0`),
    check(
      'commerce_offer_rental_ck',
      sql`(${t.rentalPriceMnt} is null) = (${t.rentalDays} is null) and (${t.rentalDays} is null or ${t.rentalDays} > 0)`,
    ),
  ],
);

export const commerceCreditPack = pgTable(
  'commerce_credit_pack',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    credits: integer('credits').notNull(),
    bonusCredits: integer('bonus_credits').notNull().default(0),
    priceMnt: integer('price_mnt').notNull(),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('commerce_credit_pack_code_uq').on(t.code),
    check('commerce_credit_pack_ck', sql`${t.credits} > 0 and ${t.priceMnt} > 0`),
  ],
);

/**
 * A code a member redeems (`POST /v5/coupon/redeem`): a campaign's promo code or a gift card
 * someone bought. What it gives is `benefit` (credits, a title, subscription days, a discount on a plan's
 * first period). It can be
 * redeemed `max_redemptions` times in all (null: no limit), once per member, inside its dates;
 * `redeemed_count` is raised under a condition, so a limit holds exactly under any concurrency.
 */
export const commerceCode = pgTable(
  'commerce_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** upper case, unambiguous letters and digits */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['promo', 'gift'] }).notNull(),
    /** what the member sees: the campaign's or the gift's name */
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    benefit: jsonb('benefit').notNull(),
    maxRedemptions: integer('max_redemptions'),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** a campaign shown on /promo with its countdown */
    public: boolean('public').notNull().default(false),
    /** a gift card: who bought it, for whom (a phone or an e-mail), with which invoice */
    senderUserId: integer('sender_user_id'),
    recipient: text('recipient'),
    message: text('message'),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commerce_code_code_uq').on(t.code),
    uniqueIndex('commerce_code_source_uq').on(t.source),
    index('commerce_code_sender_idx').on(t.senderUserId),
    check(
      'commerce_code_count_ck',
      sql`${t.redeemedCount} >= 0 and (${t.maxRedemptions} is null or ${t.redeemedCount} <= ${t.maxRedemptions})`,
    ),
  ],
);

/** Who redeemed which code, once per member, and for what. */
export const commerceCodeRedemption = pgTable(
  'commerce_code_redemption',
  {
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => commerceCode.id),
    userId: integer('user_id').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * what a plan discount was taken for (`subscription:<public id>`): while that subscription is
     * still unpaid, the member may take the discount again for another attempt
     */
    usedFor: text('used_for'),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.userId] }), index('commerce_code_redemption_user_idx').on(t.userId)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Billing domain: subscription plans as data. Invoices, payments and subscriptions come later. */

export const billingPlan = pgTable(
  'billing_plan',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scope: text('scope', { enum: ['audio', 'ebook', 'summary', 'credit'] }).notNull(),
    periodMonths: smallint('period_months').notNull(),
    priceMnt: integer('price_mnt').notNull(),
    originalPriceMnt: integer('original_price_mnt'),
    creditsPerPeriod: integer('credits_per_period').notNull().default(0),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('billing_plan_code_uq').on(t.code),
    check('billing_plan_ck', sql`${t.periodMonths} > 0 and ${t.priceMnt} > 0`),
  ],
);

import type { ModuleDb } from '@nomsan/db/client';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/billing';
import {
  billingInvoice,
  billingInvoiceLine,
  billingPayment,
  billingReceipt,
  billingRefund,
  billingSavedCard,
} from '@nomsan/db/schema/billing';

/** The database as this module sees it: its own tables only. */
export type BillingDb = ModuleDb<typeof schema>;

export type InvoiceRow = typeof billingInvoice.$inferSelect;
export type InvoiceLineRow = typeof billingInvoiceLine.$inferSelect;
export type PaymentRow = typeof billingPayment.$inferSelect;
export type SavedCardRow = typeof billingSavedCard.$inferSelect;
export type ReceiptRow = typeof billingReceipt.$inferSelect;
export type InvoiceStatus = InvoiceRow['status'];
export type RefundRow = typeof billingRefund.$inferSelect;

/**
 * The advisory lock's first key for a buyer's purchases (the second is the member's id): what a
 * member holds or has pending is read and written under it, by the sale and by the settlement.
 */
const BUYER_LOCK = 0x4e4d_0001;

/** Billing queries. Only this file touches the billing tables. */
export function billingRepository(db: BillingDb) {
  return {
    /**
     * Takes the member's purchase lock until the transaction ends: two purchases (or a purchase
     * and a settlement) of one member run one after the other, so what one writes the other reads.
     */
    async lockBuyer(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${BUYER_LOCK}::int, ${userId}::int)`);
    },

    /**
     * The member's invoices still to pay (pending, not expired) with a line selling this item in
     * this format, and with `paidSince` those of it paid since then (a gift sent moments ago);
     * newest first, each with that line.
     */
    async openInvoicesOf(
      userId: number,
      line: { itemType: InvoiceLineRow['itemType']; itemId: number; format: string | null },
      now: Date,
      paidSince?: Date,
    ): Promise<{ invoice: InvoiceRow; line: InvoiceLineRow }[]> {
      return db
        .select({ invoice: billingInvoice, line: billingInvoiceLine })
        .from(billingInvoice)
        .innerJoin(billingInvoiceLine, eq(billingInvoiceLine.invoiceId, billingInvoice.id))
        .where(
          and(
            eq(billingInvoice.userId, userId),
            or(
              and(eq(billingInvoice.status, 'pending'), gt(billingInvoice.expiresAt, now)),
              paidSince ? and(eq(billingInvoice.status, 'paid'), gt(billingInvoice.paidAt, paidSince)) : undefined,
            ),
            eq(billingInvoiceLine.itemType, line.itemType),
            eq(billingInvoiceLine.itemId, line.itemId),
            line.format === null ? isNull(billingInvoiceLine.format) : eq(billingInvoiceLine.format, line.format),
          ),
        )
        .orderBy(desc(billingInvoice.id))
        .limit(20);
    },

    invoicesByIds(ids: number[]): Promise<InvoiceRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(billingInvoice).where(inArray(billingInvoice.id, ids));
    },

    async insertInvoice(
      invoice: typeof billingInvoice.$inferInsert,
      lines: Omit<typeof billingInvoiceLine.$inferInsert, 'invoiceId'>[],
    ): Promise<InvoiceRow> {
      const [row] = await db.insert(billingInvoice).values(invoice).returning();
      await db.insert(billingInvoiceLine).values(lines.map((line) => ({ ...line, invoiceId: row!.id })));
      return row!;
    },

    async invoiceByPublicId(publicId: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(billingInvoice).where(eq(billingInvoice.publicId, publicId));
      return row;
    },

    async invoiceById(id: number, lock = false): Promise<InvoiceRow | undefined> {
      const query = db.select().from(billingInvoice).where(eq(billingInvoice.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    linesOf(invoiceIds: number[]): Promise<InvoiceLineRow[]> {
      if (invoiceIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(billingInvoiceLine)
        .where(inArray(billingInvoiceLine.invoiceId, invoiceIds))
        .orderBy(asc(billingInvoiceLine.id));
    },

    async invoicesOf(userId: number, page: number, perPage: number): Promise<{ rows: InvoiceRow[]; total: number }> {
      const where = eq(billingInvoice.userId, userId);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(billingInvoice)
          .where(where)
          .orderBy(desc(billingInvoice.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(billingInvoice)
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** moves an invoice on from one of `from`; false when it was in none of them */
    async setInvoiceStatus(id: number, from: InvoiceStatus[], to: InvoiceStatus, at: Date): Promise<boolean> {
      const rows = await db
        .update(billingInvoice)
        .set({
          status: to,
          updatedAt: at,
          ...(to === 'paid' ? { paidAt: at } : {}),
          ...(to === 'refunded' ? { refundedAt: at } : {}),
        })
        .where(and(eq(billingInvoice.id, id), inArray(billingInvoice.status, from)))
        .returning({ id: billingInvoice.id });
      return rows.length > 0;
    },

    /** pending invoices whose time is up */
    overdueInvoices(now: Date, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(billingInvoice)
        .where(and(eq(billingInvoice.status, 'pending'), lt(billingInvoice.expiresAt, now)))
        .orderBy(asc(billingInvoice.expiresAt))
        .limit(limit);
    },

    async insertPayment(payment: typeof billingPayment.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(billingPayment).values(payment).returning();
      return row!;
    },

    async paymentByPublicId(publicId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(billingPayment).where(eq(billingPayment.publicId, publicId));
      return row;
    },

    async paymentByReference(reference: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(billingPayment).where(eq(billingPayment.reference, reference));
      return row;
    },

    async paymentById(id: number, lock = false): Promise<PaymentRow | undefined> {
      const query = db.select().from(billingPayment).where(eq(billingPayment.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async paymentByIdempotencyKey(userId: number, key: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(billingPayment)
        .where(and(eq(billingPayment.userId, userId), eq(billingPayment.idempotencyKey, key)));
      return row;
    },

    paymentsOf(invoiceIds: number[]): Promise<PaymentRow[]> {
      if (invoiceIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(billingPayment)
        .where(inArray(billingPayment.invoiceId, invoiceIds))
        .orderBy(asc(billingPayment.id));
    },

    async updatePayment(id: number, changes: Partial<typeof billingPayment.$inferInsert>): Promise<void> {
      await db
        .update(billingPayment)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(billingPayment.id, id));
    },

    /** pending attempts made between `from` and `to` ago: what reconciliation asks the rails about */
    pendingPayments(createdAfter: Date, createdBefore: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(billingPayment)
        .where(
          and(
            eq(billingPayment.status, 'pending'),
            sql`${billingPayment.createdAt} > ${createdAfter}`,
            lt(billingPayment.createdAt, createdBefore),
            or(isNull(billingPayment.nextCheckAt), lte(billingPayment.nextCheckAt, createdBefore)),
          ),
        )
        .orderBy(asc(billingPayment.id))
        .limit(limit);
    },

    /**
     * Keeps a card the rail saved: the member's row for the same card (its fingerprint) is
     * updated with the new token; otherwise a row is made (or a removed one with the token is
     * brought back).
     */
    async saveCard(card: typeof billingSavedCard.$inferInsert, at: Date): Promise<SavedCardRow> {
      const fresh = {
        token: card.token,
        maskedNumber: card.maskedNumber,
        brand: card.brand,
        expiry: card.expiry,
        lastUsedAt: at,
      };
      const [same] = await db
        .update(billingSavedCard)
        .set(fresh)
        .where(
          and(
            eq(billingSavedCard.userId, card.userId),
            eq(billingSavedCard.fingerprint, card.fingerprint),
            isNull(billingSavedCard.removedAt),
          ),
        )
        .returning();
      if (same) return same;
      const [row] = await db
        .insert(billingSavedCard)
        .values({ ...card, lastUsedAt: at })
        .onConflictDoUpdate({
          target: [billingSavedCard.rail, billingSavedCard.token],
          set: { ...fresh, removedAt: null, fingerprint: card.fingerprint },
        })
        .returning();
      return row!;
    },

    async cardUsed(id: number, at: Date): Promise<void> {
      await db.update(billingSavedCard).set({ lastUsedAt: at }).where(eq(billingSavedCard.id, id));
    },

    async reopenInvoice(id: number, expiresAt: Date): Promise<void> {
      await db
        .update(billingInvoice)
        .set({ status: 'pending', expiresAt, updatedAt: sql`now()` })
        .where(eq(billingInvoice.id, id));
    },

    async cardById(id: number): Promise<SavedCardRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSavedCard)
        .where(and(eq(billingSavedCard.id, id), isNull(billingSavedCard.removedAt)));
      return row;
    },

    cardsOf(userId: number): Promise<SavedCardRow[]> {
      return db
        .select()
        .from(billingSavedCard)
        .where(and(eq(billingSavedCard.userId, userId), isNull(billingSavedCard.removedAt)))
        .orderBy(desc(billingSavedCard.lastUsedAt), desc(billingSavedCard.id));
    },

    async cardOf(userId: number, publicId: string): Promise<SavedCardRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSavedCard)
        .where(
          and(
            eq(billingSavedCard.userId, userId),
            eq(billingSavedCard.publicId, publicId),
            isNull(billingSavedCard.removedAt),
          ),
        );
      return row;
    },

    async removeCard(userId: number, publicId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(billingSavedCard)
        .set({ removedAt: at })
        .where(
          and(
            eq(billingSavedCard.userId, userId),
            eq(billingSavedCard.publicId, publicId),
            isNull(billingSavedCard.removedAt),
          ),
        )
        .returning({ id: billingSavedCard.id });
      return rows.length > 0;
    },

    async insertReceipt(receipt: typeof billingReceipt.$inferInsert): Promise<void> {
      await db.insert(billingReceipt).values(receipt).onConflictDoNothing();
    },

    receiptsOf(invoiceIds: number[]): Promise<ReceiptRow[]> {
      if (invoiceIds.length === 0) return Promise.resolve([]);
      return db.select().from(billingReceipt).where(inArray(billingReceipt.invoiceId, invoiceIds));
    },

    async voidReceipt(invoiceId: number, at: Date): Promise<void> {
      await db.update(billingReceipt).set({ voidedAt: at }).where(eq(billingReceipt.invoiceId, invoiceId));
    },

    /** a refund of a capture, made once (a second request for the same capture answers the first) */
    async insertRefund(refund: typeof billingRefund.$inferInsert): Promise<RefundRow> {
      const [row] = await db.insert(billingRefund).values(refund).onConflictDoNothing().returning();
      if (row) return row;
      const [existing] = await db.select().from(billingRefund).where(eq(billingRefund.paymentId, refund.paymentId));
      return existing!;
    },

    async refundById(id: number, lock = false): Promise<RefundRow | undefined> {
      const query = db.select().from(billingRefund).where(eq(billingRefund.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async refundByPublicId(publicId: string): Promise<RefundRow | undefined> {
      const [row] = await db.select().from(billingRefund).where(eq(billingRefund.publicId, publicId));
      return row;
    },

    async updateRefund(id: number, changes: Partial<typeof billingRefund.$inferInsert>): Promise<void> {
      await db
        .update(billingRefund)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(billingRefund.id, id));
    },

    /** refunds newest first, optionally of one status, or of some invoices */
    refunds(filter: { status?: RefundRow['status']; invoiceIds?: number[] }, limit: number): Promise<RefundRow[]> {
      return db
        .select()
        .from(billingRefund)
        .where(
          and(
            filter.status ? eq(billingRefund.status, filter.status) : undefined,
            filter.invoiceIds ? inArray(billingRefund.invoiceId, filter.invoiceIds) : undefined,
          ),
        )
        .orderBy(desc(billingRefund.id))
        .limit(limit);
    },
  };
}

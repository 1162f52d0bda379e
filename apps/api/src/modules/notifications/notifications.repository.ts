import type { ModuleDb } from '@nomsan/db/client';
import { and, count, desc, eq, isNull, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/notifications';
import { notificationsItem } from '@nomsan/db/schema/notifications';

/** The database as this module sees it: its own table only. */
export type NotificationsDb = ModuleDb<typeof schema>;

export type NotificationRow = typeof notificationsItem.$inferSelect;
export type NewNotificationRow = Pick<
  NotificationRow,
  'userId' | 'kind' | 'title' | 'body' | 'link' | 'dedupeKey' | 'createdAt'
>;

/** what the member still has in their list */
const listed = (userId: number) => and(eq(notificationsItem.userId, userId), isNull(notificationsItem.deletedAt));
/** in the list and not seen yet: what the bell counts */
const unseen = (userId: number) => and(listed(userId), isNull(notificationsItem.seenAt));

/** Notification queries. Only this file touches the notifications table. */
export function notificationsRepository(db: NotificationsDb) {
  return {
    /** the row written, or undefined when the member already has one with its dedupe key */
    async insert(row: NewNotificationRow): Promise<NotificationRow | undefined> {
      // the only unique key besides the id is (user_id, dedupe_key): a conflict is a cause told already
      const [written] = await db.insert(notificationsItem).values(row).onConflictDoNothing().returning();
      return written;
    },

    byId: async (id: number): Promise<NotificationRow | undefined> =>
      (await db.select().from(notificationsItem).where(eq(notificationsItem.id, id)))[0],

    async countUnseen(userId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notificationsItem).where(unseen(userId));
      return row?.n ?? 0;
    },

    async page(userId: number, offset: number, limit: number): Promise<{ rows: NotificationRow[]; total: number }> {
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(notificationsItem)
          .where(listed(userId))
          .orderBy(desc(notificationsItem.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(notificationsItem).where(listed(userId)),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    async markAllSeen(userId: number, at: Date): Promise<void> {
      await db.update(notificationsItem).set({ seenAt: at }).where(unseen(userId));
    },

    /** marks one of the member's own notifications deleted (again: no change); false when they have no such one */
    async markDeleted(userId: number, id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(notificationsItem)
        .set({ deletedAt: sql`coalesce(${notificationsItem.deletedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(notificationsItem.id, id), eq(notificationsItem.userId, userId)))
        .returning({ id: notificationsItem.id });
      return rows.length > 0;
    },
  };
}

import type { ModuleDb } from '@nomsan/db/client';
import { and, desc, eq, isNotNull, isNull, lt, or } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/uploads';
import { uploadsFile } from '@nomsan/db/schema/uploads';

export type UploadsDb = ModuleDb<typeof schema>;
export type UploadRow = typeof uploadsFile.$inferSelect;

/** The uploads' records. Only this file touches the uploads table. */
export function uploadsRepository(db: UploadsDb) {
  return {
    async insert(row: typeof uploadsFile.$inferInsert): Promise<void> {
      await db.insert(uploadsFile).values(row);
    },
    byId: async (id: string): Promise<UploadRow | undefined> =>
      (await db.select().from(uploadsFile).where(eq(uploadsFile.id, id)))[0],
    async finish(id: string, sniffedType: string, at: Date): Promise<void> {
      await db.update(uploadsFile).set({ sniffedType, finishedAt: at }).where(eq(uploadsFile.id, id));
    },
    /** takes a finished upload once: false when it was taken already */
    async take(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(uploadsFile)
        .set({ takenAt: at })
        .where(and(eq(uploadsFile.id, id), isNotNull(uploadsFile.finishedAt), isNull(uploadsFile.takenAt)))
        .returning({ id: uploadsFile.id });
      return rows.length > 0;
    },
    async remove(id: string): Promise<void> {
      await db.delete(uploadsFile).where(eq(uploadsFile.id, id));
    },
    recent: (staffId: number, limit: number) =>
      db
        .select()
        .from(uploadsFile)
        .where(eq(uploadsFile.staffId, staffId))
        .orderBy(desc(uploadsFile.createdAt))
        .limit(limit),
    /** uploads taken, or never finished, before `before` (their bytes can go) */
    stale: (before: Date) =>
      db
        .select({ id: uploadsFile.id })
        .from(uploadsFile)
        .where(
          or(
            and(isNotNull(uploadsFile.takenAt), lt(uploadsFile.takenAt, before)),
            and(isNull(uploadsFile.finishedAt), lt(uploadsFile.createdAt, before)),
          ),
        ),
  };
}

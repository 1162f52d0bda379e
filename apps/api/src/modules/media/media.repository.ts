import type { ModuleDb } from '@nomsan/db/client';
import { and, eq, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/media';
import { mediaAsset, mediaIngest, mediaKey } from '@nomsan/db/schema/media';

/** The database as this module sees it: its own tables only. */
export type MediaDb = ModuleDb<typeof schema>;
export type AssetRow = typeof mediaAsset.$inferSelect;
export type KeyRow = typeof mediaKey.$inferSelect;
export type IngestRow = typeof mediaIngest.$inferSelect;
export type MediaItemType = AssetRow['itemType'];

const assetOf = (type: MediaItemType, id: number) => and(eq(mediaAsset.itemType, type), eq(mediaAsset.itemId, id));

/** Media queries. Only this file touches the media tables. */
export function mediaRepository(db: MediaDb) {
  return {
    async asset(type: MediaItemType, id: number): Promise<AssetRow | undefined> {
      const [row] = await db.select().from(mediaAsset).where(assetOf(type, id));
      return row;
    },

    /**
     * Marks a title queued for packaging from `source`, unless it is queued, packaging or ready
     * from that source already (and not stuck since `staleBefore`); true when this call queued it.
     */
    async queue(type: MediaItemType, id: number, source: string, at: Date, staleBefore: Date): Promise<boolean> {
      const rows = await db
        .insert(mediaAsset)
        .values({ itemType: type, itemId: id, source, status: 'queued', updatedAt: at })
        .onConflictDoUpdate({
          target: [mediaAsset.itemType, mediaAsset.itemId],
          set: { source, status: 'queued', progress: 0, error: null, updatedAt: at },
          // failed, from another source, or stuck (a worker died mid-way): queued again
          setWhere: sql`${mediaAsset.status} = 'failed' or ${mediaAsset.source} <> excluded.source
            or (${mediaAsset.status} in ('queued', 'packaging') and ${mediaAsset.updatedAt} < ${staleBefore})`,
        })
        .returning({ id: mediaAsset.itemId });
      return rows.length > 0;
    },

    async update(type: MediaItemType, id: number, patch: Partial<Omit<AssetRow, 'itemType' | 'itemId'>>) {
      await db.update(mediaAsset).set(patch).where(assetOf(type, id));
    },

    async key(type: MediaItemType, id: number): Promise<KeyRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaKey)
        .where(and(eq(mediaKey.itemType, type), eq(mediaKey.itemId, id)));
      return row;
    },

    /** keeps the title's key; a key kept already (another worker's) wins and is returned */
    async keepKey(row: Omit<KeyRow, 'createdAt'>): Promise<KeyRow> {
      await db.insert(mediaKey).values(row).onConflictDoNothing();
      const [kept] = await db
        .select()
        .from(mediaKey)
        .where(and(eq(mediaKey.itemType, row.itemType), eq(mediaKey.itemId, row.itemId)));
      return kept!;
    },

    // a recording on its way in (audio-intake.service.ts)

    ingest: async (type: MediaItemType, id: number): Promise<IngestRow | undefined> =>
      (
        await db
          .select()
          .from(mediaIngest)
          .where(and(eq(mediaIngest.itemType, type), eq(mediaIngest.itemId, id)))
      )[0],

    async startIngest(type: MediaItemType, id: number, files: string[], at: Date): Promise<void> {
      const row = { status: 'queued' as const, progress: 0, files, error: null, updatedAt: at };
      await db
        .insert(mediaIngest)
        .values({ itemType: type, itemId: id, ...row })
        .onConflictDoUpdate({ target: [mediaIngest.itemType, mediaIngest.itemId], set: row });
    },

    async updateIngest(type: MediaItemType, id: number, patch: Partial<Omit<IngestRow, 'itemType' | 'itemId'>>) {
      await db
        .update(mediaIngest)
        .set(patch)
        .where(and(eq(mediaIngest.itemType, type), eq(mediaIngest.itemId, id)));
    },
  };
}

import type { ModuleDb } from '@nomsan/db/client';
import { eq, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/catalog';
import { catalogBook } from '@nomsan/db/schema/catalog';

export type CatalogDb = ModuleDb<typeof schema>;

export interface BookChanges {
  title?: string;
  subtitle?: string | null;
  description?: string;
  shortDescription?: string;
}

/** The catalogue's writes (the back office's, and scripts'); reads live in catalog.repository.ts. */
export function catalogEditsRepository(db: CatalogDb) {
  return {
    /** the book's id and kind after the change; null when there is no such book */
    async updateBook(id: number, changes: BookChanges) {
      const [row] = await db
        .update(catalogBook)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(catalogBook.id, id))
        .returning({ id: catalogBook.id, kind: catalogBook.kind });
      return row ?? null;
    },

    /** the book's likes count after adding `delta` (never below 0); null when there is no such book */
    async addLikes(id: number, delta: number): Promise<number | null> {
      const [row] = await db
        .update(catalogBook)
        .set({ likesCount: sql`greatest(${catalogBook.likesCount} + ${delta}, 0)` })
        .where(eq(catalogBook.id, id))
        .returning({ likesCount: catalogBook.likesCount });
      return row?.likesCount ?? null;
    },
  };
}

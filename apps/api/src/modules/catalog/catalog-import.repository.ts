import type { ModuleDb } from '@nomsan/db/client';
import { and, eq, sql } from '@nomsan/db/orm';
import type * as schema from '@nomsan/db/schema/catalog';
import { catalogImportRecord } from '@nomsan/db/schema/catalog';

/** Where imported titles came from: the ONIX sender's record references (docs/catalog-desk.md). */
export function catalogImportRepository(db: ModuleDb<typeof schema>) {
  return {
    /** the records of `source` among `references`, with the title each one is */
    records: (source: string, references: string[]) =>
      references.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(catalogImportRecord)
            .where(
              and(
                eq(catalogImportRecord.source, source),
                sql`${catalogImportRecord.recordReference} = any(${sql.param(references)}::text[])`,
              ),
            ),

    /** new records; a reference another import took meanwhile is a unique violation (the caller's conflict) */
    async insert(rows: (typeof catalogImportRecord.$inferInsert)[]) {
      for (let at = 0; at < rows.length; at += 1000)
        await db.insert(catalogImportRecord).values(rows.slice(at, at + 1000));
    },
  };
}

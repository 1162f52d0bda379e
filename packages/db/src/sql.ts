import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`. Drizzle writes columns without their table in a single-table select, so a
 * correlated subquery's `${outer.id}` would silently bind to the subquery's own `id` column;
 * every outer reference in a subquery goes through this.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

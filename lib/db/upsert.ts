import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert that takes these columns from the row the conflict refused
 * (`excluded.<column>`), named by their schema keys so a renamed column cannot be missed.
 */
export function fromExcluded<Table extends PgTable, Key extends keyof Table['_']['columns'] & string>(
  table: Table,
  keys: readonly Key[],
): Record<Key, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded.${(columns[key] as { name: string }).name}`)]),
  ) as Record<Key, SQL>;
}

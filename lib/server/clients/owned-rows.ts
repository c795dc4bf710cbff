import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '../../db';

/** A table of our own whose rows each belong to one client (its `connection`). */
type ClientRows = PgTable & { id: AnyPgColumn; connection: AnyPgColumn };

/**
 * Deletes the row with this id when it belongs to one of these clients and returns it; another
 * client's row is left alone and answered as absent (spec: rule 2, all data scoped to the client).
 */
export async function deleteClientRow<T extends ClientRows>(
  table: T,
  id: string,
  connections: readonly string[],
): Promise<T['$inferSelect'] | undefined> {
  const db = await getDb();
  const [row] = await db
    .delete(table)
    .where(and(eq(table.id, id), inArray(table.connection, [...connections])))
    .returning();
  return row as T['$inferSelect'] | undefined;
}

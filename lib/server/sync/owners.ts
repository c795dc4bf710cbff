import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../../db';
import { syncEvent } from '../../db/schema';

/**
 * Whose renewals and patents the copy holds: the client (connection) each row was read with, since
 * a key sees only its own client's data (spec: Authentication 1 and rule 2). Callers decide what a
 * row of another client means for them (a 404, a draft refused); these reads only say where the
 * copy holds what.
 */

/** Which clients' copies hold each of these renewals, whatever the caller's clients. */
export async function copiedEventOwners(
  eventIds: readonly string[],
): Promise<{ eventId: string; patentId: string; connection: string }[]> {
  if (eventIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({ eventId: syncEvent.eventId, patentId: syncEvent.patentId, connection: syncEvent.connection })
    .from(syncEvent)
    .where(inArray(syncEvent.eventId, [...eventIds]));
}

/** One of `connections` whose copy holds a renewal of this patent; null when none does. */
export async function copiedPatentOwner(
  patentId: string,
  connections: readonly string[],
): Promise<string | null> {
  if (connections.length === 0) return null;
  const db = await getDb();
  const [event] = await db
    .select({ connection: syncEvent.connection })
    .from(syncEvent)
    .where(and(inArray(syncEvent.connection, [...connections]), eq(syncEvent.patentId, patentId)))
    .limit(1);
  return event?.connection ?? null;
}

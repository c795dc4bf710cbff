import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { portfolioPatent } from '../../db/schema';
import { activeConnectionIds } from '../connection/clients';
import { NotFoundError } from '../errors/not-found';
import { copiedEventOwners, copiedPatentOwner } from '../sync/owners';
import { currentGenerations, inGenerations } from './snapshot';

/**
 * Whose patent or renewal a request names by id (spec: Authentication 1, a key is one client's;
 * rule 2, all data is scoped to the client). The record's client is found in our copy, among the
 * request's clients only: the portfolio snapshots of their connections, then their synced events.
 * A record none of them holds is not found (404, worded as one that does not exist) and is asked
 * of the service with no key; it is never tried with one key after another. Only a console of a
 * single client asks its one key about a patent the copy does not hold yet, as it always did.
 */

/** The client connection of a patent among `connections`; NotFoundError when none holds it. */
export async function patentConnection(patentId: string, connections: readonly string[]): Promise<string> {
  if (connections.length === 0) throw new NotFoundError('patent');
  const db = await getDb();
  const generations = await currentGenerations(connections);
  if (generations.size > 0) {
    const [held] = await db
      .select({ generation: portfolioPatent.generation })
      .from(portfolioPatent)
      .where(and(inGenerations(generations.keys()), eq(portfolioPatent.id, patentId)))
      .limit(1);
    const connection = held && generations.get(held.generation);
    if (connection) return connection;
  }
  const copied = await copiedPatentOwner(patentId, connections);
  if (copied) return copied;
  const only = await onlyClient(connections);
  if (only) return only;
  throw new NotFoundError('patent');
}

/**
 * The client connection of a patent's event among `connections`: the synced event's, else its
 * patent's (the service answers a patent's events to its own client's key only).
 */
export async function eventConnection(
  patentId: string,
  eventId: string,
  connections: readonly string[],
): Promise<string> {
  if (connections.length === 0) throw new NotFoundError('event');
  const event = (await copiedEventOwners([eventId])).find((row) => connections.includes(row.connection));
  if (event) {
    if (event.patentId !== patentId) throw new NotFoundError('event');
    return event.connection;
  }
  return patentConnection(patentId, connections);
}

/**
 * Refuses, as not found, renewals the copy holds for other clients only: a list of event ids sent
 * by a page (a family's countries to drop) names the request's clients' renewals. Ids no copy holds
 * pass: the caller counts them as not read.
 */
export async function assertEventsInScope(
  eventIds: readonly string[],
  connections: readonly string[],
): Promise<void> {
  if (eventIds.length === 0) return;
  const rows = await copiedEventOwners(eventIds);
  const inScope = new Set(
    rows.filter((row) => connections.includes(row.connection)).map((row) => row.eventId),
  );
  if (rows.some((row) => !inScope.has(row.eventId))) throw new NotFoundError('event');
}

/** The one connection of a console that has a single active client, when it is in `connections`. */
async function onlyClient(connections: readonly string[]): Promise<string | null> {
  const active = await activeConnectionIds();
  const [only] = active;
  return active.length === 1 && only && connections.includes(only) ? only : null;
}

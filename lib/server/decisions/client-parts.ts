import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '../../db';
import { portfolioPatent, portfolioSnapshot } from '../../db/schema';
import type { DraftEntry } from '../../decisions/draft';
import { patentName } from '../../portfolio/patent-name';
import { type ClientScope, clientNameOf } from '../clients/scope';
import { copiedEventOwners } from '../sync/owners';
import { DecisionInputError } from './errors';

/**
 * Which client each decision of a draft belongs to, read from the copy (the renewal's connection),
 * within the sender's clients (spec: Authentication 1, a key is one client's; rule 2). A renewal
 * the copy does not place in one of the sender's clients is refused: it is never sent with a key
 * chosen by guess.
 */
export async function entriesByClient(
  entries: readonly DraftEntry[],
  scope: ClientScope,
): Promise<Map<string, DraftEntry[]>> {
  const parts = new Map<string, DraftEntry[]>();
  if (entries.length === 0) return parts;
  const ids = [...new Set(entries.map((entry) => entry.eventId))];
  const rows = await copiedEventOwners(ids);
  const inScope = rows.filter((row) => scope.connections.includes(row.connection));
  const owner = new Map(inScope.map((row) => [row.eventId, row.connection]));
  // A renewal the copy holds for another client only is that client's: never placed in the
  // sender's one client below (a draft kept from before their clients were narrowed).
  const othersOnly = new Set(rows.filter((row) => !owner.has(row.eventId)).map((row) => row.eventId));
  // A renewal the copy has not read (a month never synced) is placed by its patent, which the
  // portfolio snapshot of each client lists; with one client in scope there is nothing to choose.
  const byPatent = await patentOwners(
    entries.filter((entry) => !owner.has(entry.eventId)).map((entry) => entry.patentId),
    scope,
  );
  for (const entry of entries) {
    if (owner.has(entry.eventId) || othersOnly.has(entry.eventId)) continue;
    const connection =
      byPatent.get(entry.patentId) ?? (scope.connections.length === 1 ? scope.connections[0] : undefined);
    if (connection) owner.set(entry.eventId, connection);
  }
  const unplaced = entries.filter((entry) => !owner.has(entry.eventId));
  if (unplaced.length > 0)
    throw new DecisionInputError(
      404,
      'not_found',
      `${unplaced.map(patentName).join(', ')}: not a renewal of your clients as the copy holds them. Remove ${unplaced.length === 1 ? 'it' : 'them'} from the draft.`,
      unplaced.map((entry) => ({
        eventId: entry.eventId,
        code: 'not_found',
        title: 'Not one of your clients’ renewals',
        detail: 'The copy holds this renewal for none of your clients.',
      })),
    );
  // Parts in the order of the clients (the switcher's order), each keeping the draft's order.
  for (const client of scope.clients) {
    const part = entries.filter((entry) => owner.get(entry.eventId) === client.id);
    if (part.length > 0) parts.set(client.id, part);
  }
  return parts;
}

/** The refusal of one batch for renewals of several clients. */
export function severalClients(parts: ReadonlyMap<string, DraftEntry[]>, scope: ClientScope) {
  const names = [...parts.keys()].map((connection) => clientNameOf(scope, connection));
  return new DecisionInputError(
    409,
    'several_clients',
    `These decisions are for ${names.join(' and ')}: each client's go to the service as a batch of their own, with that client's key. Send them per client.`,
  );
}

/**
 * The idempotency key of one client's batch of a draft sent per client: derived from the draft's
 * key and the client, so sending the same draft again finds each client's batch (spec: Endpoints
 * 10, Idempotency-Key: one key, one batch) and never sends one twice. A UUID (version 8 layout).
 */
export function partKey(batchKey: string, connection: string): string {
  const hex = createHash('sha256').update(`${batchKey}\u0000${connection}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The client whose portfolio snapshot lists each patent, within the scope. */
async function patentOwners(patentIds: readonly string[], scope: ClientScope): Promise<Map<string, string>> {
  if (patentIds.length === 0 || scope.connections.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ patentId: portfolioPatent.id, connection: portfolioSnapshot.id })
    .from(portfolioPatent)
    .innerJoin(portfolioSnapshot, eq(portfolioSnapshot.currentGeneration, portfolioPatent.generation))
    .where(
      and(
        inArray(portfolioPatent.id, [...new Set(patentIds)]),
        inArray(portfolioSnapshot.id, scope.connections),
      ),
    );
  return new Map(rows.map((row) => [row.patentId, row.connection]));
}

import 'server-only';
import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { ClientRef } from '../../clients/chosen-client';
import type { ClientConnectionView } from '../../connection/client-views';
import { getDb } from '../../db';
import {
  clientConnection,
  portfolioSnapshot,
  syncEvent,
  syncHealth,
  syncWindow,
  upstreamApiKey,
} from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { auditSuccess, recordAudit } from '../audit/audit';
import { DomainError } from '../errors/domain-error';
import { type Actor, addApiKey, listApiKeys, pointTo } from './api-keys';
import { type ProbeResult, probeKey } from './connection';
import { DEFAULT_CONNECTION } from './default-connection';
import { readQuota } from './quota';
import { resolveActiveKey, upstreamBaseUrl } from './upstream';

/**
 * The clients the console works for, one connection each (spec: Authentication 1: a key identifies
 * one client, the tenant; rule 2: the service shows a key only its client's data). An administrator
 * adds a client with its key (checked by the service before anything is stored), names it, checks
 * it, rotates its key and retires it. The key is stored encrypted and is only ever sent for its
 * own client's calls; the sync keeps a copy per client, with the client's own quota and plan.
 */

type ClientErrorCode = 'client_not_found' | 'client_name_taken' | 'client_is_default' | 'client_retired';

const STATUS: Record<ClientErrorCode, number> = {
  client_not_found: 404,
  client_name_taken: 409,
  client_is_default: 409,
  client_retired: 409,
};

class ClientConnectionError extends DomainError<ClientErrorCode> {
  override name = 'ClientConnectionError';
  constructor(code: ClientErrorCode, detail: string) {
    super({ status: STATUS[code], code, title: 'The client cannot be changed', detail });
  }
}

/** Every client not retired, oldest first, by id and name. */
export async function activeClients(): Promise<ClientRef[]> {
  const db = await getDb();
  return db
    .select({ id: clientConnection.id, name: clientConnection.name })
    .from(clientConnection)
    .where(isNull(clientConnection.retiredAt))
    .orderBy(asc(clientConnection.createdAt), asc(clientConnection.id));
}

/** The connections the sync keeps and pages may show: every client not retired, oldest first. */
export async function activeConnectionIds(): Promise<string[]> {
  return (await activeClients()).map((client) => client.id);
}

async function connectionRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(clientConnection).where(eq(clientConnection.id, id));
  if (!row) throw new ClientConnectionError('client_not_found', 'No client has this id.');
  return row;
}

/** A short, stable id made from the name (lower-case letters, digits and dashes), unique. */
async function freeIdFor(name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'client';
  const db = await getDb();
  const taken = new Set(
    (await db.select({ id: clientConnection.id }).from(clientConnection)).map((row) => row.id),
  );
  taken.add(DEFAULT_CONNECTION);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Every client with its key (last four characters only), quota and the state of its copy. */
export async function listClientConnections(): Promise<ClientConnectionView[]> {
  const db = await getDb();
  const [rows, windows, events, snapshots, health] = await Promise.all([
    db.select().from(clientConnection).orderBy(asc(clientConnection.createdAt), asc(clientConnection.id)),
    db
      .select({
        connection: syncWindow.connection,
        months: count(),
        complete: sql<number>`count(*) filter (where ${syncWindow.complete})`.mapWith(Number),
        syncedAt: max(syncWindow.syncedAt),
      })
      .from(syncWindow)
      .groupBy(syncWindow.connection),
    db
      .select({ connection: syncEvent.connection, events: count() })
      .from(syncEvent)
      .groupBy(syncEvent.connection),
    db
      .select({ connection: portfolioSnapshot.id, patents: portfolioSnapshot.patentCount })
      .from(portfolioSnapshot),
    db.select().from(syncHealth),
  ]);
  return Promise.all(
    rows.map(async (row): Promise<ClientConnectionView> => {
      const keys = await listApiKeys(row.id);
      const active = keys.keys.find((key) => key.active) ?? null;
      const quota = await readQuota(row.id);
      const synced = windows.find((entry) => entry.connection === row.id);
      const failing = health.find((entry) => entry.connection === row.id)?.failingSince ?? null;
      return {
        id: row.id,
        name: row.name,
        isDefault: row.id === DEFAULT_CONNECTION,
        createdAt: iso(row.createdAt),
        retiredAt: iso(row.retiredAt),
        keyLast4: active?.last4 ?? null,
        quota: quota ? { limit: quota.limit, remaining: quota.remaining, resetAt: iso(quota.resetAt) } : null,
        copy: {
          months: synced?.months ?? 0,
          completeMonths: synced?.complete ?? 0,
          events: events.find((entry) => entry.connection === row.id)?.events ?? 0,
          patents: snapshots.find((entry) => entry.connection === row.id)?.patents ?? null,
          syncedAt: iso(synced?.syncedAt),
          failingSince: iso(failing),
        },
      };
    }),
  );
}

/**
 * Adds a client: its key is checked by the service (it must read patents), stored encrypted under
 * the new connection and made its key; the next sync run starts the client's copy. A name already
 * used, or a key already stored for any client, is refused.
 */
export async function addClientConnection(
  input: { name: string; key: string; expiresAt?: Date | undefined },
  actor: Actor,
  requestId: string,
): Promise<ClientConnectionView> {
  const name = input.name.trim();
  const db = await getDb();
  const id = await freeIdFor(name);
  try {
    await db.insert(clientConnection).values({ id, name, createdByEmail: actor.email });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ClientConnectionError('client_name_taken', `A client is already named “${name}”.`);
    throw error;
  }
  try {
    const key = await addApiKey(
      { key: input.key, label: `${name} key`, expiresAt: input.expiresAt },
      actor,
      requestId,
      id,
    );
    await pointTo(id, key.id);
  } catch (error) {
    // Nothing is kept of a client whose key the service did not accept.
    await db.delete(upstreamApiKey).where(eq(upstreamApiKey.connection, id));
    await db.delete(clientConnection).where(eq(clientConnection.id, id));
    throw error;
  }
  await recordAudit({ actor, action: 'clients.add', target: name, outcome: 'success', requestId });
  return viewOf(id);
}

async function viewOf(id: string): Promise<ClientConnectionView> {
  const view = (await listClientConnections()).find((client) => client.id === id);
  if (!view) throw new ClientConnectionError('client_not_found', 'No client has this id.');
  return view;
}

export async function renameClientConnection(
  id: string,
  name: string,
  actor: Actor,
  requestId: string,
): Promise<ClientConnectionView> {
  const before = await connectionRow(id);
  const db = await getDb();
  try {
    await db.update(clientConnection).set({ name: name.trim() }).where(eq(clientConnection.id, id));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ClientConnectionError('client_name_taken', `A client is already named “${name.trim()}”.`);
    throw error;
  }
  await auditSuccess(actor, 'clients.rename', id, requestId, { from: before.name, to: name.trim() });
  return viewOf(id);
}

/**
 * Replaces a client's key: the new one is checked, stored and switched to on every instance (the
 * old one stays valid at the service until its operator revokes it, spec: Authentication 2).
 */
export async function rotateClientKey(
  id: string,
  input: { key: string; expiresAt?: Date | undefined },
  actor: Actor,
  requestId: string,
): Promise<ClientConnectionView> {
  const row = await connectionRow(id);
  if (row.retiredAt) throw new ClientConnectionError('client_retired', 'This client is retired.');
  const key = await addApiKey(
    { key: input.key, label: `${row.name} key`, expiresAt: input.expiresAt },
    actor,
    requestId,
    id,
  );
  await pointTo(id, key.id);
  await recordAudit({ actor, action: 'clients.rotate_key', target: row.name, outcome: 'success', requestId });
  return viewOf(id);
}

/** The connection's own key against the service, one cheap read per scope (spec: Authentication 4). */
export async function checkClientConnection(id: string, requestId: string): Promise<ProbeResult> {
  const row = await connectionRow(id);
  if (row.retiredAt) throw new ClientConnectionError('client_retired', 'This client is retired.');
  const key = await resolveActiveKey(id);
  return probeKey(upstreamBaseUrl(), key.value, requestId);
}

/**
 * Retires a client: it is no longer synced or called, and its rows stay for the audit trail. The
 * default connection (ANNUITY_API_KEY's) is not retired here: its key is set in the environment.
 */
export async function retireClientConnection(
  id: string,
  actor: Actor,
  requestId: string,
): Promise<ClientConnectionView> {
  if (id === DEFAULT_CONNECTION)
    throw new ClientConnectionError(
      'client_is_default',
      'The first client is the one of ANNUITY_API_KEY and cannot be retired here.',
    );
  const row = await connectionRow(id);
  if (row.retiredAt) return viewOf(id);
  const db = await getDb();
  await db
    .update(clientConnection)
    .set({ retiredAt: new Date(), retiredByEmail: actor.email })
    .where(and(eq(clientConnection.id, id), isNull(clientConnection.retiredAt)));
  await recordAudit({ actor, action: 'clients.retire', target: row.name, outcome: 'success', requestId });
  return viewOf(id);
}

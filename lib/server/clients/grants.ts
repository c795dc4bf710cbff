import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '../../db';
import { clientConnection, user, userClientGrant } from '../../db/schema';
import { auditSuccess } from '../audit/audit';
import { DomainError, invalidInput } from '../errors/domain-error';

/** Which clients a user works for: every one (today's and those added later), or a list. */
export type ClientGrant = { all: true } | { all: false; clientIds: string[] };

/** The grants of every user, for the administrator's list. */
export async function clientGrantsOf(userIds: readonly string[]): Promise<Map<string, ClientGrant>> {
  const grants = new Map<string, ClientGrant>();
  if (userIds.length === 0) return grants;
  const db = await getDb();
  const [users, rows] = await Promise.all([
    db
      .select({ id: user.id, allClients: user.allClients })
      .from(user)
      .where(inArray(user.id, [...userIds])),
    db
      .select()
      .from(userClientGrant)
      .where(inArray(userClientGrant.userId, [...userIds])),
  ]);
  for (const account of users)
    grants.set(
      account.id,
      account.allClients
        ? { all: true }
        : {
            all: false,
            clientIds: rows.filter((row) => row.userId === account.id).map((row) => row.connection),
          },
    );
  return grants;
}

/**
 * The ids given, once each, when every one is an active client; else a 400 naming `clients`, so an
 * administrator can grant only a client that exists and is not retired.
 */
export async function activeClientIds(clientIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return ids;
  const db = await getDb();
  const known = await db
    .select({ id: clientConnection.id })
    .from(clientConnection)
    .where(and(inArray(clientConnection.id, ids), isNull(clientConnection.retiredAt)));
  const unknown = ids.filter((id) => !known.some((row) => row.id === id));
  if (unknown.length > 0)
    throw invalidInput(`No active client has the id ${unknown.join(', ')}.`, [
      { field: 'clients', message: 'must be active clients' },
    ]);
  return ids;
}

/**
 * The clients of a user just created (`user.all_clients` false): these only, checked by
 * activeClientIds first. Audited with the creation.
 */
export async function grantNewUserClients(
  actor: { email: string },
  userId: string,
  clientIds: readonly string[],
): Promise<void> {
  if (clientIds.length === 0) return;
  const db = await getDb();
  await db
    .insert(userClientGrant)
    .values(clientIds.map((connection) => ({ userId, connection, grantedByEmail: actor.email })));
}

/**
 * Sets the clients a user works for. Every page and route keeps to them from the user's next
 * request on. Unknown or retired clients are refused (400 naming `clients`).
 */
export async function setUserClients(
  actor: { userId: string; email: string },
  userId: string,
  grant: ClientGrant,
  requestId: string,
): Promise<ClientGrant> {
  const db = await getDb();
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!account)
    throw new DomainError({ status: 404, code: 'not_found', title: 'Not found', detail: 'No such user.' });
  const ids = grant.all ? [] : await activeClientIds(grant.clientIds);
  await db.transaction(async (tx) => {
    await tx.update(user).set({ allClients: grant.all }).where(eq(user.id, userId));
    await tx.delete(userClientGrant).where(eq(userClientGrant.userId, userId));
    if (ids.length > 0)
      await tx
        .insert(userClientGrant)
        .values(ids.map((connection) => ({ userId, connection, grantedByEmail: actor.email })));
  });
  await auditSuccess(
    actor,
    'users.set_clients',
    account.email,
    requestId,
    grant.all ? { clients: 'all' } : { clients: ids },
  );
  return grant.all ? { all: true } : { all: false, clientIds: ids };
}

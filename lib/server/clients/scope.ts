/**
 * `lib/server/clients/`: the client connections a viewer may see and act for: `scope.ts`
 * (`ClientScope`: the user's grants (`user.all_clients`, `user_client_grant`) ∩ the active
 * connections ∩ the client chosen in the header; `pageClientScope` once per request,
 * `requestClientScope` for route handlers, `assertInScope`), `grants.ts` (an administrator's
 * grants), `client-filter.ts` (the `client` parameter of lists, parsed and checked against the
 * scope), `owned-rows.ts` (deleting a row only among the scope's clients). The registry of
 * connections is `connection/clients.ts`.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { CLIENT_COOKIE, CLIENT_ID_PATTERN, type ClientRef } from '../../clients/chosen-client';
import { getDb } from '../../db';
import { clientConnection, user, userClientGrant } from '../../db/schema';
import { NotFoundError } from '../errors/not-found';

/**
 * Which clients a request may read and act for (spec: Authentication 1 and rule 2, each client's
 * data is its own): the clients the user is granted (all, or a list an administrator keeps), not
 * retired, narrowed to the one chosen in the header when there is a choice. Every page, route,
 * export, feed and notification reads through a scope; a client outside it does not exist for the
 * request (404, never 403, so ids of other clients' data say nothing).
 */
export interface ClientScope {
  /** The connections this request reads: the chosen client's, or every one of the user's. */
  connections: string[];
  /** Every client the user works for, oldest first (the switcher's choices, the rows' labels). */
  clients: ClientRef[];
  /** The client chosen in the header; null for all of the user's clients. */
  chosen: string | null;
  /**
   * Whether the user works for every client (`user.all_clients`), today's and those added later:
   * only they read records that name no client but may hold a client's data (audit entries
   * written before entries recorded their client).
   */
  allClients: boolean;
}

/** The scope of one user, with an optional choice (ignored unless it is one of theirs). */
export async function clientScopeOf(userId: string, chosen?: string | null): Promise<ClientScope> {
  const db = await getDb();
  const [account] = await db.select({ allClients: user.allClients }).from(user).where(eq(user.id, userId));
  const active = isNull(clientConnection.retiredAt);
  const rows = account?.allClients
    ? await db
        .select({ id: clientConnection.id, name: clientConnection.name })
        .from(clientConnection)
        .where(active)
        .orderBy(asc(clientConnection.createdAt), asc(clientConnection.id))
    : account
      ? await db
          .select({ id: clientConnection.id, name: clientConnection.name })
          .from(clientConnection)
          .innerJoin(userClientGrant, eq(userClientGrant.connection, clientConnection.id))
          .where(and(active, eq(userClientGrant.userId, userId)))
          .orderBy(asc(clientConnection.createdAt), asc(clientConnection.id))
      : [];
  const clients = rows.map((row) => ({ id: row.id, name: row.name }));
  const pick = chosen && clients.some((client) => client.id === chosen) ? chosen : null;
  return {
    connections: pick ? [pick] : clients.map((client) => client.id),
    clients,
    chosen: pick,
    allClients: account?.allClients ?? false,
  };
}

/** The client chosen in a request's cookie, if well formed (the scope checks it is the user's). */
function chosenClientOf(cookieHeader: string | null): string | null {
  const value = new RegExp(`(?:^|;\\s*)${CLIENT_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  return value && CLIENT_ID_PATTERN.test(value) ? value : null;
}

/**
 * A page's scope: the viewer's clients and the switcher's choice, read once per request however
 * many components ask (the layout and the page both do).
 */
export const pageClientScope = cache(async (userId: string): Promise<ClientScope> => {
  const value = (await cookies()).get(CLIENT_COOKIE)?.value ?? null;
  return clientScopeOf(userId, value && CLIENT_ID_PATTERN.test(value) ? value : null);
});

/** A route handler's scope: the viewer's clients and the choice its request's cookie carries. */
export function requestClientScope(userId: string, request: Request): Promise<ClientScope> {
  return clientScopeOf(userId, chosenClientOf(request.headers.get('cookie')));
}

/**
 * Whether rows should say which client they belong to: the request reads more than one client
 * (a user of several who has not chosen one in the header). With one client chosen, or only one
 * granted, the pages look exactly as a single-client console's.
 */
export function labelsClients(scope: ClientScope): boolean {
  return scope.connections.length > 1;
}

/** The client's name for a row's label. */
export function clientNameOf(scope: ClientScope, connection: string): string {
  return scope.clients.find((client) => client.id === connection)?.name ?? connection;
}

/**
 * Refuses a connection outside the scope as not found: another client's patent, batch, invoice or
 * document is answered exactly as one that does not exist.
 */
export function assertInScope(
  scope: ClientScope,
  connection: string | null | undefined,
  what: string,
): string {
  if (!connection || !scope.connections.includes(connection)) throw new NotFoundError(what);
  return connection;
}

/** Every user granted a client (all-clients users included), for reminders and notifications. */
export async function usersOfClient(connection: string): Promise<Set<string>> {
  const db = await getDb();
  const [all, granted] = await Promise.all([
    db.select({ id: user.id }).from(user).where(eq(user.allClients, true)),
    db
      .select({ id: userClientGrant.userId })
      .from(userClientGrant)
      .where(inArray(userClientGrant.connection, [connection])),
  ]);
  return new Set([...all, ...granted].map((row) => row.id));
}

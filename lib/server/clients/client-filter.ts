import 'server-only';
import type { ClientRef } from '../../clients/chosen-client';
import { CLIENT_FILTER } from '../../clients/client-filter';
import { DomainError } from '../errors/domain-error';
import { assertInScope, type ClientScope, clientNameOf, labelsClients } from './scope';

/**
 * A list's client filter (address parameter `client`, also honoured by its exports): the
 * connections the list reads are the scope's, or the one client named, which must be in the scope
 * (another client's id is answered as not found, spec: rule 2).
 */
export function connectionsToRead(scope: ClientScope, client?: string | null): string[] {
  return client ? [assertInScope(scope, client, 'That client')] : scope.connections;
}

/**
 * The client a row is labelled with: only when the user works for several clients, so a
 * single-client console shows and exports exactly what it did before.
 */
export function clientLabel(scope: ClientScope, connection: string): ClientRef | undefined {
  return labelsClients(scope) ? { id: connection, name: clientNameOf(scope, connection) } : undefined;
}

/** A page's `client` address parameter, when it is well formed (the loader checks it is theirs). */
export function clientFilterOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && CLIENT_FILTER.test(value) ? value : undefined;
}

/**
 * The one client a page that works on a single client shows (a freeze, a budget): the one named
 * (which must be in the scope), else the scope's only one; null when the user works for several
 * and has chosen none, so the page asks them to choose.
 */
export function oneClientOf(scope: ClientScope, client?: string | null): string | null {
  if (client) return assertInScope(scope, client, 'That client');
  return scope.connections.length === 1 ? (scope.connections[0] ?? null) : null;
}

/**
 * The client a page that works on one client shows (a freeze): the one chosen in the sidebar,
 * whatever an address says, since that choice is the one every page follows; while the sidebar
 * shows all clients, the one a link names (Today's, the overview's); else null (the page asks for a
 * choice in the sidebar). A page never offers a second choice of its own.
 */
export function pageClientOf(scope: ClientScope, named?: string | null): string | null {
  return oneClientOf(scope, scope.chosen ?? named);
}

/**
 * The client a write acts for (a freeze, a budget): the `client` field, checked in the scope; it
 * may be left out only by a user with one client in scope. Without it otherwise, a 400 names it.
 */
export function clientToWrite(scope: ClientScope, client?: string | null): string {
  const chosen = oneClientOf(scope, client);
  if (chosen) return chosen;
  throw new DomainError({
    status: 400,
    code: 'client_required',
    title: 'Choose a client',
    detail: 'You work for several clients: say which client this is for.',
    errors: [{ field: 'client', message: 'expected one of your clients' }],
  });
}

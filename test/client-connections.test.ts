import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import { SCOPES } from '@/lib/annuity/schemas';
import type { ClientConnectionView } from '@/lib/connection/client-views';
import { auditLog, clientConnection, upstreamApiKey } from '@/lib/db/schema';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import { jsonRequest } from './app-harness';
import { copiedIdsOf, setUpTwoClients } from './client-grants';

/**
 * Several clients in one console (spec: Authentication 1, a key identifies one client; rule 2, the
 * service shows a key only its client's data): an administrator adds a second client with its own
 * key, the sync keeps each client's copy with that client's key only, and the existing pages keep
 * to the first client's rows.
 */

const app = setUpTwoClients({
  first: { patents: 30, seed: 3 },
  second: { patents: 12, seed: 9 },
});
/** The second tenant's next key, for rotating the second client's. */
const keys = { secondRotated: '' };

beforeAll(async () => {
  keys.secondRotated = (await app.sandbox.operator.createKey({ tenant: 'second', scopes: [...SCOPES] })).key;
});

const clientsRoute = () => import('@/app/api/admin/clients/route');
const clientRoute = () => import('@/app/api/admin/clients/[clientId]/route');
const keyRoute = () => import('@/app/api/admin/clients/[clientId]/key/route');
const checkRoute = () => import('@/app/api/admin/clients/[clientId]/check/route');
const params = (clientId: string) => ({ params: Promise.resolve({ clientId }) });

async function addClient(body: Record<string, unknown>, cookie = app.cookies.admin): Promise<Response> {
  const { POST } = await clientsRoute();
  return POST(jsonRequest('/api/admin/clients', { method: 'POST', cookie, body }));
}

/** The administrator asks one client's route: renames it (PATCH) or retires it (DELETE). */
async function askClient(method: 'PATCH' | 'DELETE', clientId: string, body?: unknown): Promise<Response> {
  const route = await clientRoute();
  const request = jsonRequest(`/api/admin/clients/${clientId}`, { method, cookie: app.cookies.admin, body });
  return route[method](request, params(clientId));
}

/** Replaces the second client's key, as its connection page does. */
async function putNorthwindKey(key: string): Promise<Response> {
  const { PUT } = await keyRoute();
  return PUT(
    jsonRequest('/api/admin/clients/northwind-labs/key', {
      method: 'PUT',
      cookie: app.cookies.admin,
      body: { key },
    }),
    params('northwind-labs'),
  );
}

async function listed(): Promise<ClientConnectionView[]> {
  const { GET } = await clientsRoute();
  const response = await GET(jsonRequest('/api/admin/clients', { cookie: app.cookies.admin }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { clients: ClientConnectionView[] }).clients;
}

async function patentIdsOf(service: AnnuityClient): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const { data } = await service.getPatents({ itemsPerPage: 100, currentPage: page });
    for (const patent of data.data) ids.add(patent.id);
    if (!data.pagination.hasMore) return ids;
  }
}

describe('client connections', () => {
  it('starts with one client, the environment key’s', async () => {
    const clients = await listed();
    expect(clients.map((client) => [client.id, client.isDefault])).toEqual([[DEFAULT_CONNECTION, true]]);
    expect(clients[0]?.keyLast4).toBe(app.keys.first.slice(-4));
  });

  it('refuses bad input by field, a key the service refuses, and anyone but an administrator', async () => {
    const bad = await addClient({ name: '', key: 'nope' });
    expect(bad.status).toBe(400);
    const problem = (await bad.json()) as { errors: { field: string }[] };
    expect(problem.errors.map((error) => error.field).sort()).toEqual(['key', 'name']);

    const refused = await addClient({ name: 'Nobody', key: 'a'.repeat(64) });
    expect(refused.status).toBe(422);
    const stored = await app.harness.database.db.select().from(clientConnection);
    expect(stored.map((row) => row.id)).toEqual([DEFAULT_CONNECTION]);

    expect((await addClient({ name: 'Second', key: app.keys.second }, app.cookies.paralegal)).status).toBe(
      403,
    );
    // The first client's own key cannot become another client's.
    expect((await addClient({ name: 'Copy of first', key: app.keys.first })).status).toBe(409);
  });

  it('adds a client with its key, shown by its last four characters only', async () => {
    const response = await addClient({ name: 'Northwind Labs', key: app.keys.second });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    expect(text).not.toContain(app.keys.second);
    const { client } = JSON.parse(text) as { client: ClientConnectionView };
    expect(client).toMatchObject({ id: 'northwind-labs', name: 'Northwind Labs', isDefault: false });
    expect(client.keyLast4).toBe(app.keys.second.slice(-4));
    const [row] = await app.harness.database.db
      .select()
      .from(upstreamApiKey)
      .where(eq(upstreamApiKey.connection, 'northwind-labs'));
    expect(row?.ciphertext).toBeTruthy();
    expect(row?.ciphertext).not.toContain(app.keys.second);
    expect((await addClient({ name: 'Northwind Labs', key: keys.secondRotated })).status).toBe(409);
    const audited = await app.harness.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'clients.add'));
    expect(audited.map((entry) => entry.target)).toContain('Northwind Labs');
  });

  it('keeps each client’s copy with its own key: no patent of one is stored under the other', async () => {
    const runs = await runSyncForEveryClient(app.harness.database.db, {
      now: new Date(),
      requestId: 'clients-sync',
    });
    expect(Object.keys(runs).sort()).toEqual([DEFAULT_CONNECTION, 'northwind-labs']);
    const [firstPatents, secondPatents] = await Promise.all([
      patentIdsOf(app.services.first),
      patentIdsOf(app.services.second),
    ]);
    const [firstCopy, secondCopy] = await Promise.all([
      copiedIdsOf(app, DEFAULT_CONNECTION, 'patentId'),
      copiedIdsOf(app, 'northwind-labs', 'patentId'),
    ]);
    expect(secondCopy.size).toBeGreaterThan(0);
    expect(firstCopy.size).toBeGreaterThan(0);
    for (const id of secondCopy) expect(secondPatents.has(id)).toBe(true);
    for (const id of firstCopy) expect(firstPatents.has(id)).toBe(true);
    const northwind = (await listed()).find((client) => client.id === 'northwind-labs');
    expect(northwind?.copy.events).toBeGreaterThan(0);
    expect(northwind?.copy.patents).toBe(secondPatents.size);
    expect(northwind?.quota?.limit).toBeGreaterThan(0);
  });

  it('checks, renames and rotates a client’s key', async () => {
    const { POST: check } = await checkRoute();
    const checked = await check(
      jsonRequest('/api/admin/clients/northwind-labs/check', { method: 'POST', cookie: app.cookies.admin }),
      params('northwind-labs'),
    );
    expect(checked.status).toBe(200);
    expect(await checked.json()).toMatchObject({ reachable: true, keyState: 'valid' });

    const renamed = await askClient('PATCH', 'northwind-labs', { name: 'Northwind' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { client: ClientConnectionView }).client.name).toBe('Northwind');

    // Another client's key is refused for this one.
    const wrong = await putNorthwindKey(app.keys.first);
    expect(wrong.status).toBe(409);
    const rotated = await putNorthwindKey(keys.secondRotated);
    expect(rotated.status).toBe(200);
    expect(((await rotated.json()) as { client: ClientConnectionView }).client.keyLast4).toBe(
      keys.secondRotated.slice(-4),
    );
  });

  it('retires a client: no longer synced; the first client cannot be retired', async () => {
    const first = await askClient('DELETE', DEFAULT_CONNECTION);
    expect(first.status).toBe(409);
    const retired = await askClient('DELETE', 'northwind-labs');
    expect(retired.status).toBe(200);
    expect(((await retired.json()) as { client: ClientConnectionView }).client.retiredAt).not.toBeNull();
    const runs = await runSyncForEveryClient(app.harness.database.db, {
      now: new Date(),
      requestId: 'clients-sync-2',
    });
    expect(Object.keys(runs)).toEqual([DEFAULT_CONNECTION]);
    const missing = await askClient('PATCH', 'nobody', { name: 'X' });
    expect(missing.status).toBe(404);
  });
});

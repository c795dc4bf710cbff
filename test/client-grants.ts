import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { type AnnuityClient, createAnnuityClient } from '@/lib/annuity/client';
import { SCOPES } from '@/lib/annuity/schemas';
import { syncEvent } from '@/lib/db/schema';
import { currentYearMonth } from '@/lib/format/dates';
import type { Role } from '@/lib/policy/roles';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import type { CreateTenantRequest } from '@/sandbox/operator-client';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { serviceEnvForFile } from './sandbox-app';

/**
 * The two steps every test with several clients takes as an administrator, through the same
 * routes the users page and the connection page call: add a client with its key, and set which
 * clients a user works for (all of them, or the ids listed).
 */
async function addClientAs(adminCookie: string, name: string, key: string): Promise<void> {
  const { POST } = await import('@/app/api/admin/clients/route');
  const added = await POST(
    jsonRequest('/api/admin/clients', { method: 'POST', cookie: adminCookie, body: { name, key } }),
  );
  expect(added.status, await added.clone().text()).toBe(201);
}

export async function grantClientsAs(
  adminCookie: string,
  userId: string,
  clients: 'all' | readonly string[],
): Promise<void> {
  const { PATCH } = await import('@/app/api/admin/users/[userId]/route');
  const granted = await PATCH(
    jsonRequest(`/api/admin/users/${userId}`, { method: 'PATCH', cookie: adminCookie, body: { clients } }),
    { params: Promise.resolve({ userId }) },
  );
  expect(granted.status, await granted.clone().text()).toBe(200);
}

export interface TwoClientApp {
  sandbox: StartedSandbox;
  harness: Awaited<ReturnType<typeof startAppHarness>>;
  /**
   * Each tenant's key (spec: Authentication 1, a key is one client's): the first is the one the
   * dashboard starts with (the default client), the second the added client's.
   */
  keys: { first: string; second: string };
  /** Each tenant read directly with its own key, to compare the dashboard's answers with. */
  services: { first: AnnuityClient; second: AnnuityClient };
  /** A signed-in session cookie per role. */
  cookies: Record<Role, string>;
}

/** A tenant of the stand-in: named `first` or `second` after its place unless told. */
type TenantSpec = Omit<CreateTenantRequest, 'name'> & { name?: string };

/**
 * The set-up of every test with two clients, registered as the file's beforeAll/afterAll: a
 * stand-in service (its day the 15th of this month unless told) with two tenants and a key each,
 * the dashboard pointed at the first (ANNUITY_API_URL/KEY, restored afterwards), a session per
 * role; then, in this order and each only when asked, the administrator adds the second tenant as
 * a client under `secondClient` (its id is that name in kebab case), both clients' copies are
 * synced, and users are granted the clients listed (a user not listed works for every client).
 * A file's own beforeAll, registered after this one, runs once these fields are filled.
 */
export function setUpTwoClients(options: {
  first: TenantSpec;
  second: TenantSpec;
  secondClient?: string;
  sync?: boolean;
  grants?: Partial<Record<Role, readonly string[]>>;
  today?: string;
}): TwoClientApp {
  const app = {} as TwoClientApp;
  const env = serviceEnvForFile(app);
  beforeAll(async () => {
    const sandbox = await startSandbox({ today: options.today ?? `${currentYearMonth()}-15` });
    app.sandbox = sandbox;
    const first = { name: 'first', ...options.first };
    const second = { name: 'second', ...options.second };
    await sandbox.operator.createTenant(first);
    await sandbox.operator.createTenant(second);
    const keyOf = async (tenant: CreateTenantRequest) =>
      (await sandbox.operator.createKey({ tenant: tenant.name, scopes: [...SCOPES] })).key;
    app.keys = { first: await keyOf(first), second: await keyOf(second) };
    env.point(sandbox.baseUrl, app.keys.first);
    app.harness = await startAppHarness();
    app.cookies = {} as Record<Role, string>;
    for (const role of ['paralegal', 'finance', 'manager', 'admin'] as const)
      app.cookies[role] = await signIn(app.harness.users[role].email);
    const service = (apiKey: string) => createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey, retries: 0 });
    app.services = { first: service(app.keys.first), second: service(app.keys.second) };
    if (options.secondClient) await addClientAs(app.cookies.admin, options.secondClient, app.keys.second);
    if (options.sync)
      await runSyncForEveryClient(app.harness.database.db, {
        now: new Date(),
        requestId: 'two-clients-sync',
      });
    for (const [role, clients] of Object.entries(options.grants ?? {}) as [Role, readonly string[]][])
      await grantClientsAs(app.cookies.admin, app.harness.users[role].id, clients);
  }, 240_000);
  return app;
}

/** The ids one client's synced copy holds: its renewals' (event ids) or its patents'. */
export async function copiedIdsOf(
  app: TwoClientApp,
  connection: string,
  column: 'eventId' | 'patentId',
): Promise<Set<string>> {
  const rows = await app.harness.database.db
    .select({ id: syncEvent[column] })
    .from(syncEvent)
    .where(eq(syncEvent.connection, connection));
  return new Set(rows.map((row) => row.id));
}

import { setDatabaseForTests } from '@/lib/db';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from '@/lib/db/testing';
import { resetEnvForTests } from '@/lib/env';
import { parseEnv } from '@/lib/env-schema';
import type { Role } from '@/lib/policy/roles';
import { setAuthForTests } from '@/lib/server/auth/auth';
import { createAuth } from '@/lib/server/auth/auth-config';
import { createUserAccount } from '@/lib/server/auth/user-accounts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'a long test password';

/**
 * The dashboard's server side without Next: route handlers are called as functions against a
 * fresh database, with one user per role. `signIn` goes through the real sign-in route.
 */
export async function startAppHarness(kind: TestDatabaseKind = 'pglite') {
  process.env.AUTH_SECRET = 'test-secret-that-is-long-enough-1234567890';
  process.env.PORT = '3000';
  resetEnvForTests();
  const database: TestDatabase = await openTestDatabase(kind);
  setDatabaseForTests(database);
  const auth = createAuth(database.db, parseEnv(process.env));
  setAuthForTests(auth);
  const users = {} as Record<Role, { id: string; email: string }>;
  for (const role of ['paralegal', 'finance', 'manager', 'admin'] as const) {
    const created = await createUserAccount(auth, database.db, {
      email: `${role}@test.example`,
      name: `Test ${role}`,
      role,
      password: TEST_PASSWORD,
    });
    users[role] = { id: created.id, email: created.email };
  }
  return {
    database,
    auth,
    users,
    async stop() {
      setAuthForTests(undefined);
      setDatabaseForTests(undefined);
      await database.dispose();
    },
  };
}

export function jsonRequest(
  path: string,
  {
    method = 'GET',
    body,
    cookie,
    headers = {},
  }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Signs in through POST /api/session and returns the Cookie header for later requests. */
export async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const { POST } = await import('@/app/api/session/route');
  const response = await POST(jsonRequest('/api/session', { method: 'POST', body: { email, password } }));
  if (response.status !== 200)
    throw new Error(`sign-in failed for ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

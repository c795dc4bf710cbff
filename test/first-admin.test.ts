import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseForTests } from '@/lib/db';
import { openTestDatabase, type TestDatabase } from '@/lib/db/testing';
import { resetEnvForTests } from '@/lib/env';
import { parseEnv } from '@/lib/env-schema';
import { setAuthForTests } from '@/lib/server/auth/auth';
import { createAuth } from '@/lib/server/auth/auth-config';
import { issueSetupToken } from '@/lib/server/auth/first-admin-setup';
import { countUsers } from '@/lib/server/auth/user-accounts';
import { jsonRequest, signIn } from './app-harness';

/**
 * With a real service there are no demo users: the first administrator is created once, with the
 * one-time token printed at start-up, and never with a default password.
 */
let database: TestDatabase;
let token: string;
const PASSWORD = 'the first admin password';

beforeAll(async () => {
  process.env.AUTH_SECRET = 'test-secret-that-is-long-enough-1234567890';
  process.env.PORT = '3000';
  resetEnvForTests();
  database = await openTestDatabase('pglite');
  setDatabaseForTests(database);
  setAuthForTests(createAuth(database.db, parseEnv(process.env)));
  token = await issueSetupToken(database.db);
});
afterAll(async () => {
  setAuthForTests(undefined);
  setDatabaseForTests(undefined);
  await database?.dispose();
});

async function setup(body: Record<string, unknown>) {
  const { POST } = await import('@/app/api/setup/route');
  return POST(jsonRequest('/api/setup', { method: 'POST', body }));
}

const admin = (overrides: Record<string, unknown> = {}) => ({
  token,
  name: 'First Admin',
  email: 'first@company.example',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...overrides,
});

describe('the first administrator', () => {
  it('cannot be created without the token printed at start-up', async () => {
    expect((await setup(admin({ token: 'not-the-token-at-all' }))).status).toBe(403);
    expect(await countUsers(database.db)).toBe(0);
  });

  it('needs a password that meets the rules, confirmed', async () => {
    const weak = await setup(admin({ password: 'short', confirmPassword: 'short' }));
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(
      'password',
    );
    expect((await setup(admin({ confirmPassword: 'something else entirely' }))).status).toBe(400);
  });

  it('is created once with the token, signs in as admin, and the token then dies', async () => {
    expect((await setup(admin())).status).toBe(201);
    const cookie = await signIn('first@company.example', PASSWORD);
    const { GET } = await import('@/app/api/admin/users/route');
    expect((await GET(jsonRequest('/api/admin/users', { cookie }))).status).toBe(200);
    const again = await setup(admin({ email: 'second@company.example' }));
    expect(again.status).toBe(403);
    expect(await countUsers(database.db)).toBe(1);
  });
});

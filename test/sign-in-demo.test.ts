import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { DEMO_USERS } from '@/lib/server/auth/demo-users';
import { createUserAccount } from '@/lib/server/auth/user-accounts';
import { jsonRequest, startAppHarness } from './app-harness';

/**
 * The demo accounts' passwords are published (one is an administrator's), so they work
 * only while the upstream is the stand-in service. Pointing the same database at a real service
 * refuses them at sign-in and ends the sessions they already have.
 */
const REAL_SERVICE = { ANNUITY_API_URL: 'https://annuity.example.test/v2', ANNUITY_API_KEY: 'ab'.repeat(32) };
const demoAdmin = DEMO_USERS.find((demo) => demo.role === 'admin');
if (!demoAdmin) throw new Error('no demo administrator');

let harness: Awaited<ReturnType<typeof startAppHarness>>;
beforeAll(async () => {
  harness = await startAppHarness();
  for (const demo of DEMO_USERS)
    await createUserAccount(harness.auth, harness.database.db, { ...demo, demo: true });
  // A demo row from before the flag existed is still recognised by its address.
  await createUserAccount(harness.auth, harness.database.db, {
    email: 'legacy@demo.test',
    name: 'Legacy Demo',
    role: 'manager',
    password: 'legacy-demo-password',
  });
});
afterAll(async () => harness?.stop());
afterEach(() => connectTo({}));

function connectTo(values: Record<string, string>) {
  for (const name of ['ANNUITY_API_URL', 'ANNUITY_API_KEY', 'ANNUITY_UPSTREAM_IS_SANDBOX', 'SANDBOX_PORT'])
    delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
}

async function postSignIn(email: string, password: string) {
  const { POST } = await import('@/app/api/session/route');
  return POST(jsonRequest('/api/session', { method: 'POST', body: { email, password } }));
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

async function listUsers(cookie: string) {
  const { GET } = await import('@/app/api/admin/users/route');
  return GET(jsonRequest('/api/admin/users', { cookie }));
}

describe('demo accounts', () => {
  it('sign in while the upstream is the stand-in service', async () => {
    const standIns: Record<string, string>[] = [
      {},
      { ANNUITY_API_URL: 'http://127.0.0.1:4010', ANNUITY_API_KEY: 'cd'.repeat(32) },
      {
        ANNUITY_API_URL: 'http://127.0.0.1:51234',
        ANNUITY_API_KEY: 'cd'.repeat(32),
        ANNUITY_UPSTREAM_IS_SANDBOX: '1',
      },
    ];
    for (const upstream of standIns) {
      connectTo(upstream);
      const answer = await postSignIn(demoAdmin.email, demoAdmin.password);
      expect(answer.status, JSON.stringify(upstream)).toBe(200);
    }
  });

  it('are refused at sign-in with a real upstream, however the dashboard was started', async () => {
    for (const upstream of [
      REAL_SERVICE,
      // A flag cannot make a remote service the stand-in.
      { ...REAL_SERVICE, ANNUITY_UPSTREAM_IS_SANDBOX: '1' },
      // Another local service (a tunnel to the real one) on another port than the stand-in's.
      { ANNUITY_API_URL: 'http://127.0.0.1:8443', ANNUITY_API_KEY: 'cd'.repeat(32) },
    ]) {
      connectTo(upstream);
      for (const demo of DEMO_USERS) {
        const answer = await postSignIn(demo.email, demo.password);
        expect(answer.status, `${demo.email} ${JSON.stringify(upstream)}`).toBe(403);
        expect(((await answer.json()) as { code: string }).code).toBe('demo_account_refused');
      }
      expect((await postSignIn('legacy@demo.test', 'legacy-demo-password')).status).toBe(403);
    }
    const audited = await harness.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sign_in_failed'));
    expect(audited.some((row) => row.details.reason === 'demo_account_with_real_upstream')).toBe(true);
  });

  it('lose the sessions they had once the upstream is a real service', async () => {
    connectTo({});
    const cookie = cookieOf(await postSignIn(demoAdmin.email, demoAdmin.password));
    expect((await listUsers(cookie)).status).toBe(200);
    connectTo(REAL_SERVICE);
    expect((await listUsers(cookie)).status).toBe(401);
    // Ordinary accounts are not affected.
    const { signIn } = await import('./app-harness');
    expect((await listUsers(await signIn(harness.users.admin.email))).status).toBe(200);
  });
});

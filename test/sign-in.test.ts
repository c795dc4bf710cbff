import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session } from '@/lib/db/schema';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/server/auth/auth-config';
import { SIGN_IN_MAX_FAILURES } from '@/lib/server/auth/sign-in-limit';
import { createUserAccount } from '@/lib/server/auth/user-accounts';
import { jsonRequest, signIn, startAppHarness, TEST_PASSWORD } from './app-harness';

let harness: Awaited<ReturnType<typeof startAppHarness>>;
beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => harness?.stop());

async function postSignIn(body: unknown) {
  const { POST } = await import('@/app/api/session/route');
  return POST(jsonRequest('/api/session', { method: 'POST', body }));
}

async function listUsersAs(cookie: string) {
  const { GET } = await import('@/app/api/admin/users/route');
  return GET(jsonRequest('/api/admin/users', { cookie }));
}

async function patchUser(cookie: string, userId: string, body: unknown) {
  const { PATCH } = await import('@/app/api/admin/users/[userId]/route');
  return PATCH(jsonRequest(`/api/admin/users/${userId}`, { method: 'PATCH', cookie, body }), {
    params: Promise.resolve({ userId }),
  });
}

describe('signing in', () => {
  it('sends each role to its start page, or back where they were going', async () => {
    const finance = await postSignIn({ email: 'FINANCE@test.example', password: TEST_PASSWORD });
    expect(finance.status).toBe(200);
    expect(await finance.json()).toEqual({ redirectTo: '/' });
    expect(finance.headers.getSetCookie().join(';')).toMatch(/annuity\.session_token=.*HttpOnly/i);

    const back = await postSignIn({
      email: 'paralegal@test.example',
      password: TEST_PASSWORD,
      next: '/portfolio?page=2',
    });
    expect(await back.json()).toEqual({ redirectTo: '/portfolio?page=2' });

    const offsite = await postSignIn({
      email: 'paralegal@test.example',
      password: TEST_PASSWORD,
      next: '//evil.example',
    });
    expect(await offsite.json()).toEqual({ redirectTo: '/' });
  });

  it('issues sessions that expire after the configured maximum age', async () => {
    await signIn(harness.users.manager.email);
    const rows = await harness.database.db
      .select()
      .from(session)
      .where(eq(session.userId, harness.users.manager.id));
    const latest = rows.at(-1);
    expect(latest).toBeDefined();
    const lifetime = ((latest?.expiresAt.getTime() ?? 0) - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(SESSION_MAX_AGE_SECONDS - 60);
    expect(lifetime).toBeLessThanOrEqual(SESSION_MAX_AGE_SECONDS);
  });

  it('says the same thing for an unknown email and a wrong password, and audits both', async () => {
    const unknown = await postSignIn({ email: 'nobody@test.example', password: TEST_PASSWORD });
    const wrong = await postSignIn({ email: 'manager@test.example', password: 'not the password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(((await unknown.json()) as { detail: string }).detail).toBe(
      ((await wrong.json()) as { detail: string }).detail,
    );
    const failures = await harness.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sign_in_failed'));
    expect(failures.map((row) => row.actorEmail)).toEqual(
      expect.arrayContaining(['nobody@test.example', 'manager@test.example']),
    );
  });

  it(`locks an account after ${SIGN_IN_MAX_FAILURES} failures, even for the right password`, async () => {
    const auth = harness.auth;
    await createUserAccount(auth, harness.database.db, {
      email: 'target@test.example',
      name: 'Target',
      role: 'paralegal',
      password: TEST_PASSWORD,
    });
    for (let attempt = 0; attempt < SIGN_IN_MAX_FAILURES; attempt++) {
      expect((await postSignIn({ email: 'target@test.example', password: `wrong ${attempt}` })).status).toBe(
        401,
      );
    }
    const locked = await postSignIn({ email: 'target@test.example', password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await postSignIn({ email: 'finance@test.example', password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('user administration', () => {
  it('deactivating a user ends their sessions and refuses their sign-in', async () => {
    const adminCookie = await signIn(harness.users.admin.email);
    const financeCookie = await signIn(harness.users.finance.email);
    expect((await patchUser(adminCookie, harness.users.finance.id, { active: false })).status).toBe(200);

    const { DELETE } = await import('@/app/api/session/route');
    expect(
      (await DELETE(jsonRequest('/api/session', { method: 'DELETE', cookie: financeCookie }))).status,
    ).toBe(401);
    expect((await postSignIn({ email: 'finance@test.example', password: TEST_PASSWORD })).status).toBe(401);

    expect((await patchUser(adminCookie, harness.users.finance.id, { active: true })).status).toBe(200);
    expect((await postSignIn({ email: 'finance@test.example', password: TEST_PASSWORD })).status).toBe(200);
  });

  it('a role change applies to the next request of an open session', async () => {
    const adminCookie = await signIn(harness.users.admin.email);
    const managerCookie = await signIn(harness.users.manager.email);
    expect((await listUsersAs(managerCookie)).status).toBe(403);
    expect((await patchUser(adminCookie, harness.users.manager.id, { role: 'admin' })).status).toBe(200);
    expect((await listUsersAs(managerCookie)).status).toBe(200);
    expect((await patchUser(adminCookie, harness.users.manager.id, { role: 'manager' })).status).toBe(200);
  });

  it('refuses to demote or deactivate yourself, and audits the refusal', async () => {
    const adminCookie = await signIn(harness.users.admin.email);
    const response = await patchUser(adminCookie, harness.users.admin.id, { role: 'paralegal' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { code: string }).code).toBe('self_change');
    const refused = await harness.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'users.update'));
    expect(refused.some((row) => row.outcome === 'failure')).toBe(true);
  });
});

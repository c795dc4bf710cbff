import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session, signInThrottle, user } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { ADDRESS_MAX_FAILURES, SIGN_IN_MAX_FAILURES } from '@/lib/server/auth/sign-in-limit';
import { createUserAccount, setUserActive, setUserRole } from '@/lib/server/auth/user-accounts';
import { jsonRequest, signIn, startAppHarness, TEST_PASSWORD } from './app-harness';

/**
 * Sign-in and sessions: the attacks probed (a crafted `next`, thirty parallel wrong
 * passwords) and the rules behind them, through the real route handlers and database.
 */
let harness: Awaited<ReturnType<typeof startAppHarness>>;
beforeAll(async () => {
  harness = await startAppHarness();
});
afterAll(async () => harness?.stop());
afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetEnvForTests();
});

async function postSignIn(body: unknown, headers: Record<string, string> = {}) {
  const { POST } = await import('@/app/api/session/route');
  return POST(jsonRequest('/api/session', { method: 'POST', body, headers }));
}

let counter = 0;
async function freshUser(role: 'paralegal' | 'admin' = 'paralegal', password = TEST_PASSWORD) {
  counter += 1;
  const email = `hardening-${counter}@test.example`;
  const created = await createUserAccount(harness.auth, harness.database.db, {
    email,
    name: `Hardening ${counter}`,
    role,
    password,
  });
  return { id: created.id, email };
}

/** Moves an account's throttle into the past, as if its delay had been waited out. */
async function waitOutDelay(email: string) {
  const past = new Date(Date.now() - 60 * 60 * 1000);
  await harness.database.db
    .update(signInThrottle)
    .set({ nextAllowedAt: past })
    .where(eq(signInThrottle.key, `account:${email}`));
}

describe('redirect after sign-in', () => {
  it.each([
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E/%2F/evil.example',
    '/\\evil.example',
    '%2F%2Fevil.example',
    '/%252e%252e//evil.example',
    '/./..//evil.example/x',
    'https://evil.example/',
  ])('goes home instead of to %s', async (next) => {
    const answer = await postSignIn({ email: harness.users.finance.email, password: TEST_PASSWORD, next });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ redirectTo: '/' });
  });

  it('keeps a same-site path, normalised', async () => {
    const answer = await postSignIn({
      email: harness.users.finance.email,
      password: TEST_PASSWORD,
      next: '/invoices/../portfolio?page=2',
    });
    expect(await answer.json()).toEqual({ redirectTo: '/portfolio?page=2' });
  });
});

describe('the attempt counter', () => {
  it(`counts 30 parallel wrong passwords as 30: exactly ${SIGN_IN_MAX_FAILURES} are checked`, async () => {
    const target = await freshUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postSignIn({ email: target.email, password: `wrong guess ${i}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SIGN_IN_MAX_FAILURES);
    const [row] = await harness.database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `account:${target.email}`));
    expect(row?.failures).toBe(SIGN_IN_MAX_FAILURES);
  });

  it('delays the right password instead of locking it out, then lets it in', async () => {
    const target = await freshUser();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++)
      expect((await postSignIn({ email: target.email, password: `wrong ${i}` })).status).toBe(401);
    const delayed = await postSignIn({ email: target.email, password: TEST_PASSWORD });
    expect(delayed.status).toBe(429);
    const wait = Number(delayed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);

    await waitOutDelay(target.email);
    const admitted = await postSignIn({ email: target.email, password: TEST_PASSWORD });
    expect(admitted.status).toBe(200);
    // A success starts the account again from zero.
    expect(
      await harness.database.db
        .select()
        .from(signInThrottle)
        .where(eq(signInThrottle.key, `account:${target.email}`)),
    ).toEqual([]);
  });

  it('doubles the delay for each further wrong password', async () => {
    const target = await freshUser();
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++)
      await postSignIn({ email: target.email, password: `w${i}` });
    await waitOutDelay(target.email);
    expect((await postSignIn({ email: target.email, password: 'still wrong' })).status).toBe(401);
    const next = await postSignIn({ email: target.email, password: TEST_PASSWORD });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(15);
  });

  it('limits per client address too, believing X-Forwarded-For only when TRUST_PROXY says so', async () => {
    process.env.TRUST_PROXY = '1';
    resetEnvForTests();
    const sprayer = { 'x-forwarded-for': '203.0.113.7' };
    // Password spraying: one wrong guess each at many accounts, all from one address.
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      const answer = await postSignIn(
        { email: `spray-${i}@test.example`, password: 'Summer2026!!' },
        sprayer,
      );
      expect(answer.status).toBe(401);
    }
    const blocked = await postSignIn({ email: 'spray-last@test.example', password: 'x' }, sprayer);
    expect(blocked.status).toBe(429);
    // The delayed address does not hold up anyone else.
    const other = await postSignIn(
      { email: harness.users.manager.email, password: TEST_PASSWORD },
      { 'x-forwarded-for': '198.51.100.20' },
    );
    expect(other.status).toBe(200);

    // Without TRUST_PROXY the header is the caller's to invent: it is ignored.
    delete process.env.TRUST_PROXY;
    resetEnvForTests();
    const ignored = await postSignIn(
      { email: harness.users.manager.email, password: TEST_PASSWORD },
      sprayer,
    );
    expect(ignored.status).toBe(200);
  }, 240_000);

  it('takes as long for an unknown email as for a wrong password', async () => {
    const known = await freshUser();
    const time = async (email: string) => {
      const started = performance.now();
      const answer = await postSignIn({ email, password: 'not the password at all' });
      expect(answer.status).toBe(401);
      return performance.now() - started;
    };
    await time(`warm-up-${counter}@nowhere.example`);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`nobody-${counter}-${i}@nowhere.example`));
      wrong.push(await time(known.email));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    // The unknown email pays for a password hash check as well (without it, it answers in ~1 ms).
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });
});

describe('sessions', () => {
  it('end after the idle timeout, and the row goes', async () => {
    const target = await freshUser();
    const cookie = await signIn(target.email);
    const { DELETE } = await import('@/app/api/session/route');
    const [row] = await harness.database.db.select().from(session).where(eq(session.userId, target.id));
    expect(row).toBeDefined();
    // Two hours without a request (the default idle timeout is 60 minutes).
    await harness.database.db
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(session.userId, target.id));
    expect((await DELETE(jsonRequest('/api/session', { method: 'DELETE', cookie }))).status).toBe(401);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, target.id))).toEqual([]);
  });

  it('keep their absolute expiry however active the user is', async () => {
    const target = await freshUser();
    const cookie = await signIn(target.email);
    const [before] = await harness.database.db.select().from(session).where(eq(session.userId, target.id));
    // Activity ten minutes after sign-in moves the idle clock, never the absolute expiry.
    await harness.database.db
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(session.userId, target.id));
    const { POST } = await import('@/app/api/account/password/route');
    await POST(
      jsonRequest('/api/account/password', {
        method: 'POST',
        cookie,
        body: { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' },
      }),
    );
    const [after] = await harness.database.db.select().from(session).where(eq(session.userId, target.id));
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
    expect(after?.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

async function changePassword(cookie: string, body: Record<string, string>) {
  const { POST } = await import('@/app/api/account/password/route');
  return POST(jsonRequest('/api/account/password', { method: 'POST', cookie, body }));
}

async function listUsers(cookie: string) {
  const { GET } = await import('@/app/api/admin/users/route');
  return GET(jsonRequest('/api/admin/users', { cookie }));
}

describe('changing your own password', () => {
  const NEW_PASSWORD = 'a brand new passphrase';

  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const target = await freshUser('admin');
    const here = await signIn(target.email);
    const elsewhere = await signIn(target.email);

    const wrong = await changePassword(here, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe('wrong_current_password');

    const changed = await changePassword(here, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await listUsers(here)).status).toBe(200);
    expect((await listUsers(elsewhere)).status).toBe(401);
    expect((await postSignIn({ email: target.email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await postSignIn({ email: target.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a password from a breach list', async () => {
    const target = await freshUser();
    const cookie = await signIn(target.email);
    for (const breached of ['1qaz2wsx3edc', 'iloveyou1234!', 'dragondragondragon']) {
      const answer = await changePassword(cookie, {
        currentPassword: TEST_PASSWORD,
        newPassword: breached,
        confirmPassword: breached,
      });
      expect(answer.status, breached).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('breached_password');
    }
  });
});

/** An administrator creates a user through the users page's route. */
async function createUserAsAdmin(body: Record<string, unknown>): Promise<Response> {
  const adminCookie = await signIn(harness.users.admin.email);
  const { POST } = await import('@/app/api/admin/users/route');
  return POST(jsonRequest('/api/admin/users', { method: 'POST', cookie: adminCookie, body }));
}

describe('a password set by an administrator', () => {
  it('must be changed at the next sign-in; until then every other route answers 403', async () => {
    const adminCookie = await signIn(harness.users.admin.email);
    const target = await freshUser();
    const { POST: reset } = await import('@/app/api/admin/users/[userId]/password/route');
    const chosen = 'chosen by the administrator';
    const answer = await reset(
      jsonRequest(`/api/admin/users/${target.id}/password`, {
        method: 'POST',
        cookie: adminCookie,
        body: { password: chosen },
      }),
      { params: Promise.resolve({ userId: target.id }) },
    );
    expect(answer.status).toBe(200);

    const signedIn = await postSignIn({ email: target.email, password: chosen, next: '/portfolio' });
    expect(await signedIn.json()).toEqual({ redirectTo: '/account?required=1' });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { GET: today } = await import('@/app/api/decisions/draft/route');
    const held = await today(jsonRequest('/api/decisions/draft', { cookie }));
    expect(held.status).toBe(403);
    expect(((await held.json()) as { code: string }).code).toBe('password_change_required');

    const changed = await changePassword(cookie, {
      currentPassword: chosen,
      newPassword: 'my own passphrase now',
      confirmPassword: 'my own passphrase now',
    });
    expect(changed.status).toBe(200);
    const [row] = await harness.database.db.select().from(user).where(eq(user.id, target.id));
    expect(row?.mustChangePassword).toBe(false);
    expect((await today(jsonRequest('/api/decisions/draft', { cookie }))).status).not.toBe(403);
  });

  it('applies to users an administrator creates', async () => {
    const created = await createUserAsAdmin({
      email: 'new-hire@test.example',
      name: 'New Hire',
      role: 'finance',
      password: TEST_PASSWORD,
    });
    expect(created.status).toBe(201);
    const [row] = await harness.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'new-hire@test.example'));
    expect(row?.mustChangePassword).toBe(true);
  });

  it('is refused when it is in a breach list', async () => {
    const refused = await createUserAsAdmin({
      email: 'weak@test.example',
      name: 'Weak',
      role: 'finance',
      password: 'qwerty123456',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('breached_password');
  });
});

describe('the last administrator', () => {
  it('survives two administrators demoting each other at the same moment', async () => {
    // Leave exactly two active administrators: the harness's and a new one.
    const second = await freshUser('admin');
    const others = await harness.database.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin')));
    for (const other of others)
      if (other.id !== second.id && other.id !== harness.users.admin.id)
        await harness.database.db.update(user).set({ role: 'manager' }).where(eq(user.id, other.id));
    const first = await signIn(harness.users.admin.email);
    const secondCookie = await signIn(second.email);
    const { PATCH } = await import('@/app/api/admin/users/[userId]/route');
    const demote = (cookie: string, userId: string) =>
      PATCH(
        jsonRequest(`/api/admin/users/${userId}`, { method: 'PATCH', cookie, body: { role: 'paralegal' } }),
        {
          params: Promise.resolve({ userId }),
        },
      );
    const answers = await Promise.all([
      demote(first, second.id),
      demote(secondCookie, harness.users.admin.id),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    // The loser is refused by the guard (409 last_admin) or, if the winner committed before its
    // session was read, as no longer an administrator (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await harness.database.db.select().from(user).where(eq(user.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('holds when the two changes meet inside the guard itself', async () => {
    const db = harness.database.db;
    const [a, b] = [await freshUser('admin'), await freshUser('admin')];
    await db
      .update(user)
      .set({ role: 'manager' })
      .where(and(eq(user.role, 'admin')));
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, a.id));
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, b.id));
    const outcomes = await Promise.allSettled([
      setUserRole(db, a.id, b.id, 'paralegal'),
      setUserActive(harness.auth, db, b.id, a.id, false),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'last_admin' });
    const active = await db
      .select()
      .from(user)
      .where(and(eq(user.role, 'admin'), isNull(user.deactivatedAt)));
    expect(active).toHaveLength(1);
  });
});

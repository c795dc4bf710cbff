import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session, user } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { parseEnv } from '@/lib/env-schema';
import { setAuthForTests } from '@/lib/server/auth/auth';
import { createAuth } from '@/lib/server/auth/auth-config';
import { viewerFromHeaders } from '@/lib/server/auth/session';
import { jsonRequest, startAppHarness, TEST_ORIGIN, TEST_PASSWORD } from './app-harness';
import { LOGIN_FIELDS, type StartedOidcProvider, startOidcProvider } from './oidc-provider';

/**
 * Single sign-on with OpenID Connect against a real provider (`oidc-provider`, started
 * here), driving the authorization-code flow over HTTP as a browser would: our route handlers in
 * process, the provider over the network, a cookie jar for each.
 */

const OIDC_ENV = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_PROVIDER_NAME',
  'OIDC_ALLOWED_DOMAINS',
  'OIDC_ROLE_CLAIM',
  'OIDC_ROLE_MAP',
  'LOCAL_PASSWORDS',
] as const;

let idp: StartedOidcProvider;
let harness: Awaited<ReturnType<typeof startAppHarness>>;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${TEST_ORIGIN}/api/auth/callback/oidc` });
  idp.users.set('sub-ada', {
    email: 'ada@corp.example',
    name: 'Ada',
    password: 'ada-at-the-provider',
    groups: ['staff', 'annuity-managers'],
  });
  idp.users.set('sub-bob', { email: 'bob@corp.example', name: 'Bob', password: 'bob-pw', groups: ['staff'] });
  idp.users.set('sub-eve', {
    email: 'eve@elsewhere.example',
    name: 'Eve',
    password: 'eve-pw',
    groups: ['annuity-managers'],
  });
  idp.users.set('sub-cal', {
    email: 'cal@eu.corp.example',
    name: 'Cal',
    password: 'cal-pw',
    groups: ['annuity-paralegals'],
  });
  Object.assign(process.env, {
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_PROVIDER_NAME: 'Corp ID',
    OIDC_ALLOWED_DOMAINS: 'corp.example',
    OIDC_ROLE_CLAIM: 'groups',
    OIDC_ROLE_MAP: 'annuity-managers=manager, annuity-paralegals=paralegal',
  });
  harness = await startAppHarness();
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await idp?.stop();
  for (const name of OIDC_ENV) delete process.env[name];
  resetEnvForTests();
});

/** A browser: one cookie jar per origin, redirects followed by hand. */
class Browser {
  readonly jars = new Map<string, Map<string, string>>();

  cookieHeader(origin: string): string {
    return [...(this.jars.get(origin) ?? new Map()).entries()]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  private store(origin: string, response: Response): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** One request: our handlers for the dashboard's origin, the network for the provider. */
  async send(method: string, url: URL, form?: URLSearchParams, json?: unknown): Promise<Response> {
    const cookie = this.cookieHeader(url.origin);
    let response: Response;
    if (url.origin === TEST_ORIGIN) {
      const request = new Request(url, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      if (url.pathname === '/api/auth/sso' && method === 'POST') {
        response = await (await import('@/app/api/auth/sso/route')).POST(request);
      } else if (url.pathname.startsWith('/api/auth/callback/') && method === 'GET') {
        const providerId = url.pathname.split('/').pop() as string;
        response = await (await import('@/app/api/auth/callback/[providerId]/route')).GET(request, {
          params: Promise.resolve({ providerId }),
        });
      } else throw new Error(`no handler for ${method} ${url.pathname}`);
    } else {
      response = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
      });
    }
    this.store(url.origin, response);
    return response;
  }

  /**
   * Follows redirects until a page: the provider's login form (answered with `credentials`
   * unless none are given) or a page of the dashboard. Returns where it ended and how.
   */
  async follow(
    start: Response,
    from: URL,
    credentials?: { login: string; password: string },
  ): Promise<{ url: URL; status: number; body: string }> {
    let response = start;
    let url = from;
    let loggedIn = false;
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (location && response.status >= 300 && response.status < 400) {
        url = new URL(location, url);
        if (url.origin === TEST_ORIGIN && !url.pathname.startsWith('/api/')) {
          return { url, status: response.status, body: '' };
        }
        response = await this.send('GET', url);
        continue;
      }
      const body = await response.text();
      const form = body.match(/<form method="post" action="([^"]+)"/);
      if (form?.[1] && credentials && !loggedIn) {
        loggedIn = true;
        url = new URL(form[1], url);
        response = await this.send(
          'POST',
          url,
          new URLSearchParams({
            [LOGIN_FIELDS.login]: credentials.login,
            [LOGIN_FIELDS.password]: credentials.password,
          }),
        );
        continue;
      }
      return { url, status: response.status, body };
    }
    throw new Error('too many redirects');
  }

  /** The button: ask our route where the provider's sign-in is, then go there. */
  async signInWithSso(credentials?: { login: string; password: string }, next = '/renewals') {
    const started = await this.send('POST', new URL('/api/auth/sso', TEST_ORIGIN), undefined, { next });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const provider = new URL(url);
    expect(provider.origin).toBe(idp.issuer);
    return this.follow(await this.send('GET', provider), provider, credentials);
  }

  viewer() {
    return viewerFromHeaders(new Headers({ cookie: this.cookieHeader(TEST_ORIGIN) }));
  }
}

const ada = { login: 'ada@corp.example', password: 'ada-at-the-provider' };

async function userByEmail(email: string) {
  const [row] = await harness.database.db.select().from(user).where(eq(user.email, email));
  return row;
}

describe('single sign-on with OpenID Connect', () => {
  it('signs in through the provider; the first sign-in creates the user with the mapped role', async () => {
    expect(await userByEmail(ada.login)).toBeUndefined();
    const browser = new Browser();
    const landed = await browser.signInWithSso(ada);
    expect(landed.url.pathname + landed.url.search).toBe('/renewals');
    const viewer = await browser.viewer();
    expect(viewer).toMatchObject({ email: ada.login, role: 'manager' });
    expect(await userByEmail(ada.login)).toMatchObject({ role: 'manager', name: 'Ada', deactivatedAt: null });

    const audited = await harness.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.sign_in'));
    expect(audited.some((entry) => entry.actorEmail === ada.login)).toBe(true);
  });

  it('signs the same person in again without a second account', async () => {
    const browser = new Browser();
    const landed = await browser.signInWithSso(ada, '/invoices');
    expect(landed.url.pathname).toBe('/invoices');
    const [{ count } = { count: 0 }] = await harness.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.email, ada.login));
    expect(count).toBe(1);
  });

  it('never sends the browser off the site after sign-in', async () => {
    const landed = await new Browser().signInWithSso(ada, '//evil.example/steal');
    expect(landed.url.origin).toBe(TEST_ORIGIN);
    expect(landed.url.pathname).toBe('/');
  });

  it('maps a role from a nested list of claims in the order configured, for a subdomain too', async () => {
    const browser = new Browser();
    const landed = await browser.signInWithSso({ login: 'cal@eu.corp.example', password: 'cal-pw' });
    expect(landed.url.pathname).toBe('/renewals');
    expect(await userByEmail('cal@eu.corp.example')).toMatchObject({ role: 'paralegal' });
  });

  it('refuses an email outside the allowed domains, and creates nothing', async () => {
    const landed = await new Browser().signInWithSso({ login: 'eve@elsewhere.example', password: 'eve-pw' });
    expect(landed.url.pathname).toBe('/sign-in');
    expect(landed.url.searchParams.get('error')).toBe('email_domain_not_allowed');
    expect(await userByEmail('eve@elsewhere.example')).toBeUndefined();
  });

  it('refuses a new user whose claim maps to no role until an admin chooses a default role', async () => {
    const bob = { login: 'bob@corp.example', password: 'bob-pw' };
    const refused = await new Browser().signInWithSso(bob);
    expect(refused.url.searchParams.get('error')).toBe('no_role_for_new_user');
    expect(await userByEmail(bob.login)).toBeUndefined();

    const { PUT, GET } = await import('@/app/api/admin/connection/sso/route');
    const { signIn } = await import('./app-harness');
    const admin = await signIn(harness.users.admin.email);
    const set = await PUT(
      jsonRequest('/api/admin/connection/sso', {
        method: 'PUT',
        cookie: admin,
        body: { defaultRole: 'finance' },
      }),
    );
    expect(set.status).toBe(200);
    const overview = (await (
      await GET(jsonRequest('/api/admin/connection/sso', { cookie: admin }))
    ).json()) as {
      defaultRole: string;
      providerName: string;
    };
    expect(overview).toMatchObject({ defaultRole: 'finance', providerName: 'Corp ID' });
    expect(JSON.stringify(overview)).not.toContain(idp.clientSecret);

    const browser = new Browser();
    const landed = await browser.signInWithSso(bob);
    expect(landed.url.pathname).toBe('/renewals');
    expect(await browser.viewer()).toMatchObject({ email: bob.login, role: 'finance' });
  });

  it('a user removed at the provider cannot sign in again once the session ends', async () => {
    const browser = new Browser();
    await browser.signInWithSso(ada);
    expect(await browser.viewer()).toMatchObject({ email: ada.login });

    idp.users.delete('sub-ada');
    // The dashboard's session ends (its absolute lifetime runs out).
    const adaRow = await userByEmail(ada.login);
    await harness.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, adaRow?.id ?? ''));
    expect(await browser.viewer()).toBeNull();

    // With the provider's own session still in the browser: the provider no longer vouches.
    const again = await browser.signInWithSso(ada);
    // The provider stops on its own error page (its session names an account it no longer has).
    expect(again.url.origin).toBe(idp.issuer);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await browser.viewer()).toBeNull();

    // From a fresh browser: the provider's login refuses the removed user; the dashboard is never reached.
    const fresh = new Browser();
    const attempt = await fresh.signInWithSso(ada);
    expect(attempt.url.origin).toBe(idp.issuer);
    expect(attempt.status).toBe(401);
    expect(await fresh.viewer()).toBeNull();

    idp.users.set('sub-ada', {
      email: 'ada@corp.example',
      name: 'Ada',
      password: 'ada-at-the-provider',
      groups: ['staff', 'annuity-managers'],
    });
  });

  it('our own deactivation wins over the provider', async () => {
    const cal = await userByEmail('cal@eu.corp.example');
    await harness.database.db
      .update(user)
      .set({ deactivatedAt: new Date() })
      .where(eq(user.id, cal?.id ?? ''));
    const browser = new Browser();
    const landed = await browser.signInWithSso({ login: 'cal@eu.corp.example', password: 'cal-pw' });
    expect(landed.url.pathname).toBe('/sign-in');
    expect(landed.url.searchParams.get('error')).toBe('account_deactivated');
    expect(await browser.viewer()).toBeNull();
  });

  it('links the provider to an existing account with the same email, keeping its role', async () => {
    // An administrator created this account in the dashboard; the provider knows the same person
    // with a claim that would map to another role.
    idp.users.set('sub-admin', {
      email: 'admin@corp.example',
      name: 'Admin',
      password: 'admin-pw',
      groups: ['annuity-paralegals'],
    });
    const existing = await harness.database.db
      .insert(user)
      .values({ id: 'local-admin-2', name: 'Admin', email: 'admin@corp.example', role: 'admin' })
      .returning();
    expect(existing).toHaveLength(1);
    const browser = new Browser();
    const landed = await browser.signInWithSso(
      { login: 'admin@corp.example', password: 'admin-pw' },
      '/admin',
    );
    expect(landed.url.pathname).toBe('/admin');
    expect(await browser.viewer()).toMatchObject({ userId: 'local-admin-2', role: 'admin' });
  });

  it('with LOCAL_PASSWORDS=off the password route refuses, even with the right password', async () => {
    const { POST } = await import('@/app/api/session/route');
    const signInRequest = () =>
      POST(
        jsonRequest('/api/session', {
          method: 'POST',
          body: { email: harness.users.paralegal.email, password: TEST_PASSWORD },
        }),
      );
    process.env.LOCAL_PASSWORDS = 'off';
    resetEnvForTests();
    setAuthForTests(createAuth(harness.database.db, parseEnv(process.env)));
    try {
      const response = await signInRequest();
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe('local_passwords_off');
      expect(response.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(false);
    } finally {
      delete process.env.LOCAL_PASSWORDS;
      resetEnvForTests();
      setAuthForTests(harness.auth);
    }
    expect((await signInRequest()).status).toBe(200);
  });
});

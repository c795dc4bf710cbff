import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/lib/policy/roles';
import { allows } from '@/lib/server/http/route';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { type DiscoveredRoute, discoverRoutes } from './routes';

const root = fileURLToPath(new URL('..', import.meta.url));

let harness: Awaited<ReturnType<typeof startAppHarness>>;
let sandbox: StartedSandbox;
let routes: DiscoveredRoute[];
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  // Routes that read the service reach the real stand-in service, so "allowed" means answered.
  sandbox = await startSandbox();
  process.env.ANNUITY_API_URL = sandbox.baseUrl;
  process.env.ANNUITY_API_KEY = sandbox.demoKey;
  harness = await startAppHarness();
  routes = await discoverRoutes(root);
  for (const role of ROLES) cookies[role] = await signIn(harness.users[role].email);
});
afterAll(async () => {
  await harness?.stop();
  await sandbox?.stop();
  delete process.env.ANNUITY_API_URL;
  delete process.env.ANNUITY_API_KEY;
});

const call = (route: DiscoveredRoute, cookie?: string, body?: unknown) =>
  route.handler(jsonRequest(route.path, { method: route.method, cookie, body }), {
    params: Promise.resolve(route.params),
  });

const allowedFor = (route: DiscoveredRoute, role: Role) => !route.access || allows(role, route.access);

// Signing out ends the session the matrix reuses, so it is exercised with sessions of its own.
const isSignOut = (route: DiscoveredRoute) => route.path === '/api/session' && route.method === 'DELETE';

describe('role × route matrix', () => {
  it('every route handler declares its access through defineRoute', () => {
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes
      .filter((route) => route.access === undefined)
      .map((r) => `${r.method} ${r.file}`);
    // The health check is the one plain handler: it reveals nothing and changes nothing.
    expect(undeclared).toEqual(['GET app/api/health/route.ts']);
  });

  it('every answer carries its request id and the security headers, refusals included', async () => {
    for (const route of routes.filter((r) => r.access && r.access !== 'public')) {
      const response = await call(route);
      const label = `${route.method} ${route.path}`;
      expect(response.headers.get('x-request-id'), label).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
    }
  });

  it('signed-out callers get 401 on every non-public route', async () => {
    for (const route of routes.filter((r) => r.access && r.access !== 'public')) {
      const response = await call(route);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  for (const role of ROLES) {
    it(`${role}: allowed routes answer, others 403`, async () => {
      for (const route of routes.filter((r) => r.access && r.access !== 'public' && !isSignOut(r))) {
        const allowed = allowedFor(route, role);
        const response = await call(route, cookies[role]);
        const label = `${role} ${route.method} ${route.path}`;
        if (allowed) expect([401, 403], label).not.toContain(response.status);
        else {
          expect(response.status, label).toBe(403);
          expect(((await response.json()) as { code: string }).code, label).toBe('forbidden_for_role');
        }
      }
    });
  }

  it('signing out ends the session for every later request', async () => {
    const route = routes.find(isSignOut);
    expect(route).toBeDefined();
    const cookie = await signIn(harness.users.paralegal.email);
    expect((await call(route as DiscoveredRoute, cookie)).status).toBe(200);
    const listUsers = routes.find(
      (r) => r.path === '/api/admin/users' && r.method === 'GET',
    ) as DiscoveredRoute;
    const adminCookie = await signIn(harness.users.admin.email);
    await call(route as DiscoveredRoute, adminCookie);
    expect((await call(listUsers, adminCookie)).status).toBe(401);
  });

  it('state-changing requests from another origin are refused before anything runs', async () => {
    // A route whose credential is a signed token in its URL is posted from other sites by design.
    for (const route of routes.filter((r) => r.access && r.method !== 'GET' && !r.tokenInUrl)) {
      const response = await route.handler(
        jsonRequest(route.path, {
          method: route.method,
          cookie: cookies.admin,
          body: {},
          headers: { origin: 'https://evil.example' },
        }),
        { params: Promise.resolve(route.params) },
      );
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('cross_origin_request');
    }
  });
});

describe('malformed input', () => {
  const garbage: unknown[] = [
    '{not json',
    '[]',
    'null',
    { email: 12, password: [] },
    { role: 'emperor', active: 'yes' },
    { x: 'y'.repeat(100_000) },
  ];

  it('never makes any route answer 5xx', async () => {
    for (const route of routes) {
      const allowedRole = ROLES.find((role) => allowedFor(route, role));
      // Sign-out would end the shared session: it gets one of its own.
      const cookie = isSignOut(route)
        ? await signIn(harness.users.finance.email)
        : cookies[allowedRole ?? 'admin'];
      for (const body of route.method === 'GET' ? [undefined] : garbage) {
        for (const param of ["'; drop table user; --", '../../etc/passwd', '%00', 'x'.repeat(500)]) {
          const path = Object.values(route.params).reduce(
            (p, sample) => p.replace(sample, encodeURIComponent(param)),
            route.path,
          );
          const response = await route.handler(
            jsonRequest(`${path}?currentPage=-1&month=13&offices=${'Z'.repeat(50)}`, {
              method: route.method,
              cookie,
              body,
            }),
            { params: Promise.resolve(Object.fromEntries(Object.keys(route.params).map((k) => [k, param]))) },
          );
          expect(response.status, `${route.method} ${route.path} ${String(body).slice(0, 20)}`).toBeLessThan(
            500,
          );
        }
      }
    }
    // Every route × four hostile params × every garbage body: the time grows with the routes.
  }, 120_000);

  it('refuses a body over 1 MB, even signed out, before reading it whole', async () => {
    const { POST } = await import('@/app/api/session/route');
    const response = await POST(
      jsonRequest('/api/session', {
        method: 'POST',
        body: { email: 'a@b.example', password: 'x'.repeat(2_000_000) },
      }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('body_too_large');
  });

  it('names the field at fault in a 400 problem', async () => {
    const route = routes.find((r) => r.path === '/api/admin/users' && r.method === 'POST') as DiscoveredRoute;
    const response = await call(route, cookies.admin, {
      name: 'X',
      email: 'not-an-email',
      role: 'admin',
      password: 'short',
    });
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { code: string; errors: { field: string }[] };
    expect(problem.code).toBe('invalid_input');
    expect(problem.errors.map((e) => e.field).sort()).toEqual(['email', 'password']);
  });
});

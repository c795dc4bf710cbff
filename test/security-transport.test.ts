import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/lib/env';
import { parseEnv } from '@/lib/env-schema';
import { jsonRequest, signIn, startAppHarness, TEST_ORIGIN } from './app-harness';

/**
 * Headers and transport: HSTS over https only, a restrictive CSP on every API answer,
 * Host and Origin checked against the configured public URL, X-Forwarded-* believed only from a
 * configured proxy, and no real service over plain http.
 */
let harness: Awaited<ReturnType<typeof startAppHarness>>;
let cookie: string;
beforeAll(async () => {
  harness = await startAppHarness();
  cookie = await signIn(harness.users.admin.email);
});
afterAll(async () => harness?.stop());
afterEach(() => configure({}));

function configure(values: Record<string, string>) {
  for (const name of ['PUBLIC_URL', 'TRUST_PROXY']) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvForTests();
}

async function listUsers(headers: Record<string, string> = {}, path = '/api/admin/users') {
  const { GET } = await import('@/app/api/admin/users/route');
  return GET(jsonRequest(path, { cookie, headers }));
}

describe('API answers', () => {
  it('carry a CSP that lets them load, run and be framed by nothing', async () => {
    const answer = await listUsers();
    expect(answer.status).toBe(200);
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Refusals too.
    const { GET } = await import('@/app/api/admin/users/route');
    const refused = await GET(jsonRequest('/api/admin/users'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('send HSTS only when served over https', async () => {
    expect((await listUsers()).headers.get('strict-transport-security')).toBeNull();
    // A client's own X-Forwarded-Proto means nothing without a trusted proxy.
    expect(
      (await listUsers({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'),
    ).toBeNull();

    configure({ TRUST_PROXY: '1' });
    expect(
      (await listUsers({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security'),
    ).toMatch(/max-age=\d+/);

    configure({ PUBLIC_URL: 'https://annuity.example.test' });
    expect((await listUsers()).headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });
});

describe('Host and Origin', () => {
  it('refuse a Host that is not the public URL or a local alias (421)', async () => {
    const answer = await listUsers({ host: 'rebound.evil.example' });
    expect(answer.status).toBe(421);
    expect(((await answer.json()) as { code: string }).code).toBe('misdirected_request');

    configure({ PUBLIC_URL: 'https://annuity.example.test' });
    expect((await listUsers({ host: 'annuity.example.test' })).status).toBe(200);
    expect((await listUsers({ host: 'localhost:3000' })).status).toBe(200);
  });

  it('believe X-Forwarded-Host only from a trusted proxy', async () => {
    configure({ PUBLIC_URL: 'https://annuity.example.test' });
    // Untrusted: the Host header decides, the forwarded one is ignored.
    expect((await listUsers({ host: 'localhost:3000', 'x-forwarded-host': 'evil.example' })).status).toBe(
      200,
    );
    configure({ PUBLIC_URL: 'https://annuity.example.test', TRUST_PROXY: '1' });
    expect(
      (await listUsers({ host: 'internal:3000', 'x-forwarded-host': 'annuity.example.test' })).status,
    ).toBe(200);
    expect((await listUsers({ host: 'internal:3000', 'x-forwarded-host': 'evil.example' })).status).toBe(421);
  });

  it('refuse an Origin that merely matches a forged Host', async () => {
    const { PATCH } = await import('@/app/api/admin/users/[userId]/route');
    const userId = harness.users.paralegal.id;
    const forged = await PATCH(
      jsonRequest(`/api/admin/users/${userId}`, {
        method: 'PATCH',
        cookie,
        body: { role: 'finance' },
        headers: {
          origin: 'http://evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'http',
        },
      }),
      { params: Promise.resolve({ userId }) },
    );
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('cross_origin_request');
    const same = await PATCH(
      jsonRequest(`/api/admin/users/${userId}`, {
        method: 'PATCH',
        cookie,
        body: { role: 'paralegal' },
        headers: { origin: TEST_ORIGIN },
      }),
      { params: Promise.resolve({ userId }) },
    );
    expect(same.status).toBe(200);
  });
});

describe('pages (proxy.ts)', () => {
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const { NextRequest } = await import('next/server');
    const { proxy } = await import('@/proxy');
    return proxy(new NextRequest(url, { headers }));
  };

  it('refuse an unexpected Host, and send HSTS only over https', async () => {
    expect((await page('http://localhost:3000/renewals', { host: 'rebound.evil.example' })).status).toBe(421);
    const plain = await page('http://localhost:3000/renewals', { host: 'localhost:3000' });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    configure({ PUBLIC_URL: 'https://annuity.example.test' });
    const secure = await page('https://annuity.example.test/renewals', { host: 'annuity.example.test' });
    expect(secure.status).toBe(200);
    expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});

describe('the service address', () => {
  const key = 'ab'.repeat(32);
  it('must be https unless it is a loopback address', () => {
    expect(() => parseEnv({ ANNUITY_API_URL: 'http://annuity.example.test', ANNUITY_API_KEY: key })).toThrow(
      /ANNUITY_API_URL: must be https/,
    );
    for (const url of [
      'https://annuity.example.test',
      'http://127.0.0.1:4010',
      'http://localhost:4010',
      'http://[::1]:4010',
    ])
      expect(parseEnv({ ANNUITY_API_URL: url, ANNUITY_API_KEY: key }).ANNUITY_API_URL).toBe(url);
  });

  it('validates the session lifetimes and the proxy setting', () => {
    expect(parseEnv({}).SESSION_MAX_AGE_HOURS).toBe(12);
    expect(parseEnv({}).SESSION_IDLE_MINUTES).toBe(60);
    expect(() => parseEnv({ SESSION_MAX_AGE_HOURS: '1', SESSION_IDLE_MINUTES: '120' })).toThrow(
      /SESSION_IDLE_MINUTES/,
    );
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

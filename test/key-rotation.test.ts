import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnuityClient } from '@/lib/annuity/client';
import { SCOPES } from '@/lib/annuity/schemas';
import type { ApiKeyAlert, ApiKeysOverview, ApiKeyView } from '@/lib/connection/api-key-views';
import { auditLog, upstreamApiKey, upstreamKeyState } from '@/lib/db/schema';
import { ACTIVE_KEY_CACHE_MS } from '@/lib/server/connection/active-key';
import { serviceEnv } from '@/lib/server/connection/testing';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/**
 * Key rotation without downtime (spec: Authentication 2, two keys can be valid at once),
 * end to end: our route handlers, a real stand-in service with several keys for one tenant, and
 * a steady stream of reads through the dashboard while an admin switches keys. Not one read may
 * fail, and after a switch the old key is no longer used.
 */

const TODAY = '2026-03-16';
const TENANT = 'rotation';

let sandbox: StartedSandbox;
let harness: Awaited<ReturnType<typeof startAppHarness>>;
let admin: string;
let paralegal: string;
const keys = { env: '', second: '', third: '', expiring: '' };
let feesPath = '';
let feesParams: Record<string, string> = {};
const env = serviceEnv();

beforeAll(async () => {
  sandbox = await startSandbox({ today: TODAY });
  await sandbox.operator.createTenant({ name: TENANT, patents: 20, seed: 17 });
  const create = async (expiresAt?: string) =>
    (await sandbox.operator.createKey({ tenant: TENANT, scopes: [...SCOPES], expiresAt })).key;
  keys.env = await create();
  keys.second = await create();
  keys.third = await create();
  keys.expiring = await create('2026-04-01T00:00:00.000Z');
  env.point(sandbox.baseUrl, keys.env);
  harness = await startAppHarness();
  admin = await signIn(harness.users.admin.email);
  paralegal = await signIn(harness.users.paralegal.email);

  const client = createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: keys.env, retries: 0 });
  const { data: patents } = await client.getPatents({ itemsPerPage: 10 });
  for (const patent of patents.data) {
    const { data: events } = await client.getPatentEvents(patent.id);
    const event = events[0];
    if (!event) continue;
    feesParams = { patentId: patent.id, eventId: event.id };
    feesPath = `/api/patents/${patent.id}/events/${event.id}/fees`;
    break;
  }
  expect(feesPath).not.toBe('');
}, 180_000);

afterAll(async () => {
  await harness?.stop();
  await sandbox?.stop();
  env.restore();
});

const keysRoute = () => import('@/app/api/admin/api-keys/route');
const keyRoute = () => import('@/app/api/admin/api-keys/[keyId]/route');
const activateRoute = () => import('@/app/api/admin/api-keys/[keyId]/activate/route');
const params = (keyId: string) => ({ params: Promise.resolve({ keyId }) });

async function addKey(key: string, extra: Record<string, unknown> = {}): Promise<Response> {
  const { POST } = await keysRoute();
  return POST(jsonRequest('/api/admin/api-keys', { method: 'POST', cookie: admin, body: { key, ...extra } }));
}

async function addedKey(key: string, extra: Record<string, unknown> = {}): Promise<ApiKeyView> {
  const response = await addKey(key, extra);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  // What the browser gets back shows the key by its last four characters only.
  expect(text).not.toContain(key);
  expect(text).not.toContain(key.slice(0, 60));
  return (JSON.parse(text) as { key: ApiKeyView }).key;
}

async function activate(keyId: string): Promise<Response> {
  const { POST } = await activateRoute();
  return POST(
    jsonRequest(`/api/admin/api-keys/${keyId}/activate`, { method: 'POST', cookie: admin }),
    params(keyId),
  );
}

async function overview(): Promise<ApiKeysOverview & { alert: ApiKeyAlert | null }> {
  const { GET } = await keysRoute();
  const response = await GET(jsonRequest('/api/admin/api-keys', { cookie: admin }));
  expect(response.status).toBe(200);
  return (await response.json()) as ApiKeysOverview & { alert: ApiKeyAlert | null };
}

/** One read through our route handler, as a paralegal's browser would make it. */
async function readFees(): Promise<number> {
  const { GET } = await import('@/app/api/patents/[patentId]/events/[eventId]/fees/route');
  const response = await GET(jsonRequest(feesPath, { cookie: paralegal }), {
    params: Promise.resolve(feesParams),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Reads in `workers` parallel loops until `during` resolves; returns every status seen. */
async function underLoad(during: () => Promise<void>, workers = 4): Promise<number[]> {
  const statuses: number[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) statuses.push(await readFees());
  });
  // Let the load build up before the switch, and run on a while after it.
  while (statuses.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
  await during();
  const after = statuses.length;
  while (statuses.length < after + 20) await new Promise((resolve) => setTimeout(resolve, 10));
  running = false;
  await Promise.all(loops);
  return statuses;
}

async function callsByKey(): Promise<Record<string, number>> {
  const usage = await sandbox.operator.getUsage(TENANT);
  return Object.fromEntries(usage.keys.map((key) => [key.keyHint, key.calls]));
}

const hint = (key: string) => key.slice(-4);

describe('API key rotation without downtime', () => {
  it('refuses a key the service does not accept, and stores nothing', async () => {
    const unknown = 'f'.repeat(64);
    const response = await addKey(unknown);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { code: string; detail: string };
    expect(body.code).toBe('key_not_accepted');
    expect(JSON.stringify(body)).not.toContain(unknown);
    expect((await overview()).keys.map((key) => key.last4)).toEqual([hint(keys.env)]);
  });

  it('refuses a malformed key without echoing it', async () => {
    const response = await addKey('not-a-key-at-all-but-secret-looking');
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('secret-looking');
  });

  it('starts on the environment key, then switches to a new key under load with no failed read', async () => {
    const before = await overview();
    expect(before.keys).toEqual([expect.objectContaining({ id: 'environment', active: true })]);

    const second = await addedKey(keys.second, { label: 'second', expiresAt: '2027-01-31' });
    expect(second).toMatchObject({ last4: hint(keys.second), active: false, label: 'second' });
    expect(second.scopes?.['patents:read']).toBe('granted');

    const statuses = await underLoad(async () => {
      expect((await activate(second.id)).status).toBe(200);
    });
    expect(statuses.length).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Requests that start after the switch use the new key only.
    await sandbox.operator.resetUsage(TENANT);
    for (let i = 0; i < 5; i += 1) expect(await readFees()).toBe(200);
    const calls = await callsByKey();
    expect(calls[hint(keys.second)]).toBe(5);
    expect(calls[hint(keys.env)] ?? 0).toBe(0);

    const after = await overview();
    expect(after.keys.find((key) => key.active)?.id).toBe(second.id);
    // Nothing the admin page receives contains a key.
    expect(JSON.stringify(after)).not.toContain(keys.second);
    expect(JSON.stringify(after)).not.toContain(keys.env);
  });

  it('rotates again, removes the old key, and never removes the key in use', async () => {
    const { keys: listed } = await overview();
    const second = listed.find((key) => key.last4 === hint(keys.second)) as ApiKeyView;
    const third = await addedKey(keys.third);
    const statuses = await underLoad(async () => {
      expect((await activate(third.id)).status).toBe(200);
    });
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    const { DELETE } = await keyRoute();
    const removeActive = await DELETE(
      jsonRequest(`/api/admin/api-keys/${third.id}`, { method: 'DELETE', cookie: admin }),
      params(third.id),
    );
    expect(removeActive.status).toBe(409);
    const removeOld = await DELETE(
      jsonRequest(`/api/admin/api-keys/${second.id}`, { method: 'DELETE', cookie: admin }),
      params(second.id),
    );
    expect(removeOld.status).toBe(200);
    expect((await overview()).keys.map((key) => key.last4).sort()).toEqual(
      [hint(keys.env), hint(keys.third)].sort(),
    );
    expect(await readFees()).toBe(200);

    const audited = await harness.database.db
      .select({ action: auditLog.action, target: auditLog.target, details: auditLog.details })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'api_key.%'`);
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['api_key.add', 'api_key.activate', 'api_key.remove']),
    );
    for (const key of Object.values(keys)) expect(JSON.stringify(audited)).not.toContain(key);
  });

  it('stores keys encrypted: the database holds no key in clear', async () => {
    const rows = await harness.database.db.select().from(upstreamApiKey);
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    for (const key of Object.values(keys)) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.toUpperCase());
    }
  });

  it('follows a switch made by another instance once the short cache runs out', async () => {
    // Another instance switches back to the environment key: one update of the shared row.
    await harness.database.db
      .update(upstreamKeyState)
      .set({ activeKeyId: null, revision: sql`${upstreamKeyState.revision} + 1`, switchedAt: new Date() })
      .where(eq(upstreamKeyState.id, 'default'));
    await new Promise((resolve) => setTimeout(resolve, ACTIVE_KEY_CACHE_MS + 200));
    await sandbox.operator.resetUsage(TENANT);
    for (let i = 0; i < 3; i += 1) expect(await readFees()).toBe(200);
    const calls = await callsByKey();
    expect(calls[hint(keys.env)]).toBe(3);
    expect(calls[hint(keys.third)] ?? 0).toBe(0);
  }, 30_000);

  it('warns admins ahead of a recorded expiry, and raises the alarm on api_key_expired', async () => {
    const expiring = await addedKey(keys.expiring);
    expect((await activate(expiring.id)).status).toBe(200);
    expect((await overview()).alert).toBeNull();

    // The admin records the expiry the operator announced; within 30 days of it admins are warned
    // (the dashboard's clock is the real one, so the date is 10 days from now).
    const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const { PATCH } = await keyRoute();
    const recorded = await PATCH(
      jsonRequest(`/api/admin/api-keys/${expiring.id}`, {
        method: 'PATCH',
        cookie: admin,
        body: { expiresAt: soon },
      }),
      params(expiring.id),
    );
    expect(recorded.status).toBe(200);
    const warned = (await overview()).alert;
    expect(warned?.tone).toBe('warning');
    expect(warned?.message).toContain(`…${hint(keys.expiring)}`);
    expect(warned?.message).toContain('in 10 days');

    // The service's clock passes the key's real expiry: the next read meets api_key_expired.
    await sandbox.operator.setToday('2026-04-02');
    expect(await readFees()).not.toBe(200);
    let alarm: ApiKeyAlert | null = null;
    // The observation is written beside the answer, not before it: give it a moment.
    for (let i = 0; i < 50 && alarm?.tone !== 'danger'; i += 1) {
      alarm = (await overview()).alert;
      if (alarm?.tone !== 'danger') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(alarm?.tone).toBe('danger');
    expect(alarm?.message).toContain('api_key_expired');
    // Another stored key is ready, so the alert names it as the way out.
    expect(alarm?.message).toContain(`…${hint(keys.third)}`);
  });
});

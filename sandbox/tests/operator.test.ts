import { describe, expect, it } from 'vitest';
import { AnnuityNetworkError, AnnuityOutcomeUnknownError } from '../../lib/annuity/errors';
import { strict } from '../../lib/annuity/schemas';
import { FaultInjector } from '../http/faults';
import {
  ClockSchema,
  CreatedKeySchema,
  FaultSettingsSchema,
  FxRatesSchema,
  OperatorTenantSchema,
  UsageReportSchema,
} from '../operator/schemas';
import { OperatorApiError } from '../operator-client';
import { hashKey } from '../service';
import {
  BASE_URL,
  expectStrict,
  firstEventWhere,
  OPERATOR_TOKEN,
  problemOf,
  serviceForSuite,
  TEST_TODAY,
} from './harness';

describe('operator API: access, tenants and keys', () => {
  const h = serviceForSuite();

  it('requires the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${OPERATOR_TOKEN}`, OPERATOR_TOKEN]) {
      const response = await h.fetch(`${BASE_URL}/operator/v1/tenants`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status, authorization).toBe(401);
      expect((await problemOf(response)).code).toBe('unauthorized');
    }
    expect((await h.operator.listTenants()).map((tenant) => tenant.name)).toEqual(['demo', 'pacific']);
  });

  it('creates tenants with defaults, rejects duplicates and bad input', async () => {
    const created = await h.operator.createTenant({ name: 'acme', patents: 120, seed: 5 });
    expect(created).toMatchObject({
      name: 'acme',
      patents: 120,
      seed: 5,
      currency: 'EUR',
      freezeEnabled: true,
      freezeHorizonMonths: 3,
      anchorDate: TEST_TODAY,
      counts: { patents: 120 },
    });
    expect(created.counts.events).toBeGreaterThan(200);
    await expect(h.operator.createTenant({ name: 'acme' })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
    for (const bad of [
      { name: '' },
      { name: 'a b' },
      { name: 'x', patents: -1 },
      { name: 'x', currency: 'XYZ' },
      { name: 'x', color: 'red' },
    ]) {
      await expect(h.operator.createTenant(bad as never)).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    }
    expect((await h.operator.getTenant('acme')).id).toBe(created.id);
    await expect(h.operator.getTenant('nobody')).rejects.toMatchObject({ status: 404 });
  });

  it('issues keys shown once and stored as a hash; the key works for its tenant only', async () => {
    await h.operator.createTenant({ name: 'keyed', patents: 20 });
    const created = await h.operator.createKey({ tenant: 'keyed', scopes: ['patents:read'], dailyLimit: 50 });
    expect(created.key).toMatch(/^[0-9a-f]{64}$/);
    expect(created).toMatchObject({ tenant: 'keyed', scopes: ['patents:read'], dailyLimit: 50 });
    expect(Date.parse(created.expiresAt)).toBeGreaterThan(Date.now());
    const page = (await (await h.call('/patents?itemsPerPage=100', { key: created.key })).json()) as {
      pagination: { totalItems: number };
    };
    expect(page.pagination.totalItems).toBe(20);
    // Only the hash is kept: the usage report shows the last four characters, never the key.
    const usage = await h.operator.getUsage('keyed');
    expect(JSON.stringify(usage)).not.toContain(created.key);
    expect(usage.keys[0]?.keyHint).toBe(created.key.slice(-4));
    expect(hashKey(created.key)).toMatch(/^[0-9a-f]{64}$/);
    await expect(h.operator.createKey({ tenant: 'nobody', scopes: [] })).rejects.toMatchObject({
      status: 404,
    });
    await expect(h.operator.createKey({ tenant: 'keyed', scopes: ['admin'] })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('answers in the shapes of its schemas (operator/schemas.ts)', async () => {
    expectStrict(
      OperatorTenantSchema,
      await h.operator.createTenant({ name: 'shapes', patents: 5 }),
      'tenant',
    );
    for (const tenant of await h.operator.listTenants())
      expectStrict(OperatorTenantSchema, tenant, 'tenants');
    const key = await h.operator.createKey({ tenant: 'shapes', scopes: ['patents:read'] });
    expectStrict(CreatedKeySchema, key, 'key');
    expectStrict(UsageReportSchema, await h.operator.getUsage('shapes'), 'usage');
    expectStrict(ClockSchema, await h.operator.getClock(), 'clock');
    expectStrict(FxRatesSchema, await h.operator.getFxRates(), 'fx rates');
    expectStrict(FaultSettingsSchema, await h.operator.setFaults({ every: 2, paths: ['patents'] }), 'faults');
    expectStrict(FaultSettingsSchema, await h.operator.clearFaults(), 'faults');
  });
});

describe('operator API: progress, clock, usage', () => {
  const h = serviceForSuite();

  it('moves an event one step along the pipeline, or to a given status, as the office would', async () => {
    const event = firstEventWhere(
      h.demo(),
      (candidate) => candidate.appliedDecision === 'PROCEED' && candidate.processingStatus === 'INSTRUCTED',
    );
    const moved = await h.operator.progressEvent(event.id);
    expectStrict(strict.patentEvent, moved);
    expect(moved.processingStatus).toBe('PAYMENT_SENT');
    expect(moved.processingStatusUpdatedAt?.startsWith(TEST_TODAY)).toBe(true);
    const fulfilled = await h.operator.progressEvent(event.id, 'FULFILLED');
    expect(fulfilled.processingStatus).toBe('FULFILLED');
    expect(event.officialReceipt).not.toBeNull();
    await expect(h.operator.progressEvent(event.id)).rejects.toMatchObject({ status: 409, code: 'conflict' });

    const other = firstEventWhere(
      h.demo(),
      (candidate) => candidate.appliedDecision === 'PROCEED' && candidate.processingStatus === 'PAYMENT_SENT',
    );
    expect((await h.operator.progressEvent(other.id, 'UNPROCESSABLE')).processingStatus).toBe(
      'UNPROCESSABLE',
    );
    await expect(h.operator.progressEvent(other.id, 'FULFILLED')).rejects.toMatchObject({ status: 409 });

    const skipped = firstEventWhere(
      h.demo(),
      (candidate) =>
        candidate.appliedDecision === 'SKIP_THIS_TIME' && candidate.processingStatus === 'INSTRUCTED',
    );
    expect((await h.operator.progressEvent(skipped.id)).processingStatus).toBe('FULFILLED');
    expect(skipped.officialReceipt).toBeNull();

    const undecided = firstEventWhere(h.demo(), (candidate) => candidate.appliedDecision === null);
    await expect(h.operator.progressEvent(undecided.id)).rejects.toMatchObject({ status: 409 });
    const backwards = firstEventWhere(
      h.demo(),
      (candidate) => candidate.processingStatus === 'PAYMENT_CONFIRMED',
    );
    await expect(h.operator.progressEvent(backwards.id, 'PAYMENT_SENT')).rejects.toMatchObject({
      status: 409,
    });
    await expect(h.operator.progressEvent('6f1c2a9e-5b7d-4e21-9c3a-0d8e6f4b2a11')).rejects.toMatchObject({
      status: 404,
    });
    await expect(h.operator.progressEvent(event.id, 'DONE' as never)).rejects.toMatchObject({ status: 400 });
  });

  it('reads, pins and unpins the service clock', async () => {
    expect(await h.operator.getClock()).toMatchObject({ today: TEST_TODAY, isPinned: true });
    const pinned = await h.operator.setToday('2026-07-01');
    expect(pinned).toMatchObject({ today: '2026-07-01', isPinned: true });
    expect(pinned.now.startsWith('2026-07-0')).toBe(true);
    const real = await h.operator.setToday(null);
    expect(real.isPinned).toBe(false);
    await expect(h.operator.setToday('2026-02-30')).rejects.toBeInstanceOf(OperatorApiError);
    await h.operator.setToday(TEST_TODAY);
  });

  it('counts calls per key and per operation name, and resets them', async () => {
    await h.operator.resetUsage('demo');
    const client = h.client(h.demoKey);
    await client.getPatents();
    await client.getPatents({ itemsPerPage: 2 });
    await client.getPatentEventsByPeriod({ dueMonth: '2026-03' });
    await client.getInvoices();
    await client.getExchangeRateFreezes();
    await h.call('/openapi.json', { key: null });
    const usage = await h.operator.getUsage('demo');
    expect(usage.operations).toEqual({
      getPatents: 2,
      getPatentEventsByPeriod: 1,
      getInvoices: 1,
      getExchangeRateFreezes: 1,
    });
    expect(usage.calls).toBe(5);
    expect(usage.keys[0]).toMatchObject({ calls: 5, today: { calls: 5 } });
    const reset = await h.operator.resetUsage('demo');
    expect(reset.calls).toBe(0);
    await expect(h.operator.getUsage('nobody')).rejects.toMatchObject({ status: 404 });
    const missing = await h.fetch(`${BASE_URL}/operator/v1/usage`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(missing.status).toBe(400);
  });
});

describe('fault injection', () => {
  const h = serviceForSuite();

  it('adds latency to API calls only', async () => {
    await h.operator.setFaults({ latencyMs: 120 });
    let started = performance.now();
    expect((await h.call('/patents')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    started = performance.now();
    await h.operator.getClock();
    expect(performance.now() - started).toBeLessThan(100);
    await h.operator.clearFaults();
  });

  it('answers an injected error status as a problem, before authentication and without using quota', async () => {
    await h.operator.resetUsage('demo');
    await h.operator.setFaults({ errorRate: 1, errorStatus: 503 });
    const response = await h.call('/patents');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    const problem = await problemOf(response);
    expect(problem).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      instance: '/api/v2/external/patents',
    });
    expect(problem.requestId).toBe(response.headers.get('x-request-id'));
    expect((await h.operator.getUsage('demo')).calls).toBe(0);
    // The typed client retries a GET on 5xx, then reports the failure.
    await expect(h.client(h.demoKey).getPatents()).rejects.toMatchObject({ status: 503 });
    await h.operator.setFaults({ errorRate: 1, errorStatus: 500 });
    expect((await h.call('/invoices')).status).toBe(500);
    await h.operator.clearFaults();
    expect((await h.call('/patents')).status).toBe(200);
  });

  it('restricts faults to the given paths', async () => {
    await h.operator.setFaults({
      errorRate: 1,
      errorStatus: 502,
      paths: ['patent-instructions', '/api/v2/external/invoices'],
    });
    expect((await h.operator.getFaults()).paths).toEqual([
      '/api/v2/external/patent-instructions',
      '/api/v2/external/invoices',
    ]);
    expect((await h.call('/patents')).status).toBe(200);
    expect((await h.call('/invoices')).status).toBe(502);
    expect(
      (await h.call('/patent-instructions', { method: 'POST', body: { instructions: [] } })).status,
    ).toBe(502);
    await h.operator.clearFaults();
  });

  it('drops the connection without an answer: a read is retried, a write becomes outcome-unknown', async () => {
    await h.operator.setFaults({ dropRate: 1 });
    await expect(h.call('/patents')).rejects.toBeInstanceOf(TypeError);
    await expect(h.client(h.demoKey).getPatents()).rejects.toBeInstanceOf(AnnuityNetworkError);
    await expect(
      h.client(h.demoKey).postPatentInstructions({
        instructions: [{ eventId: '6f1c2a9e-5b7d-4e21-9c3a-0d8e6f4b2a11', decision: 'PROCEED' }],
      }),
    ).rejects.toBeInstanceOf(AnnuityOutcomeUnknownError);
    // The operator API and the OpenAPI document are never faulted.
    expect((await h.operator.getFaults()).dropRate).toBe(1);
    expect((await h.call('/openapi.json', { key: null })).status).toBe(200);
    await h.operator.clearFaults();
    expect((await h.call('/patents')).status).toBe(200);
  });

  it('applies rates as probabilities', () => {
    const rolls = [0.9, 0.1, 0.4, 0.6];
    let index = 0;
    const injector = new FaultInjector(() => rolls[index++ % rolls.length] as number);
    injector.set({ dropRate: 0.5, errorRate: 0.5 });
    // First request: drop roll 0.9 (no), error roll 0.1 (yes). Second: drop roll 0.4 (yes).
    expect(injector.decide('/api/v2/external/patents')?.outcome).toBe('error');
    expect(injector.decide('/api/v2/external/patents')?.outcome).toBe('drop');
    injector.clear();
    expect(injector.decide('/api/v2/external/patents')).toBeNull();
  });

  it('validates the fault settings', async () => {
    for (const bad of [{ errorRate: 2 }, { errorStatus: 200 }, { latencyMs: -1 }, { paths: 'x' }]) {
      await expect(h.operator.setFaults(bad as never)).rejects.toMatchObject({ status: 400 });
    }
  });
});

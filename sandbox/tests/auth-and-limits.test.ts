import { describe, expect, it } from 'vitest';
import { AnnuityApiError } from '../../lib/annuity/errors';
import { strict } from '../../lib/annuity/schemas';
import { OPERATION_SCOPES } from '../api/operation';
import { secondsUntilLocalMidnight, UsageMeter } from '../domain/usage';
import { BASE_URL, expectStrict, type Harness, problemOf, serviceForSuite } from './harness';

const SOME_UUID = '11111111-2222-4333-8444-555555555555';

/** One request per operation, with ids that exist in the demo tenant (spec: Endpoints). */
function operationRequests(
  h: Harness,
): Record<keyof typeof OPERATION_SCOPES, { path: string; method?: string; body?: unknown }> {
  const tenant = h.demo();
  const event = [...tenant.eventsById.values()].find((candidate) => candidate.officialReceipt !== null);
  if (!event) throw new Error('no fulfilled event');
  const eventPath = `/patents/${event.patent.id}/events/${event.id}`;
  const invoice = tenant.invoices[0];
  return {
    getPatents: { path: '/patents' },
    getPatent: { path: `/patents/${event.patent.id}` },
    getPatentEvents: { path: `/patents/${event.patent.id}/events` },
    getPatentEvent: { path: eventPath },
    getPatentEventFees: { path: `${eventPath}/fees` },
    getInvoiceDocument: { path: `${eventPath}/documents/invoice` },
    getInstructionReceiptDocument: { path: `${eventPath}/documents/instruction-receipt` },
    getOfficialReceiptDocument: { path: `${eventPath}/documents/official-receipt` },
    getPatentEventsByPeriod: { path: '/patent-events?dueMonth=2026-03' },
    postPatentInstructions: { path: '/patent-instructions', method: 'POST', body: { instructions: [] } },
    getInvoices: { path: '/invoices' },
    getInvoice: { path: `/invoices/${invoice?.id}` },
    getExchangeRateFreezes: { path: '/exchange-rate-freezes' },
    getExchangeRateFreeze: { path: '/exchange-rate-freezes/2026-04' },
    putExchangeRateFreeze: { path: '/exchange-rate-freezes/2026-04', method: 'PUT' },
  };
}

describe('authentication (spec: Authentication)', () => {
  const h = serviceForSuite();

  it('answers 401 invalid_api_key to a missing, malformed or unknown key, on every operation', async () => {
    for (const request of Object.values(operationRequests(h))) {
      for (const key of [null, 'not-a-key', 'f'.repeat(64)]) {
        const response = await h.call(request.path, { ...request, key });
        expect(response.status).toBe(401);
        const problem = await problemOf(response);
        expect(problem.code).toBe('invalid_api_key');
        expect(response.headers.get('RateLimit-Limit')).toBeNull();
      }
    }
  });

  it('answers 401 api_key_expired to a key past its expiresAt', async () => {
    const { key } = await h.tenantWithKey(
      { name: 'expired', patents: 10 },
      { expiresAt: '2026-03-01T00:00:00.000Z' },
    );
    const response = await h.call('/patents', { key });
    expect(response.status).toBe(401);
    expect((await problemOf(response)).code).toBe('api_key_expired');
    const { key: fresh } = await h.tenantWithKey(
      { name: 'not-expired', patents: 10 },
      { expiresAt: '2027-01-01T00:00:00.000Z' },
    );
    expect((await h.call('/patents', { key: fresh })).status).toBe(200);
    // The service's clock decides: moving it past expiresAt expires the key.
    await h.operator.setToday('2027-02-01');
    expect((await problemOf(await h.call('/patents', { key: fresh }))).code).toBe('api_key_expired');
    await h.operator.setToday('2026-03-10');
  });

  it('checks exactly one scope per operation: 403 insufficient_scope names it; an empty list grants nothing', async () => {
    const { key: none } = await h.tenantWithKey({ name: 'no-scopes', patents: 10 }, { scopes: [] });
    const requests = operationRequests(h);
    for (const [operation, scope] of Object.entries(OPERATION_SCOPES)) {
      const request = requests[operation as keyof typeof OPERATION_SCOPES];
      const response = await h.call(request.path, { ...request, key: none });
      expect(response.status, operation).toBe(403);
      const problem = expectStrict(strict.problem, await response.json());
      expect(problem.code).toBe('insufficient_scope');
      expect(problem.requiredScope).toBe(scope);
    }
    for (const scope of new Set(Object.values(OPERATION_SCOPES))) {
      const { key } = await h.tenantWithKey(
        { name: `only-${scope.replaceAll(':', '-')}`, patents: 10 },
        { scopes: [scope] },
      );
      for (const [operation, needed] of Object.entries(OPERATION_SCOPES)) {
        const request = requests[operation as keyof typeof OPERATION_SCOPES];
        // The ids are the demo tenant's: the scope is checked first, so a missing scope is 403 and a
        // granted one gets as far as the lookup (404), never 403.
        const response = await h.call(request.path, { ...request, key });
        if (needed === scope) expect(response.status, `${operation} with ${scope}`).not.toBe(403);
        else expect((await problemOf(response)).requiredScope, operation).toBe(needed);
      }
    }
  });

  it('checks the scope before the body: an empty batch is 400 with the write scope and 403 without it', async () => {
    const { key: writer } = await h.tenantWithKey(
      { name: 'writer', patents: 10 },
      { scopes: ['patents:instructions:write'] },
    );
    const { key: reader } = await h.tenantWithKey(
      { name: 'reader', patents: 10 },
      { scopes: ['patents:read'] },
    );
    const body = { instructions: [] };
    const withScope = await h.call('/patent-instructions', { method: 'POST', key: writer, body });
    expect(withScope.status).toBe(400);
    const problem = await problemOf(withScope);
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors?.[0]?.pointer).toBe('/instructions');
    const withoutScope = await h.call('/patent-instructions', {
      method: 'POST',
      key: reader,
      body: 'not even json',
    });
    expect(withoutScope.status).toBe(403);
    expect((await problemOf(withoutScope)).requiredScope).toBe('patents:instructions:write');
    // Through the typed client, as the dashboard's connection check does.
    await expect(
      h
        .client(writer)
        .postPatentInstructions(
          body as unknown as Parameters<ReturnType<Harness['client']>['postPatentInstructions']>[0],
        ),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('request ids and problem documents (spec: Errors, Authentication 8)', () => {
  const h = serviceForSuite({ demo: true });

  it('echoes a non-empty inbound X-Request-Id and uses it as requestId', async () => {
    const ok = await h.call('/patents', { headers: { 'X-Request-Id': 'trace-abc-123' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-abc-123');
    const failed = await h.call('/patents?sort=nope', { headers: { 'X-Request-Id': 'trace-def-456' } });
    expect(failed.headers.get('x-request-id')).toBe('trace-def-456');
    expect((await problemOf(failed)).requestId).toBe('trace-def-456');
  });

  it('generates one otherwise, on successes, problems, unknown paths and the operator API alike', async () => {
    const responses = [
      await h.call('/patents'),
      await h.call('/patents', { key: null }),
      await h.call('/nothing-here'),
      await h.call('/operator/v1/clock', {
        key: null,
        headers: { authorization: 'Bearer test-operator-token' },
      }),
      await h.call('/api/v2/external/openapi.json', { key: null }),
    ];
    const ids = responses.map((response) => response.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const problem = await problemOf(responses[1] as Response);
    expect(problem.requestId).toBe(ids[1]);
  });

  it('writes problems as RFC 9457 with type, title, status, detail, instance and code', async () => {
    const response = await h.call('/patents?itemsPerPage=abc');
    expect(response.status).toBe(400);
    const problem = expectStrict(strict.problem, await response.json());
    expect(problem).toMatchObject({
      type: '/errors/validation-failed',
      title: expect.any(String),
      status: 400,
      instance: '/api/v2/external/patents',
      code: 'validation_failed',
    });
    expect(problem.errors).toEqual([{ pointer: '/itemsPerPage', detail: expect.stringContaining('abc') }]);
  });

  it('answers unknown paths and methods with a 404 problem, key or not', async () => {
    for (const [path, method, key] of [
      ['/api/v2/external/unknown', 'GET', undefined],
      ['/api/v2/external/patents', 'DELETE', undefined],
      ['/api/v3/external/patents', 'GET', undefined],
      [`${BASE_URL}/somewhere`, 'GET', null],
    ] as const) {
      const response = await h.call(path, { method, key });
      expect(response.status).toBe(404);
      const problem = expectStrict(strict.problem, await response.json());
      expect(problem.code).toBe('not_found');
      expect(problem.instance).toBe(path.replace(BASE_URL, ''));
    }
  });
});

describe('daily quota (spec: Limits 2 and 3)', () => {
  const h = serviceForSuite({ demo: false });

  it('sends RateLimit headers on authenticated answers, then 429 with Retry-After and without them', async () => {
    const { key } = await h.tenantWithKey(
      { name: 'quota', patents: 10 },
      { dailyLimit: 3, scopes: ['patents:read'] },
    );
    const expectedReset = secondsUntilLocalMidnight(new Date());
    const remaining: string[] = [];
    // A success, a 400 and a 403 all count: every authenticated request uses quota.
    for (const path of ['/patents', '/patents?sort=bad', '/invoices']) {
      const response = await h.call(path, { key });
      expect(response.headers.get('RateLimit-Limit')).toBe('3');
      const reset = Number(response.headers.get('RateLimit-Reset'));
      expect(Math.abs(reset - expectedReset)).toBeLessThanOrEqual(5);
      remaining.push(response.headers.get('RateLimit-Remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await h.call('/patents', { key });
    expect(limited.status).toBe(429);
    const problem = expectStrict(strict.problem, await limited.json());
    expect(problem.code).toBe('rate_limit_exceeded');
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(Math.abs(retryAfter - expectedReset)).toBeLessThanOrEqual(5);
    for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
      expect(limited.headers.get(header)).toBeNull();
    }
    // Through the typed client: the error carries Retry-After.
    const error = await h
      .client(key)
      .getPatents()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnnuityApiError);
    expect((error as AnnuityApiError).retryAfterSeconds).toBeGreaterThan(0);
    // A request that fails authentication uses no quota of any key.
    expect((await h.call('/patents', { key: null })).headers.get('RateLimit-Remaining')).toBeNull();

    const usage = await h.operator.getUsage('quota');
    expect(usage.keys[0]).toMatchObject({ calls: 3, rateLimited: 2, today: { calls: 3, remaining: 0 } });
    expect(usage.operations).toEqual({ getPatents: 2, getInvoices: 1 });

    await h.operator.resetUsage('quota');
    expect((await h.call('/patents', { key })).status).toBe(200);
  });

  it('resets the counter at local midnight, not after a rolling 24 hours', () => {
    const meter = new UsageMeter();
    const evening = new Date(2026, 2, 10, 23, 59, 0);
    expect(meter.consume('k', 2, 'getPatents', evening).allowed).toBe(true);
    expect(meter.consume('k', 2, 'getPatents', evening).remaining).toBe(0);
    expect(meter.consume('k', 2, 'getPatents', evening)).toMatchObject({ allowed: false, resetSeconds: 60 });
    const afterMidnight = new Date(2026, 2, 11, 0, 0, 1);
    expect(meter.consume('k', 2, 'getPatents', afterMidnight)).toMatchObject({ allowed: true, remaining: 1 });
    expect(meter.usageOf('k', afterMidnight)).toMatchObject({
      calls: 3,
      rateLimited: 1,
      operations: { getPatents: 3 },
    });
    expect(secondsUntilLocalMidnight(new Date(2026, 2, 11, 23, 0, 0))).toBe(3600);
  });
});

describe('tenancy (spec: rule 2)', () => {
  const h = serviceForSuite();

  it('answers 404 to another tenant ids on every read, exactly like an unknown id', async () => {
    const { key } = await h.tenantWithKey({ name: 'other', patents: 50 });
    const demo = h.demo();
    const event = [...demo.eventsById.values()].find((candidate) => candidate.officialReceipt !== null);
    if (!event) throw new Error('no fulfilled demo event');
    const base = `/patents/${event.patent.id}/events/${event.id}`;
    for (const path of [
      `/patents/${event.patent.id}`,
      `/patents/${event.patent.id}/events`,
      base,
      `${base}/fees`,
      `${base}/documents/invoice`,
      `${base}/documents/instruction-receipt`,
      `${base}/documents/official-receipt`,
      `/invoices/${demo.invoices[0]?.id}`,
      `/patents/${SOME_UUID}`,
    ]) {
      const response = await h.call(path, { key });
      expect(response.status, path).toBe(404);
      expect((await problemOf(response)).code).toBe('not_found');
      // The demo key still reads them.
      expect((await h.call(path)).status, path).toBe(path.includes(SOME_UUID) ? 404 : 200);
    }
  });

  it('rejects a batch holding another tenant event with 404, executing nothing', async () => {
    const { key, tenant } = await h.tenantWithKey({ name: 'other-writer', patents: 200 });
    const own = [...tenant.eventsById.values()].find(
      (event) =>
        event.appliedDecision === null &&
        event.opensAt <= '2026-03-10' &&
        event.patent.events.find((e) => e.appliedDecision === null) === event,
    );
    const foreign = [...h.demo().eventsById.values()].find((event) => event.appliedDecision === null);
    if (!own || !foreign) throw new Error('fixtures missing');
    const response = await h.postInstructions(
      [
        { eventId: own.id, decision: 'SKIP_THIS_TIME' },
        { eventId: foreign.id, decision: 'SKIP_THIS_TIME' },
      ],
      key,
    );
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toContain(foreign.id);
    expect(own.appliedDecision).toBeNull();
    expect(foreign.appliedDecision).toBeNull();
  });
});

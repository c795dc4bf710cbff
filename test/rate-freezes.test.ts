import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuotaMeter } from '@/components/shell/quota-meter';
import { createAnnuityClient } from '@/lib/annuity/client';
import { sumByCurrency } from '@/lib/annuity/money';
import { listAll } from '@/lib/annuity/pagination';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { auditLog } from '@/lib/db/schema';
import { addMonths, currentYearMonth, formatYearMonth } from '@/lib/format/dates';
import type { FreezeMonthData, FreezeOverviewData, FreezeResult } from '@/lib/rate-freezes/data';
import { flushQuota, readQuota } from '@/lib/server/connection/quota';
import { serviceEnv } from '@/lib/server/connection/testing';
import { FREEZE_AUDIT_ACTION } from '@/lib/server/rate-freezes/freezes';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';

/**
 * Exchange-rate freezes end to end: our route handlers, against the real stand-in service (spec:
 * Endpoints 13-15, Limits 5). The service's "today" is pinned inside our current month, so both
 * sides agree on which months are past whatever the time zones.
 */

const CURRENT = currentYearMonth();
const NEXT = addMonths(CURRENT, 1);
const UNFROZEN = addMonths(CURRENT, 2);
const HORIZON = 3;
const LAST_WITHIN = addMonths(CURRENT, HORIZON);
const BEYOND = addMonths(CURRENT, HORIZON + 1);
const PAST = addMonths(CURRENT, -1);
const ALL_SCOPES = [
  'patents:read',
  'patents:instructions:write',
  'invoices:read',
  'exchange-rate-freezes:write',
];

let sandbox: StartedSandbox;
let harness: Awaited<ReturnType<typeof startAppHarness>>;
let manager: string;
let paralegal: string;
const keys = { freezer: '', notEnabled: '', noScope: '', oneCall: '' };
const env = serviceEnv();

function connectWith(key: string): void {
  env.point(sandbox.baseUrl, key);
}

/** Runs `check` with the dashboard on `key`, then back on the freezing key whatever happened. */
async function withKey(key: string, check: () => Promise<void>): Promise<void> {
  connectWith(key);
  try {
    await check();
  } finally {
    connectWith(keys.freezer);
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ today: `${CURRENT}-15` });
  // Every estimate in USD, so events of offices in other currencies move with rates (spec: Fees 3).
  await sandbox.operator.createTenant({
    name: 'freezer',
    currency: 'USD',
    invoiceCurrencyByOffice: {},
    patents: 300,
    seed: 4242,
    freezeEnabled: true,
    freezeHorizonMonths: HORIZON,
  });
  await sandbox.operator.createTenant({ name: 'not-enabled', patents: 20, seed: 7, freezeEnabled: false });
  keys.freezer = (await sandbox.operator.createKey({ tenant: 'freezer', scopes: ALL_SCOPES })).key;
  keys.notEnabled = (await sandbox.operator.createKey({ tenant: 'not-enabled', scopes: ALL_SCOPES })).key;
  keys.noScope = (await sandbox.operator.createKey({ tenant: 'freezer', scopes: ['patents:read'] })).key;
  keys.oneCall = (
    await sandbox.operator.createKey({ tenant: 'freezer', scopes: ALL_SCOPES, dailyLimit: 1 })
  ).key;
  harness = await startAppHarness();
  manager = await signIn(harness.users.manager.email);
  paralegal = await signIn(harness.users.paralegal.email);
  connectWith(keys.freezer);
}, 180_000);

afterAll(async () => {
  await harness?.stop();
  await sandbox?.stop();
  env.restore();
});

async function overview(cookie = manager) {
  const { GET } = await import('@/app/api/rate-freezes/route');
  const response = await GET(jsonRequest('/api/rate-freezes', { cookie }));
  return { status: response.status, body: (await response.json()) as FreezeOverviewData };
}

async function readMonth(month: string, cookie = manager) {
  const { GET } = await import('@/app/api/rate-freezes/[yearMonth]/route');
  const response = await GET(jsonRequest(`/api/rate-freezes/${month}`, { cookie }), {
    params: Promise.resolve({ yearMonth: month }),
  });
  return { status: response.status, body: (await response.json()) as FreezeMonthData };
}

async function freeze(month: string, cookie = manager) {
  const { PUT } = await import('@/app/api/rate-freezes/[yearMonth]/route');
  const response = await PUT(jsonRequest(`/api/rate-freezes/${month}`, { method: 'PUT', cookie }), {
    params: Promise.resolve({ yearMonth: month }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as FreezeResult & { code?: string; detail?: string },
  };
}

async function attemptsFor(month: string) {
  const rows = await harness.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, FREEZE_AUDIT_ACTION));
  return rows.filter((row) => row.target === month).sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The month view's estimates: the period list with fees (spec: Endpoints 9), read directly. */
async function estimates(month: string): Promise<PatentEvent[]> {
  const client = createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: keys.freezer });
  const listed = await listAll<PatentEvent>((currentPage, itemsPerPage) =>
    client.getPatentEventsByPeriod({ dueMonth: month, include: ['fees'], currentPage, itemsPerPage }),
  );
  return listed.items;
}

const amounts = (data: FreezeMonthData) => data.events.map((event) => `${event.amount} ${event.currency}`);
const feeTotals = (events: PatentEvent[]) =>
  events.map((event) => `${event.fees?.total} ${event.fees?.currency}`);

describe('exchange-rate freezes against the stand-in service', () => {
  it('previews a month before it is frozen, freezes it, and a repeat changes nothing', async () => {
    const preview = await readMonth(NEXT);
    expect(preview.status).toBe(200);
    expect(preview.body.state).toBe('freezable');
    expect(preview.body.events.length).toBeGreaterThan(0);
    expect(preview.body.events.every((event) => !event.isFxRateFrozen)).toBe(true);
    expect(preview.body.totals).toEqual(sumByCurrency(preview.body.events));

    const first = await freeze(NEXT);
    expect(first.status).toBe(200);
    expect(first.body.outcome).toBe('frozen');
    expect(first.body.events.length).toBe(preview.body.events.length);
    expect(first.body.events.every((event) => event.isFxRateFrozen)).toBe(true);
    expect(first.body.upstreamRequestIds).toHaveLength(2);

    const again = await freeze(NEXT);
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('already-frozen');
    expect(again.body.totals).toEqual(first.body.totals);

    expect((await readMonth(NEXT)).body.state).toBe('frozen');
    const after = await overview();
    expect(after.body.frozenMonths).toContain(NEXT);
    expect(after.body.months.find((row) => row.month === NEXT)?.state).toBe('frozen');

    const audited = await attemptsFor(NEXT);
    expect(audited.map((row) => [row.outcome, row.details.result])).toEqual([
      ['success', 'frozen'],
      ['success', 'already-frozen'],
    ]);
    expect(audited[0]?.actorEmail).toBe(harness.users.manager.email);
    expect(audited[0]?.upstreamRequestIds).toEqual(first.body.upstreamRequestIds);
    expect(audited[0]?.details).toMatchObject({ month: NEXT, currentMonth: CURRENT, monthsAhead: 1 });
  });

  it('refuses a past month as past, whatever code the service gives its 400', async () => {
    const refused = await freeze(PAST);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('freeze_month_past');
    expect(refused.body.detail).toContain(formatYearMonth(PAST));
    const [audited] = await attemptsFor(PAST);
    expect(audited?.outcome).toBe('failure');
    expect(audited?.details).toMatchObject({ result: 'past', status: 400 });
    expect(audited?.upstreamRequestIds.length).toBeGreaterThan(0);
    // Each upstream call carried its own request id, tied to the inbound one (spec: Authentication 8).
    const ids = audited?.upstreamRequestIds ?? [];
    expect(ids.length).toBe(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id.startsWith(`${audited?.requestId}.`)).toBe(true);
    // The service's own words are shown.
    expect(refused.body.detail).toContain('The service said');
    expect((await overview()).body.horizon.refused).toBeNull();
  });

  it("shows a refusal that does not speak of the horizon in the service's words, and learns no horizon from it", async () => {
    const month = addMonths(CURRENT, 2);
    await sandbox.operator.setFaults({
      errorRate: 1,
      errorStatus: 400,
      paths: [`exchange-rate-freezes/${month}`],
    });
    try {
      const refused = await freeze(month);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('freeze_refused');
      expect(refused.body.detail).toContain('The service said: “Injected fault');
    } finally {
      await sandbox.operator.clearFaults();
    }
    expect((await attemptsFor(month)).at(-1)?.details).toMatchObject({ result: 'refused', status: 400 });
    expect((await overview()).body.horizon.refused).toBeNull();
  });

  it('refuses a month beyond the horizon, and later visits show the horizon it learned', async () => {
    const refused = await freeze(BEYOND);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('freeze_beyond_horizon');
    expect(refused.body.detail).toContain('does not publish');

    expect(refused.body.detail).toContain('beyond the freeze horizon of 3 months');

    const later = await overview();
    expect(later.body.horizon.refused).toMatchObject({ month: BEYOND, monthsAhead: HORIZON + 1 });
    const states = Object.fromEntries(later.body.months.map((row) => [row.month, row.state]));
    expect(states[LAST_WITHIN]).toBe('freezable');
    // Not refused, but not known to be accepted either: never shown as "Can be frozen".
    const confirmed = Object.fromEntries(later.body.months.map((row) => [row.month, row.confirmed]));
    expect(confirmed[CURRENT]).toBe(true);
    expect(confirmed[LAST_WITHIN]).toBe(false);
    expect(states[BEYOND]).toBe('beyond-horizon');
    expect(states[addMonths(CURRENT, 12)]).toBe('beyond-horizon');
    expect((await readMonth(BEYOND)).body.state).toBe('beyond-horizon');

    const within = await freeze(LAST_WITHIN);
    expect(within.body.outcome).toBe('frozen');
    const afterFreeze = (await overview()).body;
    const known = afterFreeze.horizon;
    expect(afterFreeze.months.find((row) => row.month === LAST_WITHIN)?.state).toBe('frozen');
    expect(afterFreeze.months.find((row) => row.month === NEXT)?.confirmed).toBe(true);
    expect(known.accepted).toMatchObject({ month: LAST_WITHIN, monthsAhead: HORIZON });
    expect(known.refused?.monthsAhead).toBe(HORIZON + 1);
  });

  it("stops a frozen month's estimates from moving with rates while an unfrozen month's move", async () => {
    const frozenBefore = await readMonth(NEXT);
    const openBefore = await readMonth(UNFROZEN);
    const frozenFeesBefore = await estimates(NEXT);
    const openFeesBefore = await estimates(UNFROZEN);
    expect(openBefore.body.state).toBe('freezable');
    expect(openFeesBefore.length).toBeGreaterThan(0);

    await sandbox.operator.setFxRates({ multiplyAllBy: '1.25' });

    const frozenAfter = await readMonth(NEXT);
    const frozenFeesAfter = await estimates(NEXT);
    const openFeesAfter = await estimates(UNFROZEN);

    expect(amounts(frozenAfter.body)).toEqual(amounts(frozenBefore.body));
    expect(frozenAfter.body.totals).toEqual(frozenBefore.body.totals);
    expect(feeTotals(frozenFeesAfter)).toEqual(feeTotals(frozenFeesBefore));
    expect(
      frozenFeesAfter
        .filter((event) => event.fees?.feesStatus === 'ESTIMATED')
        .every((e) => e.fees?.isFxRateFrozen),
    ).toBe(true);

    expect(feeTotals(openFeesAfter)).not.toEqual(feeTotals(openFeesBefore));
    expect(openFeesAfter.some((event) => event.fees?.isFxRateFrozen)).toBe(false);
  });

  it('says freezing is not enabled for the account (403 forbidden), distinct from a missing scope', async () => {
    await withKey(keys.notEnabled, async () => {
      const forbidden = await freeze(NEXT);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('upstream_forbidden');
      expect(forbidden.body.detail).toContain('not enabled for your account: ask the service to enable it');
      const audited = (await attemptsFor(NEXT)).at(-1);
      expect(audited?.details).toMatchObject({ result: 'failed', code: 'forbidden', status: 403 });

      connectWith(keys.noScope);
      const noScope = await freeze(NEXT);
      expect(noScope.body.code).toBe('upstream_scope_missing');
      expect(noScope.body.detail).toContain('exchange-rate-freezes:write');
    });
  });

  it('reports a used-up daily quota with when to try again', async () => {
    await withKey(keys.oneCall, async () => {
      // freezeMonth reads the list first (the one call of the day), so the PUT meets the quota.
      const exhausted = await freeze(UNFROZEN);
      expect(exhausted.status).toBe(429);
      expect(exhausted.body.code).toBe('upstream_quota_exhausted');
      expect(Number(exhausted.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await attemptsFor(UNFROZEN)).at(-1)?.details).toMatchObject({ result: 'failed', status: 429 });
      // The meter after a 429 (which carries no RateLimit-* headers, spec: Limits 3): used up
      // until the reset, and the daily limit kept from the last answer that reported it.
      await flushQuota();
      expect((await freeze(UNFROZEN)).status).toBe(429);
      await flushQuota();
      const reading = await readQuota();
      expect(reading?.limit).toBe(1);
      expect(reading?.exhaustedUntil?.getTime()).toBeGreaterThan(Date.now());
      const meter = renderToStaticMarkup(createElement(QuotaMeter, { reading }));
      expect(meter).toContain('API quota used up until');
      expect(meter).not.toContain('not reported yet');
    });
  });

  it('keeps freezes to managers: other roles are refused before any call upstream', async () => {
    expect((await overview(paralegal)).status).toBe(403);
    expect((await freeze(UNFROZEN, paralegal)).status).toBe(403);
    expect((await overview(await signIn(harness.users.finance.email))).status).toBe(403);
  });
});

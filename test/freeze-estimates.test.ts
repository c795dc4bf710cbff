import { describe, expect, it } from 'vitest';
import { createAnnuityClient } from '@/lib/annuity/client';
import { sumByCurrency } from '@/lib/annuity/money';
import { listAll } from '@/lib/annuity/pagination';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { backgroundQuotaUse, freezeEstimateDay } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { FreezeEstimatesData } from '@/lib/rate-freezes/data';
import { recordFreezeEstimates } from '@/lib/server/rate-freezes/estimates';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';

/**
 * Freeze decision support end to end: what freezing a month would lock, in the invoice
 * currency, and the daily record of its estimate that the worker keeps, through our route handlers
 * and the job's own function against the stand-in service. The tenant bills EUR, US patents in USD
 * and JP patents in JPY, while the freeze resource reports each renewal in its office's currency.
 */
const CURRENT = currentYearMonth();
const NEXT = addMonths(CURRENT, 1);
const TENANT = 'estimates';
const DAY_ONE = new Date(`${CURRENT}-15T12:00:00.000Z`);
const DAY_TWO = new Date(`${CURRENT}-16T12:00:00.000Z`);
const DAY_THREE = new Date(`${CURRENT}-17T12:00:00.000Z`);

const app = setUpSandboxApp({
  tenant: { name: TENANT, patents: 300, seed: 3131, freezeEnabled: true, freezeHorizonMonths: 3 },
  scopes: ['patents:read', 'patents:instructions:write', 'invoices:read', 'exchange-rate-freezes:write'],
  dailyLimit: 100_000,
});

async function estimates(month: string, cookie = app.cookies.manager) {
  const { GET } = await import('@/app/api/rate-freezes/[yearMonth]/estimates/route');
  const response = await GET(jsonRequest(`/api/rate-freezes/${month}/estimates`, { cookie }), {
    params: Promise.resolve({ yearMonth: month }),
  });
  return { status: response.status, body: (await response.json()) as FreezeEstimatesData };
}

/** The month's estimates read directly from the service (spec: Endpoints 9 with include=fees). */
async function serviceEstimates(month: string): Promise<PatentEvent[]> {
  const client = createAnnuityClient({ baseUrl: app.sandbox.baseUrl, apiKey: app.key, retries: 0 });
  return (
    await listAll<PatentEvent>((currentPage, itemsPerPage) =>
      client.getPatentEventsByPeriod({ dueMonth: month, include: ['fees'], currentPage, itemsPerPage }),
    )
  ).items;
}

const periodReads = async () =>
  (await app.sandbox.operator.getUsage(TENANT)).operations.getPatentEventsByPeriod ?? 0;

/** The job's result for the one client of this test. */
const runJob = async (now: Date) => {
  const results = await recordFreezeEstimates(app.harness.database.db, {
    now,
    requestId: crypto.randomUUID(),
  });
  if (!results.default) throw new Error('the job did not run for the client');
  return results.default;
};

describe('what freezing a month would lock', () => {
  it('is the month’s estimates in the invoice currency, per currency, for a month view’s calls', async () => {
    const direct = await serviceEstimates(NEXT);
    const before = await periodReads();
    const { status, body } = await estimates(NEXT);
    expect(status).toBe(200);
    const open = direct.flatMap((event) =>
      event.fees && event.fees.feesStatus === 'ESTIMATED' && !event.fees.isFxRateFrozen
        ? [{ amount: event.fees.total, currency: event.fees.currency }]
        : [],
    );
    expect(open.length).toBeGreaterThan(0);
    expect(body.locked.wouldLock).toEqual(sumByCurrency(open));
    // Invoice currencies only (spec: Fees `currency`), not the offices' currencies the freeze lists.
    expect(body.locked.wouldLock.every((total) => ['EUR', 'USD', 'JPY'].includes(total.currency))).toBe(true);
    expect(body.locked.wouldLock.find((total) => total.currency === 'JPY')?.total ?? '0').toMatch(/^\d+$/);
    // The month view's quota rule: ceil(renewals / 100) calls.
    expect(body.upstreamCalls).toBe(Math.max(1, Math.ceil(direct.length / 100)));
    expect((await periodReads()) - before).toBe(body.upstreamCalls);
    expect(body.movement).toEqual([]);
  }, 60_000);

  it('is for managers only, and refuses a month that is not YYYY-MM naming the field', async () => {
    expect((await estimates(NEXT, app.cookies.paralegal)).status).toBe(403);
    const { GET } = await import('@/app/api/rate-freezes/[yearMonth]/estimates/route');
    const response = await GET(
      jsonRequest('/api/rate-freezes/2026-13/estimates', { cookie: app.cookies.manager }),
      {
        params: Promise.resolve({ yearMonth: '2026-13' }),
      },
    );
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { errors?: { field: string }[] };
    expect(problem.errors?.map((error) => error.field)).toContain('yearMonth');
  });
});

describe('the daily record of the estimate', () => {
  it('records the next freezable months once a day and shows how the estimate moved', async () => {
    const first = await runJob(DAY_ONE);
    expect(first).toMatchObject({ recorded: [CURRENT, NEXT, addMonths(CURRENT, 2)] });
    // Exchange rates move: estimates of renewals billed in another currency than their office's move.
    const rates = await app.sandbox.operator.getFxRates();
    await app.sandbox.operator.setFxRates({ multiplyAllBy: '1.25' });
    try {
      await runJob(DAY_TWO);
      // A second run the same day overwrites that day's record rather than adding one.
      await runJob(DAY_TWO);
    } finally {
      await app.sandbox.operator.setFxRates({ rates: rates.rates });
    }
    const rows = (await app.harness.database.db.select().from(freezeEstimateDay)).filter(
      (row) => row.month === NEXT,
    );
    const days = [...new Set(rows.map((row) => row.day))].sort();
    expect(days).toEqual([DAY_ONE.toISOString().slice(0, 10), DAY_TWO.toISOString().slice(0, 10)]);

    const { body } = await estimates(NEXT);
    expect(body.movement.length).toBeGreaterThan(0);
    for (const entry of body.movement) {
      expect(entry.points).toHaveLength(2);
      expect(entry.first).toBe(entry.points[0]?.total);
      expect(entry.last).toBe(entry.points[1]?.total);
    }
    expect(body.movement.some((entry) => !/^-?0(\.0+)?$/.test(entry.change))).toBe(true);

    // The same figures as a file: what a freeze would lock and each recorded day, per currency.
    const { GET: exportGet } = await import('@/app/api/rate-freezes/[yearMonth]/estimates/export/route');
    const file = await exportGet(
      jsonRequest(`/api/rate-freezes/${NEXT}/estimates/export?format=csv`, { cookie: app.cookies.manager }),
      {
        params: Promise.resolve({ yearMonth: NEXT }),
      },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`freeze-estimates-${NEXT}.csv`);
    const csv = await file.text();
    for (const total of body.locked.wouldLock)
      expect(csv).toContain(`${NEXT},A freeze would lock,,${total.currency},${total.total},${total.count}`);
    for (const entry of body.movement)
      for (const point of entry.points)
        expect(csv).toContain(
          `${NEXT},Estimate recorded,${point.day},${entry.currency},${point.total},${point.events}`,
        );

    // Every call was counted against the background budget.
    const spent = await app.harness.database.db.select().from(backgroundQuotaUse);
    expect(spent.reduce((sum, day) => sum + day.calls, 0)).toBeGreaterThan(0);
  }, 120_000);

  it('stops following a month once it is frozen', async () => {
    const { PUT } = await import('@/app/api/rate-freezes/[yearMonth]/route');
    const frozen = await PUT(
      jsonRequest(`/api/rate-freezes/${NEXT}`, { method: 'PUT', cookie: app.cookies.manager }),
      {
        params: Promise.resolve({ yearMonth: NEXT }),
      },
    );
    expect(frozen.status).toBe(200);
    const result = await runJob(DAY_THREE);
    expect(result.recorded).not.toContain(NEXT);
    const { body } = await estimates(NEXT);
    expect(body.locked.wouldLock).toEqual([]);
    expect(body.locked.alreadyFrozen.length).toBeGreaterThan(0);
  }, 60_000);

  it('reads nothing once the background share is spent', async () => {
    process.env.BACKGROUND_QUOTA_PERCENT = '0';
    resetEnvForTests();
    try {
      const before = await periodReads();
      const result = await runJob(DAY_THREE);
      expect(result).toMatchObject({ recorded: [], calls: 0, stopped: 'budget-spent' });
      expect(await periodReads()).toBe(before);
    } finally {
      delete process.env.BACKGROUND_QUOTA_PERCENT;
      resetEnvForTests();
    }
  }, 60_000);
});

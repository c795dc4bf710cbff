import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BudgetRecord } from '@/lib/analytics/budget';
import type { SpendAnalyticsData } from '@/lib/analytics/data';
import { auditLog, forecastEvent, forecastRun } from '@/lib/db/schema';
import { currentYearMonth } from '@/lib/format/dates';
import type { BudgetComparisonData } from '@/lib/server/analytics/budget';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { refreshSnapshot, snapshotFacets } from '@/lib/server/portfolio/snapshot';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';

/**
 * Renewal budgets end to end: the routes in process, PGlite, and the stand-in service
 * for the invoiced side. The forecast side is rows put straight into `forecast_event`, as the
 * worker would leave them, so the sums can be checked exactly.
 */
const CURRENT = currentYearMonth();
const NEXT_YEAR = Number(CURRENT.slice(0, 4)) + 1;
const app = setUpSandboxApp({
  tenant: { name: 'budgets', patents: 60, seed: 1920 },
  scopes: ['patents:read', 'invoices:read'],
});

async function save(body: unknown, cookie = app.cookies.manager, method = 'PUT') {
  const route = await import('@/app/api/analytics/budgets/route');
  const handler = method === 'PUT' ? route.PUT : route.POST;
  const response = await handler(jsonRequest('/api/analytics/budgets', { method, cookie, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function list(cookie = app.cookies.manager) {
  const { GET } = await import('@/app/api/analytics/budgets/route');
  const response = await GET(jsonRequest('/api/analytics/budgets', { cookie }));
  return { status: response.status, body: (await response.json()) as { budgets: BudgetRecord[] } };
}

async function remove(id: string, cookie = app.cookies.manager) {
  const { DELETE } = await import('@/app/api/analytics/budgets/[id]/route');
  return DELETE(jsonRequest(`/api/analytics/budgets/${id}`, { method: 'DELETE', cookie }), {
    params: Promise.resolve({ id }),
  });
}

async function comparison(query: string, cookie = app.cookies.finance) {
  const { GET } = await import('@/app/api/analytics/budgets/comparison/route');
  const response = await GET(jsonRequest(`/api/analytics/budgets/comparison?${query}`, { cookie }));
  return { status: response.status, body: (await response.json()) as BudgetComparisonData };
}

const fieldsOf = (body: Record<string, unknown>) =>
  ((body.errors ?? []) as { field: string }[]).map((error) => error.field);

async function auditRows(action: string, target: string) {
  return app.harness.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
}

describe('renewal budgets', () => {
  it('lets a manager add, change, list and delete a budget, each change audited', async () => {
    const created = await save({ year: NEXT_YEAR, currency: 'eur', amount: '1000', note: 'Plan' });
    expect(created.status).toBe(200);
    const budget = created.body.budget as BudgetRecord;
    // Stored scaled to the currency, codes upper-cased, '' for "all".
    expect(budget).toMatchObject({
      year: NEXT_YEAR,
      currency: 'EUR',
      amount: '1000.00',
      office: '',
      family: '',
    });
    expect(budget.updatedByEmail).toBe(app.harness.users.manager.email);
    expect(created.body.created).toBe(true);

    // The same scope again replaces it (POST works as PUT).
    const changed = await save(
      { year: NEXT_YEAR, currency: 'EUR', amount: '1200.50' },
      app.cookies.manager,
      'POST',
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ created: false, budget: { id: budget.id, amount: '1200.50' } });

    const listed = await list(app.cookies.finance);
    expect(listed.status).toBe(200);
    expect(listed.body.budgets.filter((b) => b.year === NEXT_YEAR && b.currency === 'EUR')).toHaveLength(1);

    const saves = await auditRows('budgets.save', budget.id);
    expect(saves).toHaveLength(2);
    expect(saves.map((row) => (row.details as { after: { amount: string } }).after.amount).sort()).toEqual([
      '1000.00',
      '1200.50',
    ]);

    const deleted = await remove(budget.id);
    expect(deleted.status).toBe(200);
    expect((await list()).body.budgets.some((b) => b.id === budget.id)).toBe(false);
    expect(await auditRows('budgets.delete', budget.id)).toHaveLength(1);
    expect((await remove(budget.id)).status).toBe(404);
  });

  it('refuses finance a change and paralegals a look (403)', async () => {
    expect((await save({ year: NEXT_YEAR, currency: 'EUR', amount: '1' }, app.cookies.finance)).status).toBe(
      403,
    );
    expect((await list(app.cookies.paralegal)).status).toBe(403);
    expect((await comparison(`year=${NEXT_YEAR}&currency=EUR`, app.cookies.paralegal)).status).toBe(403);
    const { GET } = await import('@/app/api/analytics/budgets/export/route');
    const exported = await GET(
      jsonRequest(`/api/analytics/budgets/export?year=${NEXT_YEAR}&currency=EUR`, {
        cookie: app.cookies.paralegal,
      }),
    );
    expect(exported.status).toBe(403);
  });

  it('answers 400 naming the field at fault', async () => {
    const badCurrency = await save({ year: NEXT_YEAR, currency: 'EURO', amount: '100' });
    expect(badCurrency.status).toBe(400);
    expect(fieldsOf(badCurrency.body)).toEqual(['currency']);

    const yenDecimals = await save({ year: NEXT_YEAR, currency: 'JPY', amount: '1000.50' });
    expect(yenDecimals.status).toBe(400);
    expect(fieldsOf(yenDecimals.body)).toEqual(['amount']);

    // An office or currency the dashboard does not know (a cut-short "Europe") is refused.
    await refreshSnapshot(upstreamClient('budgets-test'), 'budgets-test');
    const unknownOffice = await save({ year: NEXT_YEAR, currency: 'EUR', office: 'EU', amount: '100' });
    expect(unknownOffice.status).toBe(400);
    expect(fieldsOf(unknownOffice.body)).toEqual(['office']);
    expect(JSON.stringify(unknownOffice.body)).toMatch(
      /no office EU in the portfolio: choose one of [A-Z]{2}/,
    );
    const unknownCurrency = await save({ year: NEXT_YEAR, currency: 'XYZ', amount: '100' });
    expect(unknownCurrency.status).toBe(400);
    expect(fieldsOf(unknownCurrency.body)).toEqual(['currency']);
    const office = (await snapshotFacets()).offices[0];
    const known = await save({ year: NEXT_YEAR, currency: 'EUR', office, amount: '100' });
    expect(known.status).toBe(200);
    expect(
      (await remove((known.body.budget as BudgetRecord).id)).status,
      'the office budget is removed again',
    ).toBe(200);
    expect((await list()).body.budgets.some((b) => b.office === 'EU' || b.currency === 'XYZ')).toBe(false);

    const months = await save({
      year: NEXT_YEAR,
      currency: 'EUR',
      amount: '1200.00',
      months: Array(12).fill('99.00'),
    });
    expect(months.status).toBe(400);
    expect(fieldsOf(months.body)).toEqual(['months']);
    expect((await list()).body.budgets.some((b) => b.year === NEXT_YEAR && b.amount === '1200.00')).toBe(
      false,
    );
  });
});

describe('budget against forecast against actual', () => {
  const month = (m: number) => `${NEXT_YEAR}-${String(m).padStart(2, '0')}`;
  const event = (id: string, values: Partial<typeof forecastEvent.$inferInsert>) => ({
    eventId: id,
    patentId: `patent-${id}`,
    dueDate: `${values.month ?? month(1)}-10`,
    month: month(1),
    office: 'EP',
    family: 'FAM-1',
    currency: 'EUR',
    total: '100.00',
    ...values,
  });

  beforeAll(async () => {
    // The worker's completed refresh over these months: without one, there is no forecast at all.
    await app.harness.database.db.insert(forecastRun).values({
      windowFrom: `${CURRENT}-01`,
      windowTo: `${NEXT_YEAR + 1}-12-31`,
      status: 'done',
      finishedAt: new Date(),
    });
    await app.harness.database.db.insert(forecastEvent).values([
      event('e1', { month: month(1), total: '1500.25' }),
      event('e2', { month: month(1), total: '499.75', office: 'DE', family: 'FAM-2' }),
      event('e3', { month: month(3), total: '800.00' }),
      event('e4', { month: month(3), total: '300.00', appliedDecision: 'DROP' }),
      event('e5', { month: month(4), total: '200.00', appliedDecision: 'SKIP_THIS_TIME' }),
      event('e6', { month: month(4), total: null }),
      event('e7', { month: month(5), total: '90000', currency: 'JPY', office: 'JP' }),
      event('e8', { month: month(5), total: '650.00', appliedDecision: 'PROCEED' }),
      event('e9', { month: `${NEXT_YEAR + 1}-01`, total: '999.00' }),
      // Invoiced ahead of its due month: in the actuals by invoice month, never again in the forecast.
      event('e10', { month: month(5), total: '4000.00', appliedDecision: 'PROCEED', feesStatus: 'INVOICED' }),
    ]);
    const saved = await save({ year: NEXT_YEAR, currency: 'EUR', amount: '6000.00' });
    expect(saved.status).toBe(200);
  });

  it('sums next year’s forecast by month in the budget’s currency against the evenly spread budget', async () => {
    const { status, body } = await comparison(`year=${NEXT_YEAR}&currency=EUR`);
    expect(status).toBe(200);
    const row = (m: number) => body.comparison.rows[m - 1];
    expect(row(1)).toMatchObject({ phase: 'future', forecast: '2000.00', budget: '500.00', actual: null });
    expect(row(3)).toMatchObject({ forecast: '800.00', droppedOrSkipped: '300.00' });
    expect(row(4)).toMatchObject({ forecast: '0.00', droppedOrSkipped: '200.00' });
    // PROCEED stays in the forecast (unless already invoiced); JPY never joins a EUR sum; next-next year is out.
    expect(row(5)?.forecast).toBe('650.00');
    expect(body.comparison.totals).toMatchObject({
      budget: '6000.00',
      forecast: '3450.00',
      outturn: '3450.00',
      difference: '-2550.00',
      droppedOrSkipped: '500.00',
    });
    expect(body.withoutEstimate).toBe(1);
    const variance = body.comparison.variance;
    expect(variance).toMatchObject({
      total: '-2550.00',
      droppedPatents: '-500.00',
      fx: '0.00',
      surcharges: '0.00',
    });
    if (!variance) throw new Error('expected a variance');
    const parts = [variance.fx, variance.surcharges, variance.droppedPatents, variance.feeScheduleOther];
    expect(parts.reduce((sum, part) => sum.plus(part), new Big(0)).eq(variance.total)).toBe(true);
  });

  it('compares JPY on its own, in whole yen, and an office budget with its office’s forecast', async () => {
    const yen = await comparison(`year=${NEXT_YEAR}&currency=JPY`);
    expect(yen.body.comparison.rows[4]?.forecast).toBe('90000');
    expect(yen.body.comparison.totals).toMatchObject({ forecast: '90000', budget: null });
    expect(yen.body.comparison.variance).toBeNull();

    const office = await comparison(`year=${NEXT_YEAR}&currency=EUR&office=de`);
    expect(office.body.comparison.rows[0]?.forecast).toBe('499.75');
    expect(office.body.comparison.actualAvailable).toBe(false);
    expect(office.body.budget).toBeNull();
  });

  it('shows this year’s invoiced amounts as the actual of past months, as spend analytics reports them', async () => {
    const { GET } = await import('@/app/api/analytics/route');
    const spend = (await (
      await GET(jsonRequest('/api/analytics', { cookie: app.cookies.finance }))
    ).json()) as SpendAnalyticsData;
    const year = CURRENT.slice(0, 4);
    const currency = spend.byMonth.find((row) => row.month?.startsWith(year))?.currency ?? 'EUR';
    const { body } = await comparison(`year=${year}&currency=${currency}`);
    for (const row of body.comparison.rows.filter((r) => r.phase !== 'future')) {
      const invoiced = spend.byMonth.find((s) => s.month === row.month && s.currency === currency);
      expect(row.actual).toBe(invoiced?.total ?? new Big(0).toFixed(currency === 'JPY' ? 0 : 2));
    }
    expect(body.comparison.rows.filter((r) => r.phase === 'future').every((r) => r.actual === null)).toBe(
      true,
    );
  });

  it('exports the comparison as CSV and XLSX with the total row and the variance explained', async () => {
    const { GET } = await import('@/app/api/analytics/budgets/export/route');
    const csv = await GET(
      jsonRequest(`/api/analytics/budgets/export?year=${NEXT_YEAR}&currency=EUR&format=csv`, {
        cookie: app.cookies.manager,
      }),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(`budget-${NEXT_YEAR}-EUR.csv`);
    const rows = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, '')).data;
    expect(rows[0]?.slice(0, 4)).toEqual(['Month', 'Basis', 'Currency', 'Budget']);
    const total = rows.find((r) => r[0] === 'Total');
    expect(total?.slice(3, 5)).toEqual(['6000.00', '3450.00']);
    expect(rows.find((r) => r[0] === 'Dropped patents')?.[3]).toBe('-500.00');

    const xlsx = await GET(
      jsonRequest(`/api/analytics/budgets/export?year=${NEXT_YEAR}&currency=EUR&format=xlsx`, {
        cookie: app.cookies.manager,
      }),
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    // An XLSX file is a ZIP archive.
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});

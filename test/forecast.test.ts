import Big from 'big.js';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { sumByCurrency } from '@/lib/annuity/money';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { auditLog, forecastEvent, forecastRun, renewalMonthSummary, syncWindow } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import type { ForecastData } from '@/lib/forecast/data';
import { forecastWindow, windowMonths } from '@/lib/forecast/window';
import { currentYearMonth } from '@/lib/format/dates';
import { checkBackgroundBudget } from '@/lib/server/connection/background-budget';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { refreshForecast } from '@/lib/server/forecast/refresh';
import { refreshSnapshot } from '@/lib/server/portfolio/snapshot';
import { syncMonth } from '@/lib/server/sync/walk';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';
import { renewalsDueIn } from './upstream-harness';

/**
 * The forecast end to end: the worker's refresh against the stand-in service (EUR, US
 * patents in USD, JP patents in JPY), what it stores and costs, the page's JSON, the exports and
 * the manager's "Refresh now", through our route handlers. Every figure is checked against the
 * service's own estimates, read here independently.
 */
const CURRENT = currentYearMonth();
const TENANT = 'forecast';
const WINDOW = forecastWindow(CURRENT, 24);
let firstEstimate = 0;

const app = setUpSandboxApp({
  tenant: { name: TENANT, patents: 300, seed: 1919_19 },
  scopes: ['patents:read', 'patents:instructions:write', 'invoices:read', 'exchange-rate-freezes:write'],
  dailyLimit: 100_000,
});
// Office, owner and family come from the portfolio copy, which the hourly job keeps.
beforeAll(async () => {
  await refreshSnapshot(upstreamClient('forecast-test'), 'forecast-test');
}, 180_000);

async function forecast(cookie = app.cookies.finance) {
  const { GET } = await import('@/app/api/analytics/forecast/route');
  const response = await GET(jsonRequest('/api/analytics/forecast', { cookie }));
  return { status: response.status, body: (await response.json()) as ForecastData };
}

async function exportFile(query: string, cookie = app.cookies.finance) {
  const { GET } = await import('@/app/api/analytics/forecast/export/route');
  return GET(jsonRequest(`/api/analytics/forecast/export?${query}`, { cookie }));
}

async function refreshNow(cookie = app.cookies.manager) {
  const { POST } = await import('@/app/api/analytics/forecast/refresh/route');
  return POST(jsonRequest('/api/analytics/forecast/refresh', { method: 'POST', cookie }));
}

/** Each window's renewals as the service lists them, with their estimates. */
async function serviceWindows(): Promise<PatentEvent[][]> {
  return Promise.all(WINDOW.windows.map((dueWindow) => renewalsDueIn(app.service, dueWindow)));
}

const periodReads = async () =>
  (await app.sandbox.operator.getUsage(TENANT)).operations.getPatentEventsByPeriod ?? 0;

const runJob = () =>
  refreshForecast(app.harness.database.db, { now: new Date(), requestId: crypto.randomUUID() });

const ended = (decision: string | null) => decision === 'DROP' || decision === 'SKIP_THIS_TIME';

async function waitForRun(id: string) {
  for (let tries = 0; tries < 200; tries++) {
    const [mine] = await app.harness.database.db.select().from(forecastRun).where(eq(forecastRun.id, id));
    if (mine && mine.status !== 'running') return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`forecast run ${id} did not end`);
}

describe('the forecast', () => {
  it('is empty until the worker has run, and estimates the first refresh from the portfolio’s size', async () => {
    const { status, body } = await forecast();
    expect(status).toBe(200);
    expect(body.window).toBeNull();
    expect(body.lastRefresh).toBeNull();
    // 300 patents, about one renewal each a year: 150 in each half-year window, 2 calls a window.
    expect(body.nextRefresh).toEqual({
      calls: WINDOW.windows.length * 2,
      known: false,
      basis: 'portfolio',
      windows: WINDOW.windows.length,
    });
    firstEstimate = body.nextRefresh.calls;
  });

  it('estimates a refresh from the months it will read, as the month view counted them', async () => {
    const windows = await serviceWindows();
    const perMonth = new Map<string, number>();
    for (const event of windows.flat())
      perMonth.set(event.dueDate.slice(0, 7), (perMonth.get(event.dueDate.slice(0, 7)) ?? 0) + 1);
    const rows = [...perMonth].map(([month, count]) => ({ month, eventCount: count, openCount: 0 }));
    await app.harness.database.db.insert(renewalMonthSummary).values(rows);
    try {
      const { body } = await forecast();
      const expected = windows.reduce((sum, events) => sum + Math.max(1, Math.ceil(events.length / 100)), 0);
      expect(body.nextRefresh).toEqual({
        calls: expected,
        known: true,
        basis: 'read',
        windows: windows.length,
      });
    } finally {
      await app.harness.database.db.delete(renewalMonthSummary);
    }
  });

  it('is filled by the job: the service’s estimates per currency, in ceil(renewals / 100) calls a window', async () => {
    // Two renewals decided first: one dropped, one skipped (spec: Endpoints 10), of two patents.
    const open = (await serviceWindows())
      .flat()
      .filter(
        (event) => event.appliedDecision === null && event.instructability?.allowedDecisions.includes('DROP'),
      );
    const [dropped, skipped] = [open[0], open.find((event) => event.patent.id !== open[0]?.patent.id)];
    expect(dropped && skipped, 'two renewals open for a decision').toBeTruthy();
    await app.service.postPatentInstructions({
      instructions: [
        { eventId: (dropped as PatentEvent).id, decision: 'DROP' },
        { eventId: (skipped as PatentEvent).id, decision: 'SKIP_THIS_TIME' },
      ],
    });

    const before = await periodReads();
    const result = await runJob();
    const calls = (await periodReads()) - before;
    expect(result.status).toBe('done');

    const windows = await serviceWindows();
    const listed = windows.flat();
    // The quota cost: ceil(renewals / 100) calls per window, at least one, and nothing else.
    const expectedCalls = windows.reduce(
      (sum, events) => sum + Math.max(1, Math.ceil(events.length / 100)),
      0,
    );
    expect(result).toMatchObject({ calls: expectedCalls, events: listed.length });
    expect(calls).toBe(expectedCalls);
    // What "Refresh now" said beforehand was about what it spent (it once said 4 and spent 36).
    expect(firstEstimate).toBeGreaterThanOrEqual(Math.round(expectedCalls * 0.75));
    expect(firstEstimate).toBeLessThanOrEqual(Math.round(expectedCalls * 1.5));
    expect(listed.length).toBeGreaterThan(300);

    const stored = await app.harness.database.db.select().from(forecastEvent);
    expect(stored).toHaveLength(listed.length);
    expect(stored.find((row) => row.eventId === dropped?.id)?.appliedDecision).toBe('DROP');
    const [run] = await app.harness.database.db.select().from(forecastRun);
    expect(run).toMatchObject({ status: 'done', calls: expectedCalls, events: listed.length });
    expect(run).toMatchObject({ windowFrom: WINDOW.from, windowTo: WINDOW.to });

    const { body } = await forecast();
    // The service's estimates summed here per currency; dropped and skipped renewals left out.
    const counted = listed.filter((event) => !ended(event.appliedDecision));
    const expected = sumByCurrency(
      counted.flatMap((event) =>
        event.fees ? [{ amount: event.fees.total, currency: event.fees.currency }] : [],
      ),
    ).filter((total) => total.count > 0);
    expect(expected.map((total) => total.currency)).toEqual(['EUR', 'JPY', 'USD']);
    expect(body.summary.totals.map((row) => [row.currency, row.total, row.renewals])).toEqual(
      expected.map((total) => [total.currency, total.total, total.count]),
    );
    expect(body.summary.totals.find((row) => row.currency === 'JPY')?.total).toMatch(/^\d+$/);
    expect(body.summary.excluded).toBe(listed.length - counted.length);
    expect(body.summary.excluded).toBeGreaterThanOrEqual(2);
    // By month, office, owner and family and per patent add up to the same totals in each currency.
    for (const rows of [body.byMonth, body.byOffice, body.byOwner, body.byFamily, body.patents]) {
      const sums = new Map<string, Big>();
      for (const row of rows)
        if (row.currency && row.total)
          sums.set(row.currency, (sums.get(row.currency) ?? new Big(0)).plus(row.total));
      for (const total of expected)
        expect(sums.get(total.currency)?.eq(total.total), total.currency).toBe(true);
    }
    expect(body.byOffice.some((row) => row.key === 'JP' && row.currency === 'JPY')).toBe(true);
    expect(body.monthCurrency.length).toBe(body.byMonth.filter((row) => row.currency !== null).length);
    // Per-patent cost to expiry is largest first within each currency.
    const eur = body.patents.filter((row) => row.currency === 'EUR').map((row) => new Big(row.total));
    expect(eur.every((total, index) => index === 0 || (eur[index - 1] as Big).gte(total))).toBe(true);
    // The quota cost is shown: the last refresh, and the next one estimated from what was stored.
    expect(body.lastRefresh).toMatchObject({ calls: expectedCalls, events: listed.length });
    expect(body.nextRefresh).toMatchObject({ calls: expectedCalls, known: true });
    expect(body.window).toMatchObject({ from: WINDOW.from, to: WINDOW.to, months: 24 });
  }, 180_000);

  it('is skipped, and recorded as such, rather than overspend the background budget', async () => {
    process.env.BACKGROUND_QUOTA_PERCENT = '0';
    resetEnvForTests();
    try {
      const storedBefore = (await app.harness.database.db.select().from(forecastEvent)).length;
      const before = await periodReads();
      const result = await runJob();
      expect(result).toMatchObject({ status: 'skipped', calls: 0, reason: 'budget-spent' });
      expect(await periodReads()).toBe(before);
      const runs = await app.harness.database.db.select().from(forecastRun);
      const skipped = runs.find((run) => run.status === 'skipped');
      expect(skipped?.detail).toMatch(/background budget would be exceeded/);
      expect((await app.harness.database.db.select().from(forecastEvent)).length).toBe(storedBefore);

      // A manager's refresh is refused the same way, with the reason, and audited.
      const refused = await refreshNow();
      expect(refused.status).toBe(429);
      const problem = (await refused.json()) as { code: string; detail: string };
      expect(problem.code).toBe('background_budget_exceeded');
      expect(problem.detail).toMatch(/needs about \d+ calls/);
      expect(await periodReads()).toBe(before);
      const { body } = await forecast();
      expect(body.lastAttempt?.status).toBe('skipped');
      expect(body.lastRefresh?.status).toBe('done');
    } finally {
      delete process.env.BACKGROUND_QUOTA_PERCENT;
      resetEnvForTests();
    }
  }, 60_000);

  it('refreshes now for a manager only, one refresh at a time, audited', async () => {
    expect((await refreshNow(app.cookies.finance)).status).toBe(403);
    expect((await refreshNow(app.cookies.paralegal)).status).toBe(403);
    // Slow pages keep the first refresh running while the second is asked for.
    await app.sandbox.operator.setFaults({ latencyMs: 300, paths: ['patent-events'] });
    try {
      const started = await refreshNow();
      expect(started.status).toBe(202);
      const { run } = (await started.json()) as { run: { id: string; status: string } };
      expect(run.status).toBe('running');
      const second = await refreshNow();
      expect(second.status).toBe(409);
      expect(((await second.json()) as { code: string }).code).toBe('forecast_refresh_running');
      expect((await forecast()).body.running?.id).toBe(run.id);
      const finished = await waitForRun(run.id);
      expect(finished.status).toBe('done');
    } finally {
      await app.sandbox.operator.clearFaults();
    }
    const audit = (await app.harness.database.db.select().from(auditLog)).filter(
      (entry) => entry.action === 'forecast.refresh',
    );
    expect(audit.map((entry) => entry.outcome).sort()).toEqual(['failure', 'failure', 'success']);
    expect(audit.every((entry) => entry.actorEmail === app.harness.users.manager.email)).toBe(true);
  }, 120_000);
});

describe('the forecast and a service that grew (spec: Versioning)', () => {
  it('keeps unknown fee components without letting them change a total, and lists renewals only', async () => {
    // The stand-in's later-v2 additions: an FX_MARGIN component counted in each estimate's total,
    // new fields everywhere, and another event kind in unpinned lists.
    await app.sandbox.operator.setProfile({ switches: { futureV2Additions: true } });
    try {
      expect((await runJob()).status).toBe('done');
      const listed = (await serviceWindows()).flat();
      expect(listed.every((event) => event.eventType === 'RENEWAL')).toBe(true);
      const stored = await app.harness.database.db.select().from(forecastEvent);
      expect(stored).toHaveLength(listed.length);
      expect(stored.some((row) => row.components.some((component) => component.type === 'FX_MARGIN'))).toBe(
        true,
      );
      const counted = listed.filter((event) => !ended(event.appliedDecision));
      const expected = sumByCurrency(
        counted.flatMap((event) =>
          event.fees ? [{ amount: event.fees.total, currency: event.fees.currency }] : [],
        ),
      ).filter((total) => total.count > 0);
      const { body } = await forecast();
      expect(body.summary.totals.map((row) => [row.currency, row.total])).toEqual(
        expected.map((total) => [total.currency, total.total]),
      );
    } finally {
      await app.sandbox.operator.setProfile({ name: 'default' });
    }
  }, 120_000);
});

describe('the forecast’s exports', () => {
  it('gives each table as CSV and XLSX with the page’s rows, amounts in their currency’s digits', async () => {
    const { body } = await forecast();
    const csv = await exportFile('table=month&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('forecast-month.csv');
    const parsed = Papa.parse<string[]>((await csv.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual(['Month', 'Currency', 'Estimated total', 'Renewals']);
    expect(parsed.data.length - 1).toBe(body.byMonth.length);
    const jpy = parsed.data.filter((row) => row[1] === 'JPY');
    expect(jpy.length).toBeGreaterThan(0);
    expect(jpy.every((row) => /^\d+$/.test(row[2] ?? ''))).toBe(true);

    const xlsx = await exportFile('table=patents&format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(body.patents.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const costColumn = header.indexOf('Cost to keep') + 1;
    const first = body.patents[0];
    expect(sheet.getRow(2).getCell(costColumn).value).toBe(Number(first?.total));
    expect(sheet.getRow(2).getCell(header.indexOf('Patent id') + 1).value).toBe(first?.patentId);

    for (const table of ['office', 'owner', 'family']) {
      const response = await exportFile(`table=${table}`);
      expect(response.status, table).toBe(200);
    }
  }, 60_000);

  it('refuses a paralegal, and an unknown table naming the field', async () => {
    expect((await forecast(app.cookies.paralegal)).status).toBe(403);
    expect((await exportFile('table=month', app.cookies.paralegal)).status).toBe(403);
    const refused = await exportFile('table=everything');
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { errors?: { field: string }[] };
    expect(problem.errors?.map((error) => error.field)).toContain('table');
  });
});

describe('a first refresh larger than the budget left', () => {
  it('stops after one call per window, once the service tells how many pages remain', async () => {
    // No stored forecast: the estimate before any call is one call per window (a lower bound).
    await app.harness.database.db.delete(forecastEvent);
    const { spent } = await checkBackgroundBudget(app.harness.database.db, new Date());
    // A budget (of the 100,000-call key) with room for the first pages only.
    process.env.BACKGROUND_QUOTA_PERCENT = String((spent + WINDOW.windows.length) / 1000);
    resetEnvForTests();
    try {
      const before = await periodReads();
      const result = await runJob();
      expect(result).toMatchObject({
        status: 'skipped',
        calls: WINDOW.windows.length,
        reason: 'budget-spent',
      });
      expect((await periodReads()) - before).toBe(WINDOW.windows.length);
      expect(result.status === 'skipped' && result.detail).toMatch(
        /Stopped after the first page of each window/,
      );
      // Nothing stored changed, and what was spent is counted.
      expect(await app.harness.database.db.select().from(forecastEvent)).toEqual([]);
      expect((await checkBackgroundBudget(app.harness.database.db, new Date())).spent).toBe(
        spent + WINDOW.windows.length,
      );
    } finally {
      delete process.env.BACKGROUND_QUOTA_PERCENT;
      resetEnvForTests();
    }
  }, 60_000);
});

describe('a forecast from the synced copy', () => {
  it('takes the windows the sync read completely from the copy, and reads only the others', async () => {
    const db = app.harness.database.db;
    const client = upstreamClient('forecast-copy-test');
    const months = WINDOW.windows.flatMap(windowMonths);
    for (const month of months) await syncMonth(client, db, DEFAULT_CONNECTION, month, 'forecast-copy-test');
    const listed = (await serviceWindows()).flat();

    // Every month fresh in the copy: the refresh spends no call and stores what the service lists.
    let before = await periodReads();
    const fromCopy = await runJob();
    expect((await periodReads()) - before).toBe(0);
    expect(fromCopy).toMatchObject({ status: 'done', calls: 0, events: listed.length });
    const stored = await db.select().from(forecastEvent);
    expect(new Set(stored.map((row) => row.eventId))).toEqual(new Set(listed.map((event) => event.id)));
    const [run] = await db.select().from(forecastRun).orderBy(desc(forecastRun.startedAt)).limit(1);
    expect(run?.detail).toMatch(/24 of 24 months taken from the synced copy/);

    // One month of the last window last read long ago: that window alone is read from the service.
    const last = WINDOW.windows.at(-1) as (typeof WINDOW.windows)[number];
    await db
      .update(syncWindow)
      .set({ syncedAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(syncWindow.month, windowMonths(last)[0] as string));
    const lastListed = listed.filter((event) => event.dueDate >= last.from && event.dueDate <= last.to);
    before = await periodReads();
    const mixed = await runJob();
    const expectedCalls = Math.max(1, Math.ceil(lastListed.length / 100));
    expect((await periodReads()) - before).toBe(expectedCalls);
    expect(mixed).toMatchObject({ status: 'done', calls: expectedCalls, events: listed.length });
  }, 180_000);
});

import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { SpendAnalyticsData } from '@/lib/analytics/data';
import { minorUnits } from '@/lib/annuity/money';
import { forecastEvent, renewalBudget } from '@/lib/db/schema';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import { pdfMoney } from '@/lib/server/files/pdf';
import { pdfText } from '@/sandbox/tests/pdf-text';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';

/**
 * The monthly management report through its route handler, against the stand-in
 * service: a real PDF whose text names the month and carries each currency's total for that
 * month, as the spend analytics (and so the service's invoices) have them.
 */
const CURRENT = currentYearMonth();
const app = setUpSandboxApp({
  tenant: { name: 'report', patents: 200, seed: 1920 },
  scopes: ['patents:read', 'invoices:read'],
});

async function report(query: string, cookie = app.cookies.finance) {
  const { GET } = await import('@/app/api/analytics/report/route');
  return GET(jsonRequest(`/api/analytics/report${query}`, { cookie }));
}

describe('the monthly report (PDF)', () => {
  it('is a PDF naming the month, with each currency’s total invoiced that month and the forecast', async () => {
    const { GET } = await import('@/app/api/analytics/route');
    const spend = (await (
      await GET(jsonRequest('/api/analytics', { cookie: app.cookies.finance }))
    ).json()) as SpendAnalyticsData;
    // The month with the most currencies invoiced (the tenant bills EUR, USD and JPY).
    const month = [...new Set(spend.byMonth.map((row) => row.month))]
      .filter((m): m is string => m !== null)
      .sort(
        (a, b) =>
          spend.byMonth.filter((row) => row.month === b).length -
          spend.byMonth.filter((row) => row.month === a).length,
      )[0];
    expect(month, 'a month with invoices').toBeDefined();
    const rows = spend.byMonth.filter((row) => row.month === month);
    expect(rows.length).toBeGreaterThan(1);

    // Two renewals forecast within the next 12 months, and one dropped (not to be paid).
    const due = addMonths(month as string, 2);
    await app.harness.database.db.insert(forecastEvent).values([
      { eventId: 'f1', patentId: 'p1', dueDate: `${due}-10`, month: due, currency: 'JPY', total: '120000' },
      { eventId: 'f2', patentId: 'p2', dueDate: `${due}-11`, month: due, currency: 'JPY', total: '3001' },
      {
        eventId: 'f3',
        patentId: 'p3',
        dueDate: `${due}-12`,
        month: due,
        currency: 'JPY',
        total: '999999',
        appliedDecision: 'DROP',
      },
    ]);
    // A company-wide yen budget for that year, spread evenly: 100,000 a month.
    await app.harness.database.db
      .insert(renewalBudget)
      .values({ year: Number(due.slice(0, 4)), currency: 'JPY', amount: '1200000' });

    const response = await report(`?month=${month}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`renewal-spend-${month}.pdf`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Month: ${month}`);
    expect(text).toContain('Generated at');
    for (const row of rows) {
      // Per currency, the month's total exactly as the analytics have it; JPY without decimals.
      expect(text, row.currency).toContain(pdfMoney(row.total, row.currency, 'en-GB'));
      const sum = Object.values(row.byKind).reduce((acc, amount) => acc.plus(amount), new Big(0));
      expect(sum.toFixed(minorUnits(row.currency))).toBe(row.total);
    }
    expect(text).toContain('123,001 JPY');
    expect(text).not.toContain('1,123,000 JPY');
    expect(text).toContain('Budget against forecast (company-wide budgets)');
    expect(text).toMatch(new RegExp(`${due}\\n?JPY\\n?100,000 JPY`));
    expect(text).toContain('Grace surcharges and their causes');
    expect(text).toContain('Invoiced against the estimates recorded at decision time');
  }, 120_000);

  it('defaults to the last complete month', async () => {
    const response = await report('');
    expect(response.status).toBe(200);
    expect(pdfText(Buffer.from(await response.arrayBuffer()))).toContain(`Month: ${addMonths(CURRENT, -1)}`);
  }, 120_000);

  it('refuses a month that is not YYYY-MM, naming the field, and roles without analytics', async () => {
    for (const bad of ['2026-13', 'March', '2026-3']) {
      const refused = await report(`?month=${bad}`);
      expect(refused.status, bad).toBe(400);
      const problem = (await refused.json()) as { errors?: { field: string }[] };
      expect(problem.errors?.map((error) => error.field)).toContain('month');
    }
    expect((await report('?month=2026-01', app.cookies.paralegal)).status).toBe(403);
  }, 120_000);
});

import Big from 'big.js';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SpendAnalyticsData } from '@/lib/analytics/data';
import { minorUnits } from '@/lib/annuity/money';
import { listAll } from '@/lib/annuity/pagination';
import type { Invoice, PatentEvent } from '@/lib/annuity/schemas';
import type { Draft } from '@/lib/decisions/draft';
import { draftEntryOf } from '@/lib/decisions/testing';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import { forgetInvoiceCatalog } from '@/lib/server/invoices/catalog';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';
import { eventsBetween } from './upstream-harness';

/**
 * Spend analytics end to end: our route handlers against the stand-in service, whose
 * tenant bills EUR, US patents in USD and JP patents in JPY. What the page reports is checked
 * against the service's own invoices, summed here independently.
 */
const CURRENT = currentYearMonth();
const TENANT = 'spend';
const app = setUpSandboxApp({
  tenant: { name: TENANT, patents: 250, seed: 1919 },
  scopes: ['patents:read', 'patents:instructions:write', 'invoices:read', 'exchange-rate-freezes:write'],
});

async function analytics(cookie = app.cookies.finance) {
  const { GET } = await import('@/app/api/analytics/route');
  const response = await GET(jsonRequest('/api/analytics', { cookie }));
  return { status: response.status, body: (await response.json()) as SpendAnalyticsData };
}

async function exportCsv(query: string, cookie = app.cookies.finance) {
  const { GET } = await import('@/app/api/analytics/export/route');
  return GET(jsonRequest(`/api/analytics/export?${query}`, { cookie }));
}

async function serviceInvoices(): Promise<Invoice[]> {
  return (
    await listAll<Invoice>((currentPage, itemsPerPage) =>
      app.service.getInvoices({ currentPage, itemsPerPage }),
    )
  ).items;
}

/** The service's invoiced line totals per currency, summed here with big.js. */
function lineTotals(invoices: readonly Invoice[]): Record<string, string> {
  const sums = new Map<string, Big>();
  for (const line of invoices.flatMap((invoice) => invoice.fees)) {
    if (line.total === null) continue;
    sums.set(line.currency, (sums.get(line.currency) ?? new Big(0)).plus(line.total));
  }
  return Object.fromEntries(
    [...sums.entries()].map(([currency, sum]) => [currency, sum.toFixed(minorUnits(currency))]),
  );
}

/** Decides one renewal through the dashboard's draft and batch routes (records the estimate). */
async function decideThroughDashboard(event: PatentEvent): Promise<void> {
  const entry = draftEntryOf(event, 'PROCEED', { estimate: false });
  const { PUT } = await import('@/app/api/decisions/draft/route');
  const draft = (await (
    await PUT(
      jsonRequest('/api/decisions/draft', {
        method: 'PUT',
        cookie: app.cookies.paralegal,
        body: { entries: [entry] },
      }),
    )
  ).json()) as Draft;
  const { POST } = await import('@/app/api/decisions/batches/route');
  const sent = await POST(
    jsonRequest('/api/decisions/batches', {
      method: 'POST',
      cookie: app.cookies.paralegal,
      body: { batchKey: draft.batchKey },
    }),
  );
  expect(sent.status).toBe(201);
}

describe('spend analytics', () => {
  it('answers finance and managers only', async () => {
    expect((await analytics(app.cookies.paralegal)).status).toBe(403);
    expect((await exportCsv('table=month', app.cookies.paralegal)).status).toBe(403);
  });

  it('reports every invoiced amount per currency, split by component, as the service billed it', async () => {
    const invoices = await serviceInvoices();
    const { status, body } = await analytics();
    expect(status).toBe(200);
    expect(body.invoices).toBe(invoices.length);
    const expected = lineTotals(invoices);
    expect(Object.keys(expected).sort()).toEqual(['EUR', 'JPY', 'USD']);
    // Per currency, never one sum across currencies; JPY without decimals.
    expect(Object.fromEntries(body.totals.map((row) => [row.currency, row.total]))).toEqual(expected);
    expect(body.totals.find((row) => row.currency === 'JPY')?.total).toMatch(/^\d+$/);
    for (const row of body.totals) {
      // The components add up to the totals (spec: Fees, components sum to total).
      const components = Object.values(row.byKind).reduce((sum, amount) => sum.plus(amount), new Big(0));
      expect(components.eq(row.total), row.currency).toBe(true);
    }
    // By month and by office add up to the same totals in each currency.
    for (const rows of [body.byMonth, body.byOffice]) {
      const sums = new Map<string, Big>();
      for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? new Big(0)).plus(row.total));
      for (const [currency, total] of Object.entries(expected))
        expect(sums.get(currency)?.eq(total)).toBe(true);
    }
    // Offices come from the portfolio: US patents are billed in USD.
    expect(body.byOffice.some((row) => row.office === 'US' && row.currency === 'USD')).toBe(true);
  }, 120_000);

  it('shows a renewal decided in its grace period as a surcharge it caused, and its variance', async () => {
    const events = await eventsBetween(app.service, addMonths(CURRENT, -6), CURRENT);
    const late = events.find(
      (event) =>
        event.duePeriod === 'GRACE_PERIOD' &&
        event.instructability?.allowedDecisions.includes('PROCEED') &&
        event.fees?.components.some((component) => component.type === 'GRACE_PERIOD'),
    );
    expect(late, 'a renewal in its grace period').toBeDefined();
    const event = late as PatentEvent;
    await decideThroughDashboard(event);
    forgetInvoiceCatalog();

    const { body } = await analytics();
    const { data: billed } = await app.service.getPatentEventFees(event.patent.id, event.id);
    const mine = body.surcharges.find((line) => line.invoiceId === billed.invoiceId);
    expect(mine).toMatchObject({
      currency: billed.currency,
      surcharge: billed.components.find((component) => component.type === 'GRACE_PERIOD')?.amount,
      dueDate: event.dueDate,
      decision: 'PROCEED',
      cause: 'decided-in-grace',
    });
    const cause = body.surchargeTotals.find(
      (row) => row.currency === billed.currency && row.cause === 'decided-in-grace',
    );
    expect(cause?.lines).toBeGreaterThan(0);
    // The estimate recorded when it was sent is compared with what was billed.
    const month = (mine?.issueDate ?? '').slice(0, 7);
    expect(body.variance.some((row) => row.month === month && row.currency === billed.currency)).toBe(true);
  }, 120_000);

  it('exports each table as CSV with the page’s rows, and refuses an unknown table naming the field', async () => {
    const { body } = await analytics();
    const response = await exportCsv('table=surcharges&format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('spend-surcharges.csv');
    const parsed = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    });
    expect(parsed.data[0]).toContain('Cause');
    expect(parsed.data.length - 1).toBe(body.surcharges.length);

    const byMonth = Papa.parse<string[]>(
      (await (await exportCsv('table=month')).text()).replace(/^\uFEFF/, ''),
      {
        skipEmptyLines: true,
      },
    );
    const header = byMonth.data[0] ?? [];
    const jpy = byMonth.data.find((row) => row[1] === 'JPY') ?? [];
    expect(jpy[header.indexOf('Total')]).toMatch(/^\d+$/);

    const refused = await exportCsv('table=everything');
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { errors?: { field: string }[] };
    expect(problem.errors?.map((error) => error.field)).toContain('table');
  }, 120_000);
  it('exports each table as XLSX: amounts are number cells with their currency’s decimals', async () => {
    const { body } = await analytics();
    const response = await exportCsv('table=month&format=xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain('spend-month.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    expect(sheet.name).toBe('spend-month');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['Month', 'Currency']);
    const totalColumn = header.indexOf('Total') + 1;
    expect(sheet.rowCount).toBe(body.byMonth.length + 1);
    body.byMonth.forEach((row, index) => {
      const cells = sheet.getRow(index + 2);
      expect(cells.getCell(1).value).toBe(row.month ?? 'No issue date');
      expect(cells.getCell(2).value).toBe(row.currency);
      const total = cells.getCell(totalColumn);
      // A number a spreadsheet can add, equal to the page's decimal, shown with the currency's digits.
      expect(typeof total.value).toBe('number');
      expect(new Big(total.value as number).eq(row.total), `${row.month} ${row.currency}`).toBe(true);
      expect(total.numFmt).toBe(row.currency === 'JPY' ? '#,##0' : '#,##0.00');
    });

    const variance = await exportCsv('table=variance&format=xlsx');
    const varianceBook = new ExcelJS.Workbook();
    await varianceBook.xlsx.load(await variance.arrayBuffer());
    expect(varianceBook.worksheets[0]?.rowCount).toBe(body.variance.length + 1);

    const refused = await exportCsv('table=month&format=pdf');
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { errors?: { field: string }[] };
    expect(problem.errors?.map((error) => error.field)).toContain('format');
  }, 120_000);
});

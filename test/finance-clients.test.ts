import { beforeAll, describe, expect, it } from 'vitest';
import type { SpendAnalyticsData } from '@/lib/analytics/data';
import type { AnnuityClient } from '@/lib/annuity/client';
import { listAll } from '@/lib/annuity/pagination';
import type { Invoice } from '@/lib/annuity/schemas';
import { forecastEvent, forecastRun, freezeEstimateDay, syncEvent } from '@/lib/db/schema';
import type { ForecastData } from '@/lib/forecast/data';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { InvoiceListPage } from '@/lib/invoices/list';
import type { FreezeOverviewData } from '@/lib/rate-freezes/data';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { refreshForecastForEveryClient } from '@/lib/server/forecast/refresh';
import { loadFreezeEstimates, recordFreezeEstimates } from '@/lib/server/rate-freezes/estimates';
import type { TrackingData } from '@/lib/tracking/data';
import { jsonRequest } from './app-harness';
import { grantClientsAs, setUpTwoClients } from './client-grants';

/**
 * Finance's pages keep to the user's clients (spec: Authentication 1, a key identifies one client;
 * rule 2, all data scoped to the client): two tenants of the stand-in, the second added as a client
 * with its own key. A finance user working for every client sees both clients' invoices, each
 * labelled, and the `client` filter narrows the list and its export; once granted the second client
 * only, the first client's invoices, their marks and exports, its renewals on the tracking board,
 * its spend and its forecast are nowhere, and asking for one of them by id is a 404. A manager's
 * freeze goes to the client chosen, with that client's key.
 */

const CURRENT = currentYearMonth();
const SECOND = 'northwind-labs';
const SECOND_NAME = 'Northwind Labs';
const FREEZE_MONTH = addMonths(CURRENT, 1);
const app = setUpTwoClients({
  first: { patents: 30, seed: 3, freezeEnabled: true, freezeHorizonMonths: 6 },
  second: { patents: 12, seed: 9, freezeEnabled: true, freezeHorizonMonths: 6 },
  secondClient: SECOND_NAME,
  sync: true,
});
const services = new Map<string, AnnuityClient>();
/** Each client's invoices, as the service lists them to that client's key. */
const invoicesOf = new Map<string, Invoice[]>();
/** Every renewal of each client's copy: event id to client, and to patent. */
const copied = new Map<string, string>();
const patentOf = new Map<string, string>();
/** The forecast rows stored for each client (patent ids), and how many. */
const forecastPatents = new Map<string, Set<string>>();
const forecastRows = new Map<string, number>();

beforeAll(async () => {
  for (const [connection, service] of [
    [DEFAULT_CONNECTION, app.services.first],
    [SECOND, app.services.second],
  ] as const) {
    services.set(connection, service);
    const listed = await listAll<Invoice>((currentPage, itemsPerPage) =>
      service.getInvoices({ currentPage, itemsPerPage }),
    );
    if (listed.items.length === 0) throw new Error(`the stand-in gave the ${connection} client no invoice`);
    invoicesOf.set(connection, listed.items);
  }
  const rows = await app.harness.database.db
    .select({ connection: syncEvent.connection, eventId: syncEvent.eventId, patentId: syncEvent.patentId })
    .from(syncEvent);
  for (const row of rows) {
    copied.set(row.eventId, row.connection);
    patentOf.set(row.eventId, row.patentId);
  }
  // A stored forecast per client, as each client's refresh leaves it (forecast_event, forecast_run).
  for (const connection of [DEFAULT_CONNECTION, SECOND]) {
    const mine = rows.filter((row) => row.connection === connection).slice(0, 5);
    forecastPatents.set(connection, new Set(mine.map((row) => row.patentId)));
    forecastRows.set(connection, mine.length);
    await app.harness.database.db.insert(forecastRun).values({
      connection,
      windowFrom: `${CURRENT}-01`,
      windowTo: `${addMonths(CURRENT, 11)}-28`,
      status: 'done',
      events: mine.length,
      startedAt: new Date(),
      finishedAt: new Date(),
    });
    await app.harness.database.db.insert(forecastEvent).values(
      mine.map((row, index) => ({
        connection,
        eventId: row.eventId,
        patentId: row.patentId,
        dueDate: `${addMonths(CURRENT, 1 + index)}-10`,
        month: addMonths(CURRENT, 1 + index),
        currency: 'EUR',
        total: connection === DEFAULT_CONNECTION ? '100.00' : '7.00',
      })),
    );
  }
}, 300_000);

const idsOf = (connection: string) =>
  new Set((invoicesOf.get(connection) ?? []).map((invoice) => invoice.id));
const anInvoiceOf = (connection: string) => invoicesOf.get(connection)?.[0] as Invoice;

async function get(
  path: string,
  route: () => Promise<{ GET: (request: Request, context: never) => Promise<Response> }>,
  context?: unknown,
  cookie = app.cookies.finance,
) {
  const { GET } = await route();
  return GET(jsonRequest(path, { cookie }), context as never);
}

async function listed(query = ''): Promise<InvoiceListPage> {
  const response = await get(`/api/invoices?size=100${query}`, () => import('@/app/api/invoices/route'));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InvoiceListPage;
}

async function exportedLines(query: string): Promise<string[][]> {
  const response = await get(
    `/api/invoices/export?format=csv${query}`,
    () => import('@/app/api/invoices/export/route'),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

const invoiceParams = (invoiceId: string) => ({ params: Promise.resolve({ invoiceId }) });

/** The tracking board (managers read it; finance does not). */
async function tracking(query = ''): Promise<TrackingData> {
  const response = await get(
    `/api/tracking?month=${CURRENT}${query}`,
    () => import('@/app/api/tracking/route'),
    undefined,
    app.cookies.manager,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TrackingData;
}

async function spend(): Promise<SpendAnalyticsData> {
  const response = await get('/api/analytics', () => import('@/app/api/analytics/route'));
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SpendAnalyticsData;
}

async function forecast(query = ''): Promise<ForecastData> {
  const response = await get(
    `/api/analytics/forecast${query}`,
    () => import('@/app/api/analytics/forecast/route'),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ForecastData;
}

async function freeze(body: unknown, cookie = app.cookies.manager): Promise<Response> {
  const { PUT } = await import('@/app/api/rate-freezes/[yearMonth]/route');
  return PUT(jsonRequest(`/api/rate-freezes/${FREEZE_MONTH}`, { method: 'PUT', cookie, body }), {
    params: Promise.resolve({ yearMonth: FREEZE_MONTH }),
  });
}

async function frozenMonths(connection: string): Promise<string[]> {
  const service = services.get(connection) as AnnuityClient;
  return (await service.getExchangeRateFreezes()).data.map((entry) => entry.yearMonth);
}

describe('finance across clients', () => {
  it('lists every client’s invoices to a user of all clients, each labelled, and filters by client', async () => {
    const page = await listed();
    expect(page.totalItems).toBe(idsOf(DEFAULT_CONNECTION).size + idsOf(SECOND).size);
    for (const row of page.rows) {
      const owner = idsOf(SECOND).has(row.id) ? SECOND : DEFAULT_CONNECTION;
      expect(row.client?.id).toBe(owner);
    }
    expect(page.rows.some((row) => row.client?.name === SECOND_NAME)).toBe(true);

    // One invoice names its client too.
    const own = anInvoiceOf(SECOND);
    const detail = await get(
      `/api/invoices/${own.id}`,
      () => import('@/app/api/invoices/[invoiceId]/route'),
      {
        params: Promise.resolve({ invoiceId: own.id }),
      },
    );
    expect(((await detail.json()) as { client?: { name: string } }).client?.name).toBe(SECOND_NAME);

    const narrowed = await listed(`&client=${SECOND}`);
    expect(new Set(narrowed.rows.map((row) => row.id))).toEqual(idsOf(SECOND));

    // The export names the client on each line and honours the filter.
    const lines = await exportedLines('');
    expect(lines[0]?.[0]).toBe('Client');
    expect(new Set(lines.slice(1).map((line) => line[0]))).toContain(SECOND_NAME);
    const secondLines = await exportedLines(`&client=${SECOND}`);
    expect(new Set(secondLines.slice(1).map((line) => line[0]))).toEqual(new Set([SECOND_NAME]));
    const secondLineCount = (invoicesOf.get(SECOND) ?? []).reduce(
      (sum, invoice) => sum + invoice.fees.length,
      0,
    );
    expect(secondLines.length - 1).toBe(secondLineCount);
  });

  it('shows the forecast of every client together, and of one with the filter', async () => {
    const all = await forecast();
    expect(new Set(all.patents.map((patent) => patent.patentId))).toEqual(
      new Set([...(forecastPatents.get(DEFAULT_CONNECTION) ?? []), ...(forecastPatents.get(SECOND) ?? [])]),
    );
    const one = await forecast(`?client=${SECOND}`);
    expect(new Set(one.patents.map((patent) => patent.patentId))).toEqual(forecastPatents.get(SECOND));
  });

  it('freezes a month for the client chosen, with its key, and asks a manager of several which one', async () => {
    const unnamed = await freeze(undefined);
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('client');

    const frozen = await freeze({ client: SECOND });
    expect(frozen.status, await frozen.clone().text()).toBe(200);
    expect(await frozenMonths(SECOND)).toContain(FREEZE_MONTH);
    expect(await frozenMonths(DEFAULT_CONNECTION)).not.toContain(FREEZE_MONTH);

    const overview = await get(
      `/api/rate-freezes?client=${SECOND}`,
      () => import('@/app/api/rate-freezes/route'),
      undefined,
      app.cookies.manager,
    );
    expect(overview.status).toBe(200);
    expect(((await overview.json()) as FreezeOverviewData).frozenMonths).toContain(FREEZE_MONTH);
    const first = await get(
      `/api/rate-freezes?client=${DEFAULT_CONNECTION}`,
      () => import('@/app/api/rate-freezes/route'),
      undefined,
      app.cookies.manager,
    );
    expect(((await first.json()) as FreezeOverviewData).frozenMonths).not.toContain(FREEZE_MONTH);

    // A manager granted the first client only cannot freeze for the second: it does not exist.
    await grantClientsAs(app.cookies.admin, app.harness.users.manager.id, [DEFAULT_CONNECTION]);
    expect((await freeze({ client: SECOND })).status).toBe(404);
  });

  it('keeps the tracking board of a manager granted the first client to its renewals, unlabelled', async () => {
    await grantClientsAs(app.cookies.admin, app.harness.users.manager.id, 'all');
    const all = await tracking();
    expect(all.rows.length).toBeGreaterThan(0);
    for (const row of all.rows) expect(row.client?.id).toBe(copied.get(row.eventId));
    const firstOnly = all.rows.filter((row) => copied.get(row.eventId) === DEFAULT_CONNECTION);

    await grantClientsAs(app.cookies.admin, app.harness.users.manager.id, [DEFAULT_CONNECTION]);
    const board = await tracking();
    expect(new Set(board.rows.map((row) => row.eventId))).toEqual(
      new Set(firstOnly.map((row) => row.eventId)),
    );
    expect(board.rows.every((row) => row.client === undefined)).toBe(true);
    const other = await get(
      `/api/tracking?month=${CURRENT}&client=${SECOND}`,
      () => import('@/app/api/tracking/route'),
      undefined,
      app.cookies.manager,
    );
    expect(other.status).toBe(404);
  });

  it('keeps a finance user granted the second client to its invoices, renewals, spend and forecast alone', async () => {
    await grantClientsAs(app.cookies.admin, app.harness.users.finance.id, [SECOND]);

    const page = await listed();
    expect(new Set(page.rows.map((row) => row.id))).toEqual(idsOf(SECOND));
    // One client: the rows are what a single-client console shows.
    expect(page.rows.every((row) => row.client === undefined)).toBe(true);
    expect(
      (await get(`/api/invoices?client=${DEFAULT_CONNECTION}`, () => import('@/app/api/invoices/route')))
        .status,
    ).toBe(404);

    // The first client's invoice, by id: the detail, its marks, a mark and its export are 404.
    const other = anInvoiceOf(DEFAULT_CONNECTION);
    const detailRoute = () => import('@/app/api/invoices/[invoiceId]/route');
    const marksRoute = () => import('@/app/api/invoices/[invoiceId]/marks/route');
    expect((await get(`/api/invoices/${other.id}`, detailRoute, invoiceParams(other.id))).status).toBe(404);
    expect((await get(`/api/invoices/${other.id}/marks`, marksRoute, invoiceParams(other.id))).status).toBe(
      404,
    );
    const { PUT } = await marksRoute();
    const marked = await PUT(
      jsonRequest(`/api/invoices/${other.id}/marks`, {
        method: 'PUT',
        cookie: app.cookies.finance,
        body: { lineKey: '', status: 'reconciled', note: null },
      }),
      invoiceParams(other.id),
    );
    expect(marked.status).toBe(404);
    const otherExport = await get(
      `/api/invoices/export?format=csv&invoiceId=${other.id}`,
      () => import('@/app/api/invoices/export/route'),
    );
    expect(otherExport.status).toBe(404);
    // Its own invoice is there, unlabelled.
    const own = anInvoiceOf(SECOND);
    expect((await get(`/api/invoices/${own.id}`, detailRoute, invoiceParams(own.id))).status).toBe(200);
    const lines = await exportedLines('');
    expect(lines[0]?.[0]).not.toBe('Client');
    const references = new Set(lines.slice(1).map((line) => line[0]));
    expect(references).toEqual(
      new Set((invoicesOf.get(SECOND) ?? []).filter((i) => i.fees.length > 0).map((i) => i.reference)),
    );

    // The first client's renewal documents (its invoice among them) are not found either.
    const [eventId] = [...copied].find(([, connection]) => connection === DEFAULT_CONNECTION) ?? [];
    const patentId = eventId ? patentOf.get(eventId) : undefined;
    expect(eventId && patentId).toBeTruthy();
    const documents = await get(
      `/api/documents/${patentId}/${eventId}/invoice`,
      () => import('@/app/api/documents/[patentId]/[eventId]/[kind]/route'),
      { params: Promise.resolve({ patentId, eventId, kind: 'invoice' }) },
    );
    expect(documents.status).toBe(404);

    const spent = await spend();
    expect(spent.invoices).toBe(idsOf(SECOND).size);
    expect(spent.surcharges.every((line) => idsOf(SECOND).has(line.invoiceId))).toBe(true);

    const projected = await forecast();
    expect(new Set(projected.patents.map((patent) => patent.patentId))).toEqual(forecastPatents.get(SECOND));
    // Its own amounts only: 7.00 EUR a renewal, none of the first client's 100.00.
    expect(projected.summary.totals.map((row) => [row.currency, row.total])).toEqual([
      ['EUR', `${7 * (forecastRows.get(SECOND) ?? 0)}.00`],
    ]);
    expect(
      (
        await get(
          `/api/analytics/forecast?client=${DEFAULT_CONNECTION}`,
          () => import('@/app/api/analytics/forecast/route'),
        )
      ).status,
    ).toBe(404);
  });

  it('refreshes each client’s forecast with its own key, into rows of its own', async () => {
    const results = await refreshForecastForEveryClient(app.harness.database.db, {
      now: new Date(),
      requestId: 'finance-clients-forecast',
    });
    expect(Object.keys(results).sort()).toEqual([DEFAULT_CONNECTION, SECOND]);
    for (const result of Object.values(results)) expect(result.status).toBe('done');
    const stored = await app.harness.database.db
      .select({ connection: forecastEvent.connection, eventId: forecastEvent.eventId })
      .from(forecastEvent);
    expect(new Set(stored.map((row) => row.connection))).toEqual(new Set([DEFAULT_CONNECTION, SECOND]));
    // Every renewal stored under a client is one of that client's (none read with the other's key).
    for (const row of stored)
      if (copied.has(row.eventId)) expect(copied.get(row.eventId)).toBe(row.connection);
    const runs = await app.harness.database.db
      .select({ connection: forecastRun.connection, status: forecastRun.status })
      .from(forecastRun);
    expect(runs.filter((run) => run.status === 'running')).toEqual([]);
  });

  it('records each client’s daily freeze estimates under that client, and shows each its own', async () => {
    const results = await recordFreezeEstimates(app.harness.database.db, {
      now: new Date(),
      requestId: 'finance-clients-estimates',
    });
    expect(Object.keys(results).sort()).toEqual([DEFAULT_CONNECTION, SECOND]);
    const rows = await app.harness.database.db
      .select({
        connection: freezeEstimateDay.connection,
        month: freezeEstimateDay.month,
        currency: freezeEstimateDay.currency,
      })
      .from(freezeEstimateDay);
    // Each client's months are recorded under that client (the small second client may have no
    // renewal with an estimate in them).
    expect(rows.some((row) => row.connection === DEFAULT_CONNECTION)).toBe(true);
    expect(rows.every((row) => [DEFAULT_CONNECTION, SECOND].includes(row.connection))).toBe(true);
    // A client's page shows the movement recorded for it, never the other client's.
    const month = rows.find((row) => row.connection === DEFAULT_CONNECTION)?.month as string;
    for (const connection of [DEFAULT_CONNECTION, SECOND]) {
      const estimates = await loadFreezeEstimates(month, 'finance-clients-estimate-page', connection);
      expect(new Set(estimates.movement.map((entry) => entry.currency))).toEqual(
        new Set(
          rows
            .filter((row) => row.connection === connection && row.month === month)
            .map((row) => row.currency),
        ),
      );
    }
  });
});

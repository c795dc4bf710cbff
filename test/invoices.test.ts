import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnnuityClient, createAnnuityClient } from '@/lib/annuity/client';
import { listAll } from '@/lib/annuity/pagination';
import type { Invoice, PatentEvent } from '@/lib/annuity/schemas';
import { auditLog } from '@/lib/db/schema';
import type { Draft } from '@/lib/decisions/draft';
import { draftEntryOf } from '@/lib/decisions/testing';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { InvoiceDetailData } from '@/lib/invoices/detail';
import { INVOICE_EXPORT_HEADERS } from '@/lib/invoices/export-columns';
import type { ExportMessage } from '@/lib/invoices/export-progress';
import type { InvoiceListPage } from '@/lib/invoices/list';
import type { MarkView } from '@/lib/invoices/reconciliation';
import { serviceEnv } from '@/lib/server/connection/testing';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { forgetInvoiceCatalog, readInvoiceCatalog } from '@/lib/server/invoices/catalog';
import { forgetInvoiceEvents } from '@/lib/server/invoices/events';
import { checkInvoices } from '@/lib/server/invoices/invoices';
import { DEMO_TENANT } from '@/sandbox/demo';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { eventsBetween } from './upstream-harness';

/**
 * Invoices and reconciliation end to end: our route handlers against the real stand-in
 * service's demo tenant. Upstream calls are counted with the service's usage report, so "bounded"
 * is measured, not assumed.
 */
const CURRENT = currentYearMonth();
let sandbox: StartedSandbox;
let harness: Awaited<ReturnType<typeof startAppHarness>>;
let service: AnnuityClient;
let finance: string;
let paralegal: string;
let invoices: Invoice[];
const env = serviceEnv();

beforeAll(async () => {
  sandbox = await startSandbox({ today: `${CURRENT}-15` });
  env.point(sandbox.baseUrl, sandbox.demoKey);
  harness = await startAppHarness();
  finance = await signIn(harness.users.finance.email);
  paralegal = await signIn(harness.users.paralegal.email);
  service = createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demoKey, retries: 0 });
  invoices = (
    await listAll<Invoice>((currentPage, itemsPerPage) => service.getInvoices({ currentPage, itemsPerPage }))
  ).items;
}, 180_000);

afterAll(async () => {
  await harness?.stop();
  await sandbox?.stop();
  env.restore();
});

const usage = async () => (await sandbox.operator.getUsage(DEMO_TENANT)).operations;

async function listPage(query: string, cookie = finance): Promise<InvoiceListPage> {
  const { GET } = await import('@/app/api/invoices/route');
  const response = await GET(jsonRequest(`/api/invoices?${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as InvoiceListPage;
}

async function detail(invoiceId: string): Promise<{ status: number; body: InvoiceDetailData }> {
  const { GET } = await import('@/app/api/invoices/[invoiceId]/route');
  const response = await GET(jsonRequest(`/api/invoices/${invoiceId}`, { cookie: finance }), {
    params: Promise.resolve({ invoiceId }),
  });
  return { status: response.status, body: (await response.json()) as InvoiceDetailData };
}

async function mark(invoiceId: string, body: unknown, cookie = finance) {
  const { PUT } = await import('@/app/api/invoices/[invoiceId]/marks/route');
  const response = await PUT(
    jsonRequest(`/api/invoices/${invoiceId}/marks`, { method: 'PUT', cookie, body }),
    {
      params: Promise.resolve({ invoiceId }),
    },
  );
  return { status: response.status, body: (await response.json()) as { marks: MarkView[]; code?: string } };
}

async function exportFile(query: string): Promise<Response> {
  const { GET } = await import('@/app/api/invoices/export/route');
  return GET(jsonRequest(`/api/invoices/export?${query}`, { cookie: finance }));
}

const linesOf = (selection: readonly Invoice[]) =>
  selection.reduce((sum, invoice) => sum + invoice.fees.length, 0);

describe('every check on every invoice of the demo tenant', () => {
  it('runs all checks on all lines, with a bounded number of upstream calls', async () => {
    forgetInvoiceCatalog();
    forgetInvoiceEvents();
    await sandbox.operator.resetUsage(DEMO_TENANT);
    const client = upstreamClient('test-all-checks');
    const catalog = await readInvoiceCatalog(client, 'test-all-checks');
    expect(catalog.invoices).toHaveLength(invoices.length);
    const checked = await checkInvoices(client, catalog.invoices, catalog.invoices, 'test-all-checks');

    expect(checked).toHaveLength(invoices.length);
    for (const one of checked) {
      const total = one.counts.pass + one.counts.warning + one.counts.fail;
      expect(total, one.invoice.reference).toBe(3 + 6 * one.invoice.fees.length);
    }
    // The service's own arithmetic is consistent; a failure here would be ours.
    const failed = checked.flatMap((one) =>
      [...one.invoiceChecks, ...one.lines.flatMap((line) => line.checks)].filter((c) => c.status === 'fail'),
    );
    expect(failed.filter((c) => ['lines-sum', 'vat-total', 'components-sum'].includes(c.id))).toEqual([]);
    // Every line's event was found, so its due date is known and its decision checked.
    const unknown = checked.flatMap((one) => one.lines.filter((line) => line.event === null));
    expect(unknown).toEqual([]);

    const calls = await usage();
    const patents = new Set(invoices.flatMap((i) => i.fees.map((line) => line.patent?.id))).size;
    expect(calls.getInvoices).toBe(Math.ceil(invoices.length / 100));
    const eventCalls = (calls.getPatentEventsByPeriod ?? 0) + (calls.getPatentEvents ?? 0);
    // About 40 where one call per patent would be over a thousand.
    expect(eventCalls).toBeLessThan(patents / 10);
    expect(calls.getPatentEvent ?? 0).toBe(0);
  }, 120_000);

  it('checks one invoice again from the copy, without new event reads (decided events are kept)', async () => {
    await sandbox.operator.resetUsage(DEMO_TENANT);
    const largest = [...invoices].sort((a, b) => b.fees.length - a.fees.length)[0] as Invoice;
    const { status, body } = await detail(largest.id);
    expect(status).toBe(200);
    expect(body.lines).toHaveLength(largest.fees.length);
    const calls = await usage();
    // The invoice list carries every line (spec: Endpoint 11): the copy's invoice is the one shown.
    expect(calls.getInvoice ?? 0).toBe(0);
    expect((calls.getPatentEventsByPeriod ?? 0) + (calls.getPatentEvents ?? 0)).toBe(0);
  });
});

describe('the invoice list', () => {
  it('lists every invoice once, filters by origin and issue date, and totals per currency', async () => {
    const all = await listPage('size=100');
    expect(all.totalItems).toBe(invoices.length);
    const corrections = await listPage('origin=REGULARIZATION&size=100');
    expect(corrections.totalItems).toBe(invoices.filter((i) => i.origin === 'REGULARIZATION').length);
    expect(corrections.rows.every((row) => row.origin === 'REGULARIZATION')).toBe(true);
    const imported = await listPage('origin=IMPORTED&size=10');
    expect(imported.rows.every((row) => row.number === null)).toBe(true);
    const from = `${addMonths(CURRENT, -3)}-01`;
    const ranged = await listPage(`from=${from}&size=100`);
    expect(ranged.totalItems).toBe(
      invoices.filter((i) => i.issueDate !== null && i.issueDate >= from).length,
    );
    expect(ranged.totals.total.map((t) => t.currency)).toEqual([
      ...new Set(ranged.totals.total.map((t) => t.currency)),
    ]);
  });

  it('answers 404 for an invoice the service does not know, 400 for an id that is not one', async () => {
    expect((await detail('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await detail('not-an-id')).status).toBe(400);
  });
});

describe('marks', () => {
  const target = () =>
    invoices.find((invoice) => invoice.origin === 'GENERATED' && invoice.fees.length >= 2) as Invoice;

  it('needs a note to dispute, is shown to others, is audited, and reconciles an invoice line by line', async () => {
    const invoice = target();
    const [first, second] = invoice.fees.map((line) => line.eventId as string);
    expect((await mark(invoice.id, { lineKey: first, status: 'disputed' })).status).toBe(400);
    const disputed = await mark(invoice.id, {
      lineKey: first,
      status: 'disputed',
      note: 'Agent fee too high',
    });
    expect(disputed.status).toBe(200);

    // Another finance user reads the same marks.
    const other = await signIn(harness.users.manager.email);
    const { GET } = await import('@/app/api/invoices/[invoiceId]/marks/route');
    const read = (await (
      await GET(jsonRequest(`/api/invoices/${invoice.id}/marks`, { cookie: other }), {
        params: Promise.resolve({ invoiceId: invoice.id }),
      })
    ).json()) as { marks: MarkView[] };
    expect(read.marks).toEqual([
      expect.objectContaining({
        lineKey: first,
        status: 'disputed',
        note: 'Agent fee too high',
        markedByEmail: 'finance@test.example',
      }),
    ]);
    expect((await listPage(`status=disputed&size=100`)).rows.map((r) => r.id)).toContain(invoice.id);

    // The invoice cannot be reconciled over a disputed line.
    const refused = await mark(invoice.id, { lineKey: '', status: 'reconciled', note: 'All good' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('lines_disputed');

    expect(
      (await mark(invoice.id, { lineKey: first, status: 'reconciled', note: 'Credit note agreed' })).status,
    ).toBe(200);
    expect((await listPage(`status=in-progress&size=100`)).rows.map((r) => r.id)).toContain(invoice.id);
    const whole = await mark(invoice.id, { lineKey: '', status: 'reconciled', note: 'Checked' });
    expect(whole.status).toBe(200);
    expect(whole.body.marks.find((m) => m.lineKey === second)?.status).toBe('reconciled');
    expect((await listPage(`status=reconciled&size=100`)).rows.map((r) => r.id)).toEqual([invoice.id]);

    const audited = await harness.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reconciliation.mark'), eq(auditLog.target, invoice.id)));
    // The refusal is audited; the note-less dispute never reached the handler (a 400 on input).
    expect(audited.map((entry) => entry.outcome).sort()).toEqual([
      'failure',
      'success',
      'success',
      'success',
    ]);
    expect(audited.find((entry) => entry.details.note === 'Agent fee too high')?.actorEmail).toBe(
      'finance@test.example',
    );
  });

  it('refuses a line the invoice does not have, and a paralegal', async () => {
    const invoice = target();
    expect((await mark(invoice.id, { lineKey: 'no-such-line', status: 'reconciled' })).status).toBe(404);
    expect((await mark(invoice.id, { lineKey: '', status: 'disputed', note: 'x' }, paralegal)).status).toBe(
      403,
    );
  });
});

describe('exports', () => {
  it('holds exactly the lines of the invoices of an issue-date range, as CSV', async () => {
    const from = `${addMonths(CURRENT, -6)}-01`;
    const to = `${addMonths(CURRENT, -1)}-28`;
    const chosen = invoices.filter((i) => i.issueDate !== null && i.issueDate >= from && i.issueDate <= to);
    const response = await exportFile(`format=csv&from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`invoices-${from}-to-${to}.csv`);
    const parsed = Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(INVOICE_EXPORT_HEADERS);
    expect(rows).toHaveLength(linesOf(chosen));
    const reference = INVOICE_EXPORT_HEADERS.indexOf('Invoice reference');
    const eventColumn = INVOICE_EXPORT_HEADERS.indexOf('Event ID');
    const exported = rows.map((row) => `${row[reference]} ${row[eventColumn]}`).sort();
    const expected = chosen.flatMap((i) => i.fees.map((line) => `${i.reference} ${line.eventId}`)).sort();
    expect(exported).toEqual(expected);
    const dueDate = INVOICE_EXPORT_HEADERS.indexOf('Due date');
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[dueDate] ?? ''))).toBe(true);
  });

  it('writes one invoice as XLSX that opens with one row per line, and reports progress', async () => {
    const invoice = [...invoices].sort((a, b) => b.fees.length - a.fees.length)[0] as Invoice;
    const response = await exportFile(`format=xlsx&invoiceId=${invoice.id}&progress=1`);
    expect(response.status).toBe(200);
    const messages = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportMessage);
    expect(messages[0]).toMatchObject({ type: 'plan', invoices: 1, lines: invoice.fees.length });
    expect(messages.at(-1)).toEqual({ type: 'done' });
    expect(
      messages.some((m) => m.type === 'progress' && m.phase === 'lines' && m.done === invoice.fees.length),
    ).toBe(true);
    const bytes = Buffer.concat(
      messages.flatMap((m) => (m.type === 'data' ? [Buffer.from(m.base64, 'base64')] : [])),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoice lines');
    expect(sheet?.rowCount).toBe(invoice.fees.length + 1);
    expect(sheet?.getRow(2).getCell(1).value).toBe(invoice.reference);
  });

  it('answers 404 before any byte for an unknown invoice, and refuses a paralegal', async () => {
    expect((await exportFile('format=csv&invoiceId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const { GET } = await import('@/app/api/invoices/export/route');
    expect((await GET(jsonRequest('/api/invoices/export?format=csv', { cookie: paralegal }))).status).toBe(
      403,
    );
  });
});

describe('a decision sent from the dashboard, billed above its estimate', () => {
  it('flags the line and the invoice', async () => {
    // An open renewal billed in JPY or USD: its service fee is priced in EUR and converted (spec:
    // Fees rule 3), so moving that rate between the estimate and the POST moves the invoice.
    const events = await eventsBetween(service, CURRENT, addMonths(CURRENT, 2));
    const event = events.find(
      (e) =>
        e.instructability?.allowedDecisions.includes('PROCEED') &&
        e.fees &&
        ['JPY', 'USD'].includes(e.fees.currency) &&
        !e.fees.isFxRateFrozen,
    ) as PatentEvent;
    expect(event).toBeDefined();
    const { PUT } = await import('@/app/api/decisions/draft/route');
    const entry = draftEntryOf(event, 'PROCEED', { estimate: false });
    const draft = (await (
      await PUT(
        jsonRequest('/api/decisions/draft', { method: 'PUT', cookie: paralegal, body: { entries: [entry] } }),
      )
    ).json()) as Draft;

    const rates = await sandbox.operator.getFxRates();
    const before = (await usage()).getPatentEvent ?? 0;
    await sandbox.operator.setFaults({ latencyMs: 3_000, paths: ['patent-instructions'] });
    const { POST } = await import('@/app/api/decisions/batches/route');
    const sending = POST(
      jsonRequest('/api/decisions/batches', {
        method: 'POST',
        cookie: paralegal,
        body: { batchKey: draft.batchKey },
      }),
    );
    try {
      // The estimate is recorded from the re-read just before the POST; the POST waits 3 s.
      for (let waited = 0; ((await usage()).getPatentEvent ?? 0) <= before && waited < 2_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sandbox.operator.setFxRates({ multiplyAllBy: '10' });
      expect((await sending).status).toBe(201);
    } finally {
      await sandbox.operator.clearFaults();
      await sandbox.operator.setFxRates({ rates: rates.rates });
    }

    const { data: fees } = await service.getPatentEventFees(event.patent.id, event.id);
    expect(fees.invoiceId).not.toBeNull();
    const { body } = await detail(fees.invoiceId as string);
    const line = body.lines.find((l) => l.fees.eventId === event.id);
    expect(line?.decision?.source).toBe('batch-record');
    expect(line?.checks.find((c) => c.id === 'estimate-variance')).toMatchObject({ status: 'fail' });
    expect(line?.checks.find((c) => c.id === 'estimate-variance')?.explanation).toContain(
      'Above the 5% threshold',
    );
    expect(body.invoiceChecks.find((c) => c.id === 'invoice-variance')?.status).toBe('fail');
  }, 60_000);
});

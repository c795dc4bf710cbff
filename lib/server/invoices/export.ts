import 'server-only';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AnnuityClient } from '../../annuity/client';
import type { Invoice } from '../../annuity/schemas';
import { billingIndex } from '../../invoices/duplicate-billing';
import { type ExportLine, exportRow, INVOICE_EXPORT_HEADERS } from '../../invoices/export-columns';
import type { InvoiceExportFormat, InvoiceExportQuery } from '../../invoices/query';
import { reconciliationStatus } from '../../invoices/reconciliation';
import type { ExportValue } from '../../renewals/columns';
import { clientLabel } from '../clients/client-filter';
import type { ClientScope } from '../clients/scope';
import { addSheetRow, CSV_BOM, csvLines, EXPORT_CONTENT_TYPES } from '../files/export-file';
import { findInvoice } from './catalog';
import type { ResolveProgress } from './events';
import { gatherEvidence } from './evidence';
import { checkedInvoice, selectInvoices, thresholdPercent } from './invoices';
import { marksOfInvoices } from './reconciliation-marks';

/**
 * The accounting export: one row per line of exactly the invoices chosen (one invoice, or those an
 * issue-date range and the list's filters select), in CSV or XLSX.
 *
 * It never holds the server: the upstream reads are asynchronous, and the rows are checked and
 * written in chunks of CHUNK_LINES, straight into a streaming writer (papaparse per chunk;
 * exceljs's streaming WorkbookWriter, which zips rows as they are committed), with a turn of the
 * event loop between chunks and a wait while the browser is behind. Bytes leave as they are made,
 * so neither the file nor the whole row set is held in memory. Progress (event reads, then lines
 * written) goes to the caller, which the route turns into progress lines for the browser.
 */
const CHUNK_LINES = 250;

/** One client's part of an export: its invoices, its copy (for billings elsewhere) and its client. */
interface ClientPart {
  connection: string;
  client: AnnuityClient;
  invoices: Invoice[];
  catalog: readonly Invoice[];
  /** The client's name in a "Client" column, when the user works for several clients. */
  label: string | null;
}

export interface ExportPlan {
  format: InvoiceExportFormat;
  parts: ClientPart[];
  /** Every invoice of the export, in file order (issue date, then reference). */
  invoices: Invoice[];
  lineCount: number;
  filename: string;
  contentType: string;
}

type ExportProgress =
  | { phase: 'events'; calls: number; plannedCalls: number }
  | { phase: 'lines'; done: number; total: number };

export interface ExportSink {
  data(bytes: Uint8Array): void;
  progress(progress: ExportProgress): void;
  /** Resolves when the reader can take more (lib/server/invoices/stream.ts). */
  ready(): Promise<void>;
}

const byIssueDateThenReference = (a: Invoice, b: Invoice) =>
  (a.issueDate ?? '9999').localeCompare(b.issueDate ?? '9999') || a.reference.localeCompare(b.reference);

function filenameOf(query: InvoiceExportQuery, invoices: readonly Invoice[]): string {
  const base = query.invoiceId
    ? `invoice-${invoices[0]?.reference ?? query.invoiceId}`
    : `invoices-${query.from ?? 'start'}-to-${query.to ?? 'today'}`;
  return `${base.replace(/[^A-Za-z0-9._-]+/g, '-')}.${query.format}`;
}

/**
 * Which invoices, decided before any byte is sent so a 404 or a refusal is a proper answer: one
 * invoice of the scope (another client's is not found, spec: rule 2), read again with its client's
 * key, or the filters' selection over the scope's clients (or the `client` filter's).
 */
export async function planInvoiceExport(
  query: InvoiceExportQuery,
  requestId: string,
  scope: ClientScope,
): Promise<ExportPlan> {
  const labelOf = (connection: string) => clientLabel(scope, connection)?.name ?? null;
  let parts: ClientPart[];
  if (query.invoiceId) {
    const found = await findInvoice(scope, query.invoiceId, requestId);
    const { data } = await found.client.getInvoice(query.invoiceId, { requestId });
    parts = [
      {
        connection: found.connection,
        client: found.client,
        invoices: [data],
        catalog: found.catalog.invoices,
        label: labelOf(found.connection),
      },
    ];
  } else {
    const selections = await selectInvoices(scope, query, requestId);
    parts = selections.map((selection) => ({
      connection: selection.connection,
      client: selection.client,
      invoices: selection.selected,
      catalog: selection.catalog.invoices,
      label: labelOf(selection.connection),
    }));
  }
  const invoices = parts.flatMap((part) => part.invoices).sort(byIssueDateThenReference);
  return {
    format: query.format,
    parts,
    invoices,
    lineCount: invoices.reduce((sum, invoice) => sum + invoice.fees.length, 0),
    filename: filenameOf(query, invoices),
    contentType: EXPORT_CONTENT_TYPES[query.format],
  };
}

interface RowWriter {
  write(rows: ExportValue[][]): void;
  finish(): Promise<void>;
}

/** A "Client" column leads when the export spans the rows of several clients' users. */
function headersOf(plan: ExportPlan): string[] {
  return plan.parts.some((part) => part.label !== null)
    ? [CLIENT_HEADER, ...INVOICE_EXPORT_HEADERS]
    : INVOICE_EXPORT_HEADERS;
}

const CLIENT_HEADER = 'Client';

function csvWriter(sink: ExportSink, headers: readonly string[]): RowWriter {
  const encoder = new TextEncoder();
  const text = (rows: ExportValue[][]) => `${csvLines(rows)}\r\n`;
  sink.data(encoder.encode(`${CSV_BOM}${text([[...headers]])}`));
  return {
    write: (rows) => {
      if (rows.length > 0) sink.data(encoder.encode(text(rows)));
    },
    finish: async () => undefined,
  };
}

function xlsxWriter(sink: ExportSink, headers: readonly string[]): RowWriter {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => sink.data(new Uint8Array(chunk)));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Invoice lines', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({
    header,
    width: Math.max(12, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    write: (rows) => {
      for (const row of rows) {
        addSheetRow(sheet, row).commit();
      }
    },
    finish: async () => {
      sheet.commit();
      await workbook.commit();
      await ended;
    },
  };
}

export async function writeInvoiceExport(
  plan: ExportPlan,
  requestId: string,
  sink: ExportSink,
): Promise<void> {
  const headers = headersOf(plan);
  const writer = plan.format === 'csv' ? csvWriter(sink, headers) : xlsxWriter(sink, headers);
  // Each client's evidence with its own key; the progress adds the clients' calls up.
  const progressOf = new Map<string, ResolveProgress>();
  const reportEvents = () => {
    const all = [...progressOf.values()];
    sink.progress({
      phase: 'events',
      calls: all.reduce((sum, progress) => sum + progress.calls, 0),
      plannedCalls: all.reduce((sum, progress) => sum + progress.plannedCalls, 0),
    });
  };
  const checked = await Promise.all(
    plan.parts.map(async (part) => {
      const [evidence, marks] = await Promise.all([
        gatherEvidence(
          part.client,
          part.invoices,
          requestId,
          (progress) => {
            progressOf.set(part.connection, progress);
            reportEvents();
          },
          part.connection,
        ),
        marksOfInvoices(
          part.connection,
          part.invoices.map((invoice) => invoice.id),
        ),
      ]);
      return { part, evidence, marks, billings: billingIndex([...part.catalog, ...part.invoices]) };
    }),
  );
  const partOf = new Map(
    checked.flatMap((entry) => entry.part.invoices.map((invoice) => [invoice.id, entry] as const)),
  );
  const threshold = thresholdPercent();
  const checkedAt = new Date();
  let done = 0;
  let pending: ExportValue[][] = [];
  sink.progress({ phase: 'lines', done, total: plan.lineCount });
  for (const invoice of plan.invoices) {
    const entry = partOf.get(invoice.id);
    if (!entry) continue;
    const { evidence, billings, marks, part } = entry;
    const detail = checkedInvoice(invoice, evidence, billings, threshold, checkedAt);
    const invoiceMarks = marks.get(invoice.id) ?? [];
    const byKey = new Map(invoiceMarks.map((mark) => [mark.lineKey, mark]));
    const invoiceStatus = reconciliationStatus(
      detail.lines.map((line) => line.lineKey),
      invoiceMarks,
    );
    for (const line of detail.lines) {
      const row: ExportLine = { invoice, line, mark: byKey.get(line.lineKey) ?? null, invoiceStatus };
      pending.push(part.label === null ? exportRow(row) : [part.label, ...exportRow(row)]);
    }
    if (pending.length >= CHUNK_LINES) {
      writer.write(pending);
      done += pending.length;
      pending = [];
      sink.progress({ phase: 'lines', done, total: plan.lineCount });
      await sink.ready();
    }
  }
  writer.write(pending);
  done += pending.length;
  sink.progress({ phase: 'lines', done, total: plan.lineCount });
  await writer.finish();
}

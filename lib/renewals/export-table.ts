import { decimalCell, type ExportValue, RENEWAL_COLUMNS } from './columns';
import { instructabilityBadge } from './instructability';
import { decisionLabel, duePeriodLabel, feesStatusLabel, processingStatusLabel } from './labels';
import type { RenewalRow } from './rows';

/** The cells a column contributes to an export: a header and a value each. */
type ExportCells = (row: RenewalRow, locale?: string) => [header: string, value: ExportValue][];

const label = (value: { label: string } | null) => value?.label ?? null;

/** What each of the month view's columns (./columns.ts) writes into a CSV or XLSX export. */
const EXPORT_CELLS: Record<string, ExportCells> = {
  caseReference: (row) => [
    ['Case reference', row.caseReference],
    ['Provider ID', row.providerId],
  ],
  office: (row) => [['Office', row.office]],
  annuityYear: (row) => [
    ['Annuity year', row.annuityYear],
    ['Payment sequence', row.paymentSequence],
  ],
  dueDate: (row) => [['Due date', row.dueDate]],
  // Amounts stay decimal strings with their currency beside them (architecture: Money).
  fees: (row) => [
    ['Fees total', decimalCell(row.fees?.total, row.fees?.currency)],
    ['Currency', row.fees?.currency ?? null],
    ['FX rate frozen', row.isFxRateFrozen ? 'yes' : 'no'],
  ],
  keepScore: (row) => [['Keep score', row.keepScore ?? null]],
  duePeriod: (row) => [['Due period', label(duePeriodLabel(row.duePeriod))]],
  instructability: (row, locale) => [
    ['Instructability', instructabilityBadge(row.instructability, locale).label],
  ],
  appliedDecision: (row) => [['Decision', label(decisionLabel(row.appliedDecision))]],
  processingStatus: (row) => [['Processing status', label(processingStatusLabel(row.processingStatus))]],
  gracePeriodEndDate: (row) => [['Grace period ends', row.gracePeriodEndDate]],
  title: (row) => [['Title', row.title]],
  feesStatus: (row) => [['Fee status', label(feesStatusLabel(row.feesStatus))]],
  // Links to PDFs: nothing to export.
  documents: () => [],
  owner: (row) => [['Owner', row.owner]],
};

/** Rows of several clients say whose they are: a first column, not one of the view's own. */
const CLIENT_CELLS: ExportCells = (row) => [['Client', row.client?.name ?? null]];

/**
 * Turns the visible columns and rows into an export table (header row first). Rows labelled with
 * their client (the user works for several) start with a Client column; others export as before.
 */
export function renewalExportTable(
  rows: readonly RenewalRow[],
  visibleColumnIds: readonly string[],
  locale?: string,
): ExportValue[][] {
  const visible = new Set(visibleColumnIds);
  const columns: ExportCells[] = [
    ...(rows.some((row) => row.client) ? [CLIENT_CELLS] : []),
    ...RENEWAL_COLUMNS.filter((column) => visible.has(column.id)).flatMap((column) => {
      const cells = EXPORT_CELLS[column.id];
      return cells ? [cells] : [];
    }),
  ];
  const headers = columns.flatMap((cells) => cells(EMPTY_ROW, locale).map(([header]) => header));
  const body = rows.map((row) => columns.flatMap((cells) => cells(row, locale).map(([, value]) => value)));
  return [headers, ...body];
}

const EMPTY_ROW: RenewalRow = {
  eventId: '',
  patentId: '',
  providerId: null,
  caseReference: null,
  family: null,
  title: null,
  office: null,
  owner: null,
  annuityYear: null,
  paymentSequence: null,
  dueDate: '',
  gracePeriodEndDate: null,
  duePeriod: null,
  instructability: null,
  appliedDecision: null,
  processingStatus: null,
  processingStatusUpdatedAt: null,
  feesStatus: null,
  isFxRateFrozen: false,
  fees: null,
};

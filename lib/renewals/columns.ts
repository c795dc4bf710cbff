import { minorUnits } from '@/lib/annuity/money';
import { instructabilityBadge } from './instructability';
import { decisionLabel, duePeriodLabel, feesStatusLabel, processingStatusLabel } from './labels';
import type { RenewalRow } from './rows';
import type { SortColumn } from './view-model';

/**
 * The month view's columns as data: their ids, headers, whether they sort, and what each writes
 * into an export. The table (components) and the CSV/XLSX export (server) read this one list,
 * so an export has exactly the columns the user sees, in the same words.
 */
/**
 * A decimal amount: written as text in CSV, and as a number cell with the currency's decimals in
 * XLSX (where a spreadsheet needs numbers to add up).
 */
export interface DecimalCell {
  decimal: string;
  digits: number;
}
export type ExportValue = string | number | DecimalCell | null;

export function decimalCell(amount: string | null | undefined, currency: string | null | undefined) {
  return amount && currency ? { decimal: amount, digits: minorUnits(currency) } : null;
}

export interface RenewalColumn {
  id: string;
  header: string;
  /** Set when the month view can sort on this column (in the browser). */
  sort?: SortColumn;
  /** The cells this column contributes to an export: a header and a value each. */
  exportCells: (row: RenewalRow, locale?: string) => [header: string, value: ExportValue][];
}

const label = (value: { label: string } | null) => value?.label ?? null;

export const RENEWAL_COLUMNS: readonly RenewalColumn[] = [
  {
    id: 'caseReference',
    header: 'Case reference',
    sort: 'caseReference',
    exportCells: (row) => [
      ['Case reference', row.caseReference],
      ['Provider ID', row.providerId],
    ],
  },
  { id: 'office', header: 'Office', sort: 'office', exportCells: (row) => [['Office', row.office]] },
  {
    id: 'annuityYear',
    header: 'Annuity year',
    sort: 'annuityYear',
    exportCells: (row) => [
      ['Annuity year', row.annuityYear],
      ['Payment sequence', row.paymentSequence],
    ],
  },
  {
    id: 'dueDate',
    header: 'Due date',
    sort: 'dueDate',
    exportCells: (row) => [['Due date', row.dueDate]],
  },
  {
    id: 'fees',
    header: 'Fees',
    sort: 'fees',
    // Right after the due date: what a renewal costs stays on screen at 1280 px.
    // Amounts stay decimal strings with their currency beside them (architecture: Money).
    exportCells: (row) => [
      ['Fees total', decimalCell(row.fees?.total, row.fees?.currency)],
      ['Currency', row.fees?.currency ?? null],
      ['FX rate frozen', row.isFxRateFrozen ? 'yes' : 'no'],
    ],
  },
  {
    id: 'keepScore',
    header: 'Keep score',
    sort: 'keepScore',
    // Out of 100: higher, more reason to keep paying (lib/signals/keep-score.ts).
    exportCells: (row) => [['Keep score', row.keepScore ?? null]],
  },
  {
    id: 'duePeriod',
    header: 'Due period',
    sort: 'duePeriod',
    exportCells: (row) => [['Due period', label(duePeriodLabel(row.duePeriod))]],
  },
  {
    id: 'instructability',
    header: 'Instructability',
    sort: 'instructability',
    exportCells: (row, locale) => [
      ['Instructability', instructabilityBadge(row.instructability, locale).label],
    ],
  },
  {
    id: 'appliedDecision',
    header: 'Decision',
    sort: 'appliedDecision',
    exportCells: (row) => [['Decision', label(decisionLabel(row.appliedDecision))]],
  },
  {
    id: 'processingStatus',
    header: 'Processing',
    sort: 'processingStatus',
    exportCells: (row) => [['Processing status', label(processingStatusLabel(row.processingStatus))]],
  },
  {
    id: 'gracePeriodEndDate',
    header: 'Grace ends',
    sort: 'gracePeriodEndDate',
    exportCells: (row) => [['Grace period ends', row.gracePeriodEndDate]],
  },
  { id: 'title', header: 'Title', sort: 'title', exportCells: (row) => [['Title', row.title]] },
  {
    id: 'feesStatus',
    header: 'Fee status',
    sort: 'feesStatus',
    exportCells: (row) => [['Fee status', label(feesStatusLabel(row.feesStatus))]],
  },
  // Links to PDFs: nothing to export.
  { id: 'documents', header: 'Documents', exportCells: () => [] },
  { id: 'owner', header: 'Owner', exportCells: (row) => [['Owner', row.owner]] },
];

export const RENEWAL_COLUMN_IDS = RENEWAL_COLUMNS.map((column) => column.id);

/** Rows of several clients say whose they are: a first column, not one of the view's own. */
const CLIENT_COLUMN: RenewalColumn = {
  id: 'client',
  header: 'Client',
  exportCells: (row) => [['Client', row.client?.name ?? null]],
};

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
  const columns = [
    ...(rows.some((row) => row.client) ? [CLIENT_COLUMN] : []),
    ...RENEWAL_COLUMNS.filter((column) => visible.has(column.id)),
  ];
  const headers = columns.flatMap((column) =>
    column.exportCells(EMPTY_ROW, locale).map(([header]) => header),
  );
  const body = rows.map((row) =>
    columns.flatMap((column) => column.exportCells(row, locale).map(([, value]) => value)),
  );
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

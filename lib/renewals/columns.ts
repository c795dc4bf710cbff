import { minorUnits } from '@/lib/annuity/money';
import type { SortColumn } from './view-model';

/**
 * The month view's columns as data: their ids, headers and whether they sort. The table
 * (components), the column menu and the CSV/XLSX export (./export-table.ts, the cells each column
 * writes) read this one list, so an export has exactly the columns the user sees. The export's
 * cells are a module of their own: the browser never writes an export, and they are not in the
 * month view's first-load JS (≤ 190 KiB, docs/performance.md).
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
}

export const RENEWAL_COLUMNS: readonly RenewalColumn[] = [
  { id: 'caseReference', header: 'Case reference', sort: 'caseReference' },
  { id: 'office', header: 'Office', sort: 'office' },
  { id: 'annuityYear', header: 'Annuity year', sort: 'annuityYear' },
  { id: 'dueDate', header: 'Due date', sort: 'dueDate' },
  // Right after the due date: what a renewal costs stays on screen at 1280 px.
  { id: 'fees', header: 'Fees', sort: 'fees' },
  // Out of 100: higher, more reason to keep paying (lib/signals/keep-score.ts).
  { id: 'keepScore', header: 'Keep score', sort: 'keepScore' },
  { id: 'duePeriod', header: 'Due period', sort: 'duePeriod' },
  { id: 'instructability', header: 'Instructability', sort: 'instructability' },
  { id: 'appliedDecision', header: 'Decision', sort: 'appliedDecision' },
  { id: 'processingStatus', header: 'Processing', sort: 'processingStatus' },
  { id: 'gracePeriodEndDate', header: 'Grace ends', sort: 'gracePeriodEndDate' },
  { id: 'title', header: 'Title', sort: 'title' },
  { id: 'feesStatus', header: 'Fee status', sort: 'feesStatus' },
  { id: 'documents', header: 'Documents' },
  { id: 'owner', header: 'Owner' },
];

export const RENEWAL_COLUMN_IDS = RENEWAL_COLUMNS.map((column) => column.id);

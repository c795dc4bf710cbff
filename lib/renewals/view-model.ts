import Big from 'big.js';
import { type CurrencyTotal, sumByCurrency } from '@/lib/annuity/money';
import { BADGE_KINDS, type BadgeKind, badgeKind } from './instructability';
import type { RenewalRow } from './rows';

/**
 * What the month view does in the browser with the rows of a window: local filters, sorting,
 * grouping by office, counts per badge and totals per currency. Pure and allocation-light, because
 * it reruns on every click over 2,000+ rows (budget: 50 ms, see bench).
 */

/** Stands for "no value" in a filter (no decision applied, no processing status). */
export const NONE = 'NONE';

export interface LocalFilters {
  badges: readonly BadgeKind[];
  decisions: readonly string[];
  processing: readonly string[];
}

export function hasLocalFilters(filters: LocalFilters): boolean {
  return filters.badges.length + filters.decisions.length + filters.processing.length > 0;
}

export function applyLocalFilters(rows: readonly RenewalRow[], filters: LocalFilters): RenewalRow[] {
  if (!hasLocalFilters(filters)) return rows as RenewalRow[];
  const badges = new Set<string>(filters.badges);
  const decisions = new Set(filters.decisions);
  const processing = new Set(filters.processing);
  return rows.filter(
    (row) =>
      (badges.size === 0 || badges.has(badgeKind(row.instructability))) &&
      (decisions.size === 0 || decisions.has(row.appliedDecision ?? NONE)) &&
      (processing.size === 0 || processing.has(row.processingStatus ?? NONE)),
  );
}

export function countByBadge(rows: readonly RenewalRow[]): Record<BadgeKind, number> {
  const counts = Object.fromEntries(BADGE_KINDS.map((kind) => [kind, 0])) as Record<BadgeKind, number>;
  for (const row of rows) counts[badgeKind(row.instructability)] += 1;
  return counts;
}

/** Fee totals per currency; two currencies are never added (architecture: Money). */
export function totalsByCurrency(rows: readonly RenewalRow[]): CurrencyTotal[] {
  return sumByCurrency(
    rows.flatMap((row) => (row.fees ? [{ amount: row.fees.total, currency: row.fees.currency }] : [])),
  );
}

export const SORTABLE_COLUMNS = [
  'caseReference',
  'title',
  'office',
  'annuityYear',
  'dueDate',
  'gracePeriodEndDate',
  'duePeriod',
  'instructability',
  'appliedDecision',
  'processingStatus',
  'fees',
  'feesStatus',
] as const;
export type SortColumn = (typeof SORTABLE_COLUMNS)[number];

export interface RowSort {
  id: SortColumn;
  desc: boolean;
}

type Key = string | number | null;

const BADGE_ORDER = new Map(BADGE_KINDS.map((kind, index) => [kind, index]));

function sortKey(row: RenewalRow, column: SortColumn): Key {
  switch (column) {
    case 'caseReference':
      return row.caseReference ?? row.providerId;
    case 'annuityYear':
      return row.annuityYear;
    case 'instructability':
      return BADGE_ORDER.get(badgeKind(row.instructability)) ?? null;
    case 'fees':
      return row.fees?.currency ?? null;
    default:
      return row[column];
  }
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareKeys(a: Key, b: Key): number {
  if (a === b) return 0;
  // Missing values go last whatever the direction, so they never hide the rows that matter.
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * Calendar dates (YYYY-MM-DD) order as plain strings, the same as the collator orders them, at a
 * fraction of its cost: every sort breaks its ties by due date.
 */
function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareFees(a: RenewalRow, b: RenewalRow): number {
  const currency = compareKeys(a.fees?.currency ?? null, b.fees?.currency ?? null);
  if (currency !== 0) return currency;
  const x = a.fees?.total ?? null;
  const y = b.fees?.total ?? null;
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return new Big(x).cmp(y);
}

/** A stable sort; ties keep the due-date order, and rows without a value stay last. */
export function sortRows(rows: readonly RenewalRow[], sort: RowSort | null): RenewalRow[] {
  const sorted = [...rows];
  if (!sort) return sorted.sort((a, b) => compareDates(a.dueDate, b.dueDate));
  const direction = sort.desc ? -1 : 1;
  // Each row's key is computed once, not once per comparison.
  const keyed = sorted.map((row) => ({ row, key: sortKey(row, sort.id) }));
  keyed.sort((a, b) => {
    const ka = a.key;
    const kb = b.key;
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    }
    const primary = sort.id === 'fees' ? compareFees(a.row, b.row) : compareKeys(ka, kb);
    if (primary !== 0) return primary * direction;
    return compareDates(a.row.dueDate, b.row.dueDate);
  });
  return keyed.map((entry) => entry.row);
}

export interface OfficeGroup {
  office: string | null;
  rows: RenewalRow[];
  totals: CurrencyTotal[];
}

/** Groups in office order (unknown office last), each keeping the rows' current order. */
export function groupByOffice(rows: readonly RenewalRow[]): OfficeGroup[] {
  const groups = new Map<string | null, RenewalRow[]>();
  for (const row of rows) {
    const list = groups.get(row.office);
    if (list) list.push(row);
    else groups.set(row.office, [row]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareKeys(a, b))
    .map(([office, list]) => ({ office, rows: list, totals: totalsByCurrency(list) }));
}

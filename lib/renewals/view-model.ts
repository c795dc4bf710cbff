import { type CurrencyTotal, compareAmounts, sumByCurrency } from '@/lib/annuity/money';
import { compareIso } from '@/lib/format/dates';
import { BADGE_KINDS, type BadgeKind, badgeKind } from './instructability';
import type { RenewalRow } from './rows';

/**
 * What the month view does in the browser with the rows of a window: local filters, sorting,
 * grouping by office, counts per badge and totals per currency. Pure and allocation-light, because
 * it reruns on every click over 3,000+ rows (budget: 16 ms, see bench).
 */

/** Stands for "no value" in a filter (no decision applied, no processing status). */
export const NONE = 'NONE';

export interface LocalFilters {
  badges: readonly BadgeKind[];
  decisions: readonly string[];
  processing: readonly string[];
  /** The grace period ends on or after / on or before (YYYY-MM-DD); a renewal without one is out. */
  graceFrom?: string | null;
  graceTo?: string | null;
  /** Keep score strictly below this (1–100); a renewal without a score is out. */
  scoreBelow?: number | null;
  /** Any of these tags on the patent or its family (lib/signals/tags.ts). */
  tags?: readonly string[];
}

export function hasLocalFilters(filters: LocalFilters): boolean {
  return (
    filters.badges.length + filters.decisions.length + filters.processing.length > 0 ||
    Boolean(filters.graceFrom || filters.graceTo) ||
    typeof filters.scoreBelow === 'number' ||
    Boolean(filters.tags?.length)
  );
}

export function applyLocalFilters(rows: readonly RenewalRow[], filters: LocalFilters): RenewalRow[] {
  if (!hasLocalFilters(filters)) return rows as RenewalRow[];
  const badges = new Set<string>(filters.badges);
  const decisions = new Set(filters.decisions);
  const processing = new Set(filters.processing);
  const { graceFrom, graceTo } = filters;
  const below = filters.scoreBelow ?? null;
  const tags = new Set(filters.tags);
  const inGraceRange = (end: string | null) =>
    (!graceFrom && !graceTo) ||
    (end !== null && (!graceFrom || end >= graceFrom) && (!graceTo || end <= graceTo));
  return rows.filter(
    (row) =>
      (badges.size === 0 || badges.has(badgeKind(row.instructability))) &&
      (decisions.size === 0 || decisions.has(row.appliedDecision ?? NONE)) &&
      (processing.size === 0 || processing.has(row.processingStatus ?? NONE)) &&
      inGraceRange(row.gracePeriodEndDate) &&
      (below === null || (typeof row.keepScore === 'number' && row.keepScore < below)) &&
      (tags.size === 0 || Boolean(row.tags?.some((tag) => tags.has(tag)))),
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
  // Ascending: the weakest case for keeping first.
  'keepScore',
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
    case 'keepScore':
      return row.keepScore ?? null;
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
 * Each row's place in one column's order, computed once per set of rows: a sort then compares
 * integers instead of calling the collator (or big.js for fees) ~35,000 times per click on a window
 * of 3,000 renewals (bench: sort ≤ 16 ms). Rows whose values the collator finds equal share a
 * rank, so ties still fall to the due date. Rows without a value have no rank (they go last).
 */
type ColumnRanks = ReadonlyMap<RenewalRow, number>;

/**
 * Work done in slices: a generator yields between slices of about this many comparisons (a
 * fraction of a millisecond), so ranking in idle time never holds up a click for longer than that.
 */
const SLICE = 256;

/** Runs sliced work to its end at once (a click on a column not ranked yet). */
function drain<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** A stable merge sort of a copy of `items`, yielding every SLICE comparisons. */
function* sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number): Generator<void, T[]> {
  let from = [...items];
  let to = new Array<T>(from.length);
  let count = 0;
  for (let width = 1; width < from.length; width *= 2) {
    for (let low = 0; low < from.length; low += 2 * width) {
      const middle = Math.min(low + width, from.length);
      const high = Math.min(low + 2 * width, from.length);
      let left = low;
      let right = middle;
      let out = low;
      while (left < middle && right < high) {
        // The right one only when strictly first: equal items keep their order.
        to[out++] =
          compare(from[right] as T, from[left] as T) < 0 ? (from[right++] as T) : (from[left++] as T);
        if (++count % SLICE === 0) yield;
      }
      while (left < middle) to[out++] = from[left++] as T;
      while (right < high) to[out++] = from[right++] as T;
    }
    [from, to] = [to, from];
  }
  return from;
}

function* rankBy<K>(
  rows: readonly RenewalRow[],
  keyOf: (row: RenewalRow) => K | null,
  compare: (a: K, b: K) => number,
): Generator<void, ColumnRanks> {
  const keys = new Map<RenewalRow, K>();
  const distinct = new Map<unknown, K>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    keys.set(row, key);
    // Fee keys are objects: identify them by their text so equal amounts are compared once.
    const id = typeof key === 'object' ? JSON.stringify(key) : key;
    if (!distinct.has(id)) distinct.set(id, key);
  }
  yield;
  const ordered = yield* sortInSlices([...distinct.values()], compare);
  const rankOf = new Map<K, number>();
  let rank = 0;
  ordered.forEach((key, index) => {
    if (index > 0 && compare(ordered[index - 1] as K, key) !== 0) rank = index;
    rankOf.set(key, rank);
  });
  const ranks = new Map<RenewalRow, number>();
  for (const [row, key] of keys) {
    const id = typeof key === 'object' ? JSON.stringify(key) : key;
    ranks.set(row, rankOf.get(distinct.get(id) as K) as number);
  }
  return ranks;
}

interface FeeKey {
  currency: string;
  total: string | null;
}

function compareFeeKeys(a: FeeKey, b: FeeKey): number {
  const currency = compareKeys(a.currency, b.currency);
  if (currency !== 0) return currency;
  if (a.total === b.total) return 0;
  if (a.total === null) return 1;
  if (b.total === null) return -1;
  return compareAmounts(a.total, b.total);
}

const orderKey = (sort: RowSort) => `${sort.id}:${sort.desc ? 'desc' : 'asc'}`;

/** The ranks of every sortable column over one set of rows, each computed on first use and kept. */
export class SortRanks {
  private readonly byColumn = new Map<SortColumn, ColumnRanks>();
  private readonly orders = new Map<string, readonly RenewalRow[]>();
  constructor(readonly rows: readonly RenewalRow[]) {}

  private *rankSteps(column: SortColumn): Generator<void, ColumnRanks> {
    const kept = this.byColumn.get(column);
    if (kept) return kept;
    const ranks =
      column === 'fees'
        ? yield* rankBy<FeeKey>(
            this.rows,
            (row) => (row.fees ? { currency: row.fees.currency, total: row.fees.total } : null),
            compareFeeKeys,
          )
        : yield* rankBy<string | number>(this.rows, (row) => sortKey(row, column), compareKeys);
    // A click may have ranked the column while these steps waited: the first ranks stay.
    const first = this.byColumn.get(column) ?? ranks;
    this.byColumn.set(column, first);
    return first;
  }

  of(column: SortColumn): ColumnRanks {
    return drain(this.rankSteps(column));
  }

  /**
   * The work of `order(sort)` in slices of a fraction of a millisecond, for idle time: the caller
   * runs a step while the browser has time left and keeps the rest for its next idle period.
   */
  *prepare(sort: RowSort): Generator<void, void> {
    if (this.orders.has(orderKey(sort))) return;
    const ranks = yield* this.rankSteps(sort.id);
    const order = yield* byRanks(this.rows, sort, ranks);
    if (!this.orders.has(orderKey(sort))) this.orders.set(orderKey(sort), order ?? sortRows(this.rows, sort));
  }

  /**
   * Every row in one sort's order, computed on first use and kept: a filter then orders its rows
   * by keeping the ones it shows from this list (one pass, no sort), and a sort clicked again, or
   * ordered in idle time, costs no sorting at all.
   */
  order(sort: RowSort): readonly RenewalRow[] {
    drain(this.prepare(sort));
    return this.orders.get(orderKey(sort)) as readonly RenewalRow[];
  }
}

/** The order without a sort: by due date. */
const DEFAULT_SORT: RowSort = { id: 'dueDate', desc: false };

/**
 * Rows in a sort's order from one column's ranks, ties by due date; null when a row with a value
 * has no rank (a row outside the ranked set).
 */
function* byRanks(
  rows: readonly RenewalRow[],
  sort: RowSort,
  columnRanks: ColumnRanks,
): Generator<void, RenewalRow[] | null> {
  const direction = sort.desc ? -1 : 1;
  // Each row's key is read once, not once per comparison.
  const entries: { row: RenewalRow; key: number | null }[] = [];
  for (const row of rows) {
    const rank = columnRanks.get(row);
    if (rank === undefined && (sort.id === 'fees' ? row.fees : sortKey(row, sort.id)) !== null) return null;
    entries.push({ row, key: rank ?? null });
  }
  yield;
  const sorted = yield* sortInSlices(entries, (a, b) => {
    const ka = a.key;
    const kb = b.key;
    if (ka === null || kb === null) {
      if (ka !== kb) {
        // Without a currency a row goes last; with a currency but no total it is ranked within it.
        return ka === null ? 1 : -1;
      }
      return compareIso(a.row.dueDate, b.row.dueDate);
    }
    if (ka !== kb) return (ka - kb) * direction;
    return compareIso(a.row.dueDate, b.row.dueDate);
  });
  return sorted.map((entry) => entry.row);
}

/**
 * A stable sort; ties keep the due-date order, and rows without a value stay last. With `ranks`
 * (built from a superset of `rows`) the column's order is read from them, not recomputed.
 */
export function sortRows(rows: readonly RenewalRow[], sort: RowSort | null, ranks?: SortRanks): RenewalRow[] {
  if (ranks) {
    // The default order is by due date: from its ranks (integers, not strings).
    const whole = ranks.order(sort ?? DEFAULT_SORT);
    if (rows === ranks.rows) return [...whole];
    // A filtered subset, in the ranked rows' own order: the whole order restricted to it is its
    // sorted order (ties keep that order in both). A row not ranked falls to a sort of its own.
    const kept = new Set(rows);
    const ordered = whole.filter((row) => kept.has(row));
    if (ordered.length === rows.length) return ordered;
  }
  if (!sort) return [...rows].sort((a, b) => compareIso(a.dueDate, b.dueDate));
  return drain(byRanks(rows, sort, new SortRanks(rows).of(sort.id))) as RenewalRow[];
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

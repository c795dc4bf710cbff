import Big from 'big.js';
import { addAmounts, scale, subtract } from '@/lib/annuity/money';

/**
 * Spend analytics: what was invoiced, by month, office and fee component, always per
 * currency. A fees object's amounts are all in its `currency` (spec: Fees), and two currencies
 * are never added: every total here is keyed by its currency. Pure, browser-safe, big.js only.
 */

/** The component kinds the spec names (spec: Fees, `components[].type`); anything else is "other". */
export const FEE_KINDS = ['OFFICE', 'AGENT', 'SERVICE', 'GRACE_PERIOD', 'other'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

export const FEE_KIND_LABELS: Record<FeeKind, string> = {
  OFFICE: 'Office fees',
  AGENT: 'Agent fees',
  SERVICE: 'Service fees',
  GRACE_PERIOD: 'Grace surcharges',
  other: 'Other',
};

/** The component type is an open enum (spec: Versioning 3): an unknown type counts as "other". */
export function feeKind(type: string): FeeKind {
  switch (type) {
    case 'OFFICE':
    case 'AGENT':
    case 'SERVICE':
    case 'GRACE_PERIOD':
      return type;
    default:
      return 'other';
  }
}

/** One invoice line as the analytics see it. */
export interface SpendLine {
  /** The invoice's issue month (YYYY-MM); null when the invoice has no issue date. */
  month: string | null;
  /** The patent's office code; null when the patent is unknown to the portfolio snapshot. */
  office: string | null;
  currency: string;
  /** The line's authoritative total (spec: Fees); null when the service sent none. */
  total: string | null;
  components: readonly { type: string; amount: string }[];
}

type KindAmounts = Record<FeeKind, string>;

export interface SpendRow {
  month: string | null;
  office: string | null;
  currency: string;
  byKind: KindAmounts;
  /** Sum of the lines' totals; lines without a total are counted in `missingTotals`. */
  total: string;
  lines: number;
  missingTotals: number;
}

const monthKey = (month: string | null) => month ?? '';
const officeKey = (office: string | null) => office ?? '';

function zeroKinds(currency: string): KindAmounts {
  const zero = scale('0', currency);
  return { OFFICE: zero, AGENT: zero, SERVICE: zero, GRACE_PERIOD: zero, other: zero };
}

interface Accumulator {
  month: string | null;
  office: string | null;
  currency: string;
  kinds: Record<FeeKind, Big>;
  total: Big;
  lines: number;
  missingTotals: number;
}

function emptyAccumulator(month: string | null, office: string | null, currency: string): Accumulator {
  return {
    month,
    office,
    currency,
    kinds: {
      OFFICE: new Big(0),
      AGENT: new Big(0),
      SERVICE: new Big(0),
      GRACE_PERIOD: new Big(0),
      other: new Big(0),
    },
    total: new Big(0),
    lines: 0,
    missingTotals: 0,
  };
}

function finish(entry: Accumulator): SpendRow {
  const byKind = zeroKinds(entry.currency);
  for (const kind of FEE_KINDS) byKind[kind] = scale(entry.kinds[kind], entry.currency);
  return {
    month: entry.month,
    office: entry.office,
    currency: entry.currency,
    byKind,
    total: scale(entry.total, entry.currency),
    lines: entry.lines,
    missingTotals: entry.missingTotals,
  };
}

/** Rows in a stable order: month (undated last), then office (unknown last), then currency. */
function compareRows(a: SpendRow, b: SpendRow): number {
  const byMonth =
    a.month === b.month ? 0 : a.month === null ? 1 : b.month === null ? -1 : a.month.localeCompare(b.month);
  if (byMonth !== 0) return byMonth;
  const byOffice =
    a.office === b.office
      ? 0
      : a.office === null
        ? 1
        : b.office === null
          ? -1
          : a.office.localeCompare(b.office);
  return byOffice !== 0 ? byOffice : a.currency.localeCompare(b.currency);
}

/**
 * Invoiced amounts grouped by whichever of month and office `by` keeps, and always by currency.
 * A grouping left out is null in the rows (e.g. `by: ['month']` gives one row per month and currency).
 */
export function spendBy(lines: Iterable<SpendLine>, by: readonly ('month' | 'office')[]): SpendRow[] {
  const keepMonth = by.includes('month');
  const keepOffice = by.includes('office');
  const groups = new Map<string, Accumulator>();
  for (const line of lines) {
    const month = keepMonth ? line.month : null;
    const office = keepOffice ? line.office : null;
    const key = `${monthKey(month)}|${officeKey(office)}|${line.currency}`;
    let entry = groups.get(key);
    if (!entry) {
      entry = emptyAccumulator(month, office, line.currency);
      groups.set(key, entry);
    }
    entry.lines += 1;
    for (const component of line.components) {
      entry.kinds[feeKind(component.type)] = entry.kinds[feeKind(component.type)].plus(component.amount);
    }
    if (line.total === null) entry.missingTotals += 1;
    else entry.total = entry.total.plus(line.total);
  }
  return [...groups.values()].map(finish).sort(compareRows);
}

/** One row per currency over every line: the grand totals, never added across currencies. */
export function spendTotals(lines: Iterable<SpendLine>): SpendRow[] {
  return spendBy(lines, []);
}

/** Why a renewal carried a grace surcharge, from when it was decided against its dates. */
export type SurchargeCause =
  /** Decided after the due date and by the grace end: the surcharge is what paying late cost. */
  | 'decided-in-grace'
  /** Decided by the due date, yet surcharged: worth a question to the service. */
  | 'decided-before-due'
  /** Decided after the grace end (a correction or a late skip/drop billed later). */
  | 'decided-after-grace'
  /** The decision day or the event's due date is not known. */
  | 'unknown';

export const SURCHARGE_CAUSE_LABELS: Record<SurchargeCause, string> = {
  'decided-in-grace': 'Decided after the due date, in the grace period',
  'decided-before-due': 'Decided by the due date: surcharge unexpected, ask the service',
  'decided-after-grace': 'Decided after the grace period ended',
  unknown: 'Not known: no decision day or due date on record',
};

/** Dates are ISO calendar days (YYYY-MM-DD), so they compare as strings. */
export function surchargeCause(
  decidedOn: string | null,
  dueDate: string | null,
  gracePeriodEndDate: string | null,
): SurchargeCause {
  if (!decidedOn || !dueDate) return 'unknown';
  if (decidedOn <= dueDate) return 'decided-before-due';
  if (gracePeriodEndDate && decidedOn > gracePeriodEndDate) return 'decided-after-grace';
  return 'decided-in-grace';
}

/** The GRACE_PERIOD part of a line (spec: Fees rule 2); null when the line carries none. */
export function surchargeOf(components: readonly { type: string; amount: string }[], currency: string) {
  const amounts = components.filter((component) => component.type === 'GRACE_PERIOD').map((c) => c.amount);
  return amounts.length === 0 ? null : addAmounts(amounts, currency);
}

export interface SurchargeTotal {
  currency: string;
  cause: SurchargeCause;
  amount: string;
  lines: number;
}

/** Surcharges per currency and cause. */
export function surchargeTotals(
  items: Iterable<{ currency: string; cause: SurchargeCause; amount: string }>,
): SurchargeTotal[] {
  const groups = new Map<string, { currency: string; cause: SurchargeCause; amounts: string[] }>();
  for (const item of items) {
    const key = `${item.currency}|${item.cause}`;
    const entry = groups.get(key) ?? { currency: item.currency, cause: item.cause, amounts: [] };
    entry.amounts.push(item.amount);
    groups.set(key, entry);
  }
  return [...groups.values()]
    .map((entry) => ({
      currency: entry.currency,
      cause: entry.cause,
      amount: addAmounts(entry.amounts, entry.currency),
      lines: entry.amounts.length,
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.cause.localeCompare(b.cause));
}

/** One compared line: invoiced against the estimate recorded when it was decided. */
export interface ComparedLine {
  month: string | null;
  currency: string;
  invoiced: string;
  estimated: string;
  /** Both the estimate and the line were at frozen rates (spec: Endpoints 15). */
  frozen: boolean;
}

export interface VarianceRow {
  month: string | null;
  currency: string;
  frozen: boolean;
  invoiced: string;
  estimated: string;
  /** invoiced − estimated */
  difference: string;
  /** Of the estimate, two decimals, signed; null when the estimate sums to zero. */
  percent: string | null;
  lines: number;
}

function percentOf(difference: string, base: string): string | null {
  if (new Big(base).eq(0)) return new Big(difference).eq(0) ? '0.00' : null;
  return new Big(difference).times(100).div(base).round(2, Big.roundHalfUp).toFixed(2);
}

/**
 * FX variance: per month, currency and whether rates were frozen, the invoiced amounts against the
 * estimates recorded at decision time. Frozen lines are kept apart because at frozen rates only a
 * fee-schedule change can move an amount (spec: Endpoints 15): their variance is not exchange rates.
 */
export function varianceBy(lines: Iterable<ComparedLine>): VarianceRow[] {
  const groups = new Map<string, { head: ComparedLine; invoiced: string[]; estimated: string[] }>();
  for (const line of lines) {
    const key = `${monthKey(line.month)}|${line.currency}|${line.frozen}`;
    const entry = groups.get(key) ?? { head: line, invoiced: [], estimated: [] };
    entry.invoiced.push(line.invoiced);
    entry.estimated.push(line.estimated);
    groups.set(key, entry);
  }
  return [...groups.values()]
    .map(({ head, invoiced, estimated }) => {
      const invoicedSum = addAmounts(invoiced, head.currency);
      const estimatedSum = addAmounts(estimated, head.currency);
      const difference = subtract(invoicedSum, estimatedSum, head.currency);
      return {
        month: head.month,
        currency: head.currency,
        frozen: head.frozen,
        invoiced: invoicedSum,
        estimated: estimatedSum,
        difference,
        percent: percentOf(difference, estimatedSum),
        lines: invoiced.length,
      };
    })
    .sort(
      (a, b) =>
        (a.month === b.month
          ? 0
          : a.month === null
            ? 1
            : b.month === null
              ? -1
              : a.month.localeCompare(b.month)) ||
        a.currency.localeCompare(b.currency) ||
        Number(a.frozen) - Number(b.frozen),
    );
}

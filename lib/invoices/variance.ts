import Big from 'big.js';
import { addAmounts, subtract } from '@/lib/annuity/money';
import type { Fees, Invoice } from '@/lib/annuity/schemas';
import { plural } from '@/lib/format/plural';
import { type CheckResult, fail, money, pass, warning } from './check-types';
import { knownDecision, type LineEvidence } from './evidence';

/**
 * Invoiced against the estimate recorded when the decision was sent, per line and per
 * invoice, per currency. Only a PROCEED is compared: the estimate recorded is the renewal's full
 * fees (spec: Fees, an estimate before any decision), while a skip or drop bills the service fee
 * alone, which the skip/drop check covers. A correction line bills a difference, not a renewal.
 */
export type LineVariance =
  | {
      kind: 'compared';
      currency: string;
      invoiced: string;
      estimated: string;
      /** invoiced − estimated */
      difference: string;
      /** Of the estimate, two decimals, signed; null when the estimate was zero. */
      percent: string | null;
      /** Both the estimate and the invoice line were at frozen exchange rates. */
      frozen: boolean;
      frozenMismatch: boolean;
    }
  | { kind: 'not-compared'; reason: NotComparedReason };

type NotComparedReason =
  | 'correction'
  | 'not-proceed'
  | 'no-decision'
  | 'no-estimate'
  | 'no-amount'
  | 'other-currency';

const NOT_COMPARED: Record<NotComparedReason, { status: 'pass' | 'warning'; text: string }> = {
  correction: {
    status: 'pass',
    text: 'Not applicable: a correction line bills a difference on an earlier invoice, not a renewal.',
  },
  'not-proceed': {
    status: 'pass',
    text: 'Not applicable: a skip or drop bills the service fee only; the skip/drop check covers it.',
  },
  'no-decision': { status: 'warning', text: 'Cannot check: no decision is known for this line.' },
  'no-estimate': {
    status: 'warning',
    text: 'Cannot check: no estimate was recorded for this decision (it was not sent from this dashboard, or the service sent no fees when it was).',
  },
  'no-amount': { status: 'warning', text: 'Cannot check: the line or the recorded estimate has no amount.' },
  'other-currency': {
    status: 'warning',
    text: 'Cannot check: the estimate was recorded in another currency than the line is billed in.',
  },
};

function percentOf(difference: string, base: string): string | null {
  if (new Big(base).eq(0)) return new Big(difference).eq(0) ? '0.00' : null;
  return new Big(difference).times(100).div(base).round(2, Big.roundHalfUp).toFixed(2);
}

/** Strictly above the threshold, in decimal: |difference| × 100 > threshold × |base|. */
export function exceedsThreshold(difference: string, base: string, thresholdPercent: string): boolean {
  const left = new Big(difference).abs().times(100);
  const right = new Big(thresholdPercent).times(new Big(base).abs());
  return left.gt(right);
}

export function lineVariance(invoice: Invoice, line: Fees, evidence: LineEvidence): LineVariance {
  if (invoice.origin === 'REGULARIZATION') return { kind: 'not-compared', reason: 'correction' };
  const known = knownDecision(invoice, evidence);
  if (!known) return { kind: 'not-compared', reason: 'no-decision' };
  if (known.decision !== 'PROCEED') return { kind: 'not-compared', reason: 'not-proceed' };
  const estimate = evidence.recorded?.estimate ?? null;
  if (!estimate) return { kind: 'not-compared', reason: 'no-estimate' };
  if (estimate.amount === null || line.total === null) return { kind: 'not-compared', reason: 'no-amount' };
  if (estimate.currency !== line.currency) return { kind: 'not-compared', reason: 'other-currency' };
  const difference = subtract(line.total, estimate.amount, line.currency);
  return {
    kind: 'compared',
    currency: line.currency,
    invoiced: line.total,
    estimated: estimate.amount,
    difference,
    percent: percentOf(difference, estimate.amount),
    frozen: estimate.fxFrozen && line.isFxRateFrozen,
    frozenMismatch: estimate.fxFrozen !== line.isFxRateFrozen,
  };
}

const signed = (value: string) => (new Big(value).gt(0) ? `+${value}` : value);

function describeVariance(v: Extract<LineVariance, { kind: 'compared' }>): string {
  const percent = v.percent === null ? '' : `, ${signed(v.percent)}%`;
  return `invoiced ${money(v.invoiced, v.currency)} against ${money(v.estimated, v.currency)} estimated (${signed(v.difference)}${percent})`;
}

export function checkLineVariance(variance: LineVariance, thresholdPercent: string): CheckResult {
  const id = 'estimate-variance';
  if (variance.kind === 'not-compared') {
    const outcome = NOT_COMPARED[variance.reason];
    return outcome.status === 'pass' ? pass(id, outcome.text) : warning(id, outcome.text);
  }
  const exact = new Big(variance.difference).eq(0);
  if (variance.frozen) {
    // spec: Endpoints 15 — at frozen rates "only a fee-schedule change can still move" an estimate.
    return exact
      ? pass(id, `Matches exactly at frozen exchange rates: ${describeVariance(variance)}.`)
      : fail(
          id,
          `At frozen exchange rates the line should match its estimate exactly, but it was ${describeVariance(variance)}. Only a change of fee schedule can explain it: check that before accepting it.`,
        );
  }
  const mismatch = variance.frozenMismatch
    ? ' The estimate and the line disagree on whether the exchange rate was frozen.'
    : '';
  if (variance.percent === null && !exact) {
    return fail(id, `The estimate was zero, yet the line was ${describeVariance(variance)}.${mismatch}`);
  }
  if (exceedsThreshold(variance.difference, variance.estimated, thresholdPercent)) {
    return fail(id, `Above the ${thresholdPercent}% threshold: ${describeVariance(variance)}.${mismatch}`);
  }
  return exact
    ? pass(id, `Matches its estimate: ${describeVariance(variance)}.${mismatch}`)
    : pass(id, `Within the ${thresholdPercent}% threshold: ${describeVariance(variance)}.${mismatch}`);
}

export interface CurrencyVariance {
  currency: string;
  invoiced: string;
  estimated: string;
  difference: string;
  percent: string | null;
  lines: number;
}

/** Sums of the compared lines, per currency (two currencies are never added). */
export function invoiceVariance(variances: readonly LineVariance[]): CurrencyVariance[] {
  const byCurrency = new Map<string, { invoiced: string[]; estimated: string[] }>();
  for (const v of variances) {
    if (v.kind !== 'compared') continue;
    const entry = byCurrency.get(v.currency) ?? { invoiced: [], estimated: [] };
    entry.invoiced.push(v.invoiced);
    entry.estimated.push(v.estimated);
    byCurrency.set(v.currency, entry);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, entry]) => {
      const invoiced = addAmounts(entry.invoiced, currency);
      const estimated = addAmounts(entry.estimated, currency);
      const difference = subtract(invoiced, estimated, currency);
      return {
        currency,
        invoiced,
        estimated,
        difference,
        percent: percentOf(difference, estimated),
        lines: entry.invoiced.length,
      };
    });
}

export function checkInvoiceVariance(
  variances: readonly LineVariance[],
  thresholdPercent: string,
): CheckResult {
  const id = 'invoice-variance';
  const totals = invoiceVariance(variances);
  if (totals.length === 0) {
    const applicable = variances.filter(
      (v) => v.kind === 'compared' || NOT_COMPARED[v.reason].status === 'warning',
    ).length;
    return applicable === 0
      ? pass(
          id,
          'Not applicable: no line of this invoice bills a renewal that was estimated (corrections, skips and drops).',
        )
      : warning(
          id,
          `Cannot check: none of the ${plural(applicable, 'renewal line')} has an estimate recorded to compare with.`,
        );
  }
  const parts = totals.map(
    (t) =>
      `${t.currency}: invoiced ${money(t.invoiced, t.currency)} against ${money(t.estimated, t.currency)} estimated (${signed(t.difference)}${t.percent === null ? '' : `, ${signed(t.percent)}%`}) over ${plural(t.lines, 'line')}`,
  );
  const uncompared = variances.filter(
    (v) => v.kind === 'not-compared' && NOT_COMPARED[v.reason].status === 'warning',
  ).length;
  const note = uncompared > 0 ? ` ${plural(uncompared, 'line')} could not be compared.` : '';
  const above = totals.filter(
    (t) =>
      (t.percent === null && !new Big(t.difference).eq(0)) ||
      exceedsThreshold(t.difference, t.estimated, thresholdPercent),
  );
  return above.length > 0
    ? fail(id, `Above the ${thresholdPercent}% threshold. ${parts.join('; ')}.${note}`)
    : pass(id, `Within the ${thresholdPercent}% threshold. ${parts.join('; ')}.${note}`);
}

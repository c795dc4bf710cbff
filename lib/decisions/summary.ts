import { DECISIONS, type Decision } from '@/lib/annuity/enums';
import { type CurrencyTotal, sumByCurrency } from '@/lib/annuity/money';
import { decisionCost, expectedBilling } from './decision-cost';
import type { DraftEntry } from './draft';

/**
 * The review step's summary: per decision, how many and the estimated cost per currency, and the
 * patents a DROP will lose — the things a person must see before sending (issue: review step).
 */
interface DecisionGroup {
  decision: Decision;
  count: number;
  totals: CurrencyTotal[];
}

export interface DraftSummary {
  groups: DecisionGroup[];
  totals: CurrencyTotal[];
  drops: DraftEntry[];
}

/**
 * What a decision is expected to be billed: the whole renewal to PROCEED, the service fee to skip
 * or drop (the one rule of every page: decision-cost.ts).
 */
export function estimatedCost(entry: Pick<DraftEntry, 'decision' | 'estimate'>): string | null {
  return expectedBilling(decisionCost(entry.decision, entry.estimate))?.amount ?? null;
}

export function summarizeDraft(entries: readonly DraftEntry[]): DraftSummary {
  const estimates = (list: readonly DraftEntry[]) =>
    sumByCurrency(
      list.flatMap((entry) =>
        entry.estimate ? [{ amount: estimatedCost(entry), currency: entry.estimate.currency }] : [],
      ),
    );
  const groups = DECISIONS.map((decision) => {
    const list = entries.filter((entry) => entry.decision === decision);
    return { decision, count: list.length, totals: estimates(list) };
  }).filter((group) => group.count > 0);
  return { groups, totals: estimates(entries), drops: entries.filter((entry) => entry.decision === 'DROP') };
}

export interface ProceedEstimate {
  totals: CurrencyTotal[];
  /** PROCEED decisions whose renewal had no estimate (or no amount) when chosen. */
  unestimated: number;
}

/**
 * What the PROCEED decisions of a draft are estimated to cost, per currency and never summed
 * across currencies, for the month view while the user chooses. A renewal with no
 * estimate yet is counted apart, never as zero.
 */
export function proceedEstimate(
  entries: readonly Pick<DraftEntry, 'decision' | 'estimate'>[],
): ProceedEstimate {
  let withoutEstimate = 0;
  const totals = sumByCurrency(
    entries.flatMap((entry) => {
      if (entry.decision !== 'PROCEED') return [];
      if (!entry.estimate) {
        withoutEstimate += 1;
        return [];
      }
      return [{ amount: entry.estimate.amount, currency: entry.estimate.currency }];
    }),
  );
  return {
    totals: totals.filter((total) => total.count > 0),
    unestimated: withoutEstimate + totals.reduce((sum, total) => sum + total.missing, 0),
  };
}

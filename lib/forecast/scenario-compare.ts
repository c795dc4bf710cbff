import { addAmounts, compareAmounts, subtract } from '@/lib/annuity/money';
import type { ScenarioLine, ScenarioRenewal, ScenarioRule } from './scenario';

/**
 * Two what-if scenarios side by side: per year and currency what each saves and the difference
 * (the right one's saving less the left one's), and the renewals one stops that the other does
 * not. Amounts stay decimal strings in their own currency, summed exactly (big.js through
 * lib/annuity/money.ts), never added across currencies (spec: Fees).
 */
export interface ComparisonLine {
  year: number;
  currency: string;
  left: string;
  right: string;
  /** right − left: positive when the right scenario saves more. */
  difference: string;
}

export interface ComparedSide {
  /** The saved scenario's name, or null for the scenario in the address. */
  name: string | null;
  viewId: string | null;
  rule: ScenarioRule;
  patents: number;
  stopped: number;
  stoppedWithoutEstimate: number;
}

export interface OnlyIn {
  count: number;
  /** The first of them by due date (the count says how many in all). */
  renewals: ScenarioRenewal[];
}

export interface ScenarioComparison {
  left: ComparedSide;
  right: ComparedSide;
  lines: ComparisonLine[];
  onlyLeft: OnlyIn;
  onlyRight: OnlyIn;
  forecastReadAt: string | null;
}

const zeroOf = (currency: string) => addAmounts([], currency);

/** The years and currencies either scenario saves something in, in year then currency order. */
export function comparisonLines(
  left: readonly Pick<ScenarioLine, 'year' | 'currency' | 'saved'>[],
  right: readonly Pick<ScenarioLine, 'year' | 'currency' | 'saved'>[],
): ComparisonLine[] {
  const byKey = new Map<string, { year: number; currency: string; left: string[]; right: string[] }>();
  const add = (line: Pick<ScenarioLine, 'year' | 'currency' | 'saved'>, side: 'left' | 'right') => {
    const key = `${line.year} ${line.currency}`;
    const entry = byKey.get(key) ?? { year: line.year, currency: line.currency, left: [], right: [] };
    entry[side].push(line.saved);
    byKey.set(key, entry);
  };
  for (const line of left) add(line, 'left');
  for (const line of right) add(line, 'right');
  return [...byKey.values()]
    .map((entry) => {
      const leftSaved =
        entry.left.length > 0 ? addAmounts(entry.left, entry.currency) : zeroOf(entry.currency);
      const rightSaved =
        entry.right.length > 0 ? addAmounts(entry.right, entry.currency) : zeroOf(entry.currency);
      return {
        year: entry.year,
        currency: entry.currency,
        left: leftSaved,
        right: rightSaved,
        difference: subtract(rightSaved, leftSaved, entry.currency),
      };
    })
    .filter((line) => compareAmounts(line.left, '0') !== 0 || compareAmounts(line.right, '0') !== 0)
    .sort((a, b) => a.year - b.year || a.currency.localeCompare(b.currency));
}

/** The renewals `one` stops and `other` does not, by due date; at most `listed` of them listed. */
export function onlyIn(
  one: readonly ScenarioRenewal[],
  other: readonly ScenarioRenewal[],
  listed = 100,
): OnlyIn {
  const others = new Set(other.map((renewal) => renewal.eventId));
  const only = one
    .filter((renewal) => !others.has(renewal.eventId))
    .sort((a, b) =>
      a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.eventId < b.eventId ? -1 : 1,
    );
  return { count: only.length, renewals: only.slice(0, listed) };
}

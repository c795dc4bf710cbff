import { formatMoney } from '../annuity/money';
import { termLeftLabel } from './signals';

/**
 * A renewal's keep score with the few signals a list row has room for (Today's rows): what keeping
 * costs to expiry per currency (never added across currencies), the term left, how much of the
 * family is still kept, and the sentence that explains the score. Built on the server
 * (lib/server/signals/keep-scores.ts), drawn as one line.
 */
export interface KeepLine {
  score: number;
  sentence: string;
  costs: { currency: string; total: string }[];
  /** Whole months of term left; null when no expiry is known. */
  termMonths: number | null;
  family: { kept: number; members: number } | null;
}

/** "€14,200.00 to expiry · 7 years 3 months left · family 3 of 5 kept". */
export function keepLineText(line: KeepLine, locale?: string): string {
  const parts: string[] = [];
  if (line.costs.length > 0) {
    parts.push(
      `${line.costs.map((cost) => formatMoney(cost.total, cost.currency, locale)).join(' + ')} to expiry`,
    );
  }
  if (line.termMonths !== null) {
    parts.push(
      line.termMonths === 0
        ? 'term over'
        : `${termLeftLabel({ months: line.termMonths, expiry: '', extended: false })} left`,
    );
  }
  if (line.family && line.family.members > 1)
    parts.push(`family ${line.family.kept} of ${line.family.members} kept`);
  return parts.join(' · ');
}

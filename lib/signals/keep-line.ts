import { formatMoney } from '../annuity/money';
import { costToKeepText, FORECAST_BEING_BUILT } from './cost-to-keep';
import type { CostToExpiry } from './signals';

/**
 * A renewal's keep score with the few signals a list row has room for (Today's rows): what keeping
 * costs per currency (never added across currencies) to the year of the last renewal the forecast
 * counts, the year the term runs to, how much of the family is still kept, and the sentence that
 * explains the score. Built on the server (lib/server/signals/keep-scores.ts), drawn as one line.
 */
export interface KeepLine {
  score: number;
  sentence: string;
  costs: Pick<CostToExpiry, 'currency' | 'total' | 'lastDue'>[];
  /** False until the client's forecast exists: no cost to keep is known then. */
  forecast: boolean;
  /** The date the term ends; null when no expiry is known. */
  termTo: string | null;
  /** Whole months of term left; null when no expiry is known. */
  termMonths: number | null;
  family: { kept: number; members: number } | null;
}

/** "€14,200.00 to keep to 2028 · term to 2034 · family 3 of 5 kept". */
export function keepLineText(line: KeepLine, locale?: string): string {
  const parts: string[] = [];
  if (!line.forecast) parts.push(`cost to keep ${FORECAST_BEING_BUILT}`);
  else {
    const cost = costToKeepText(line.costs, (amount, currency) => formatMoney(amount, currency, locale));
    if (cost) parts.push(cost);
  }
  if (line.termTo !== null && line.termMonths !== null)
    parts.push(line.termMonths === 0 ? 'term over' : `term to ${line.termTo.slice(0, 4)}`);
  if (line.family && line.family.members > 1)
    parts.push(`family ${line.family.kept} of ${line.family.members} kept`);
  return parts.join(' · ');
}

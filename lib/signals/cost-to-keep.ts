import { plural } from '@/lib/format/plural';
import type { CostToExpiry, RenewalSignals } from './signals';

/**
 * What keeping a patent costs, worded the one way every page, export and pack says it. The sum
 * covers the forecast's renewals only (FORECAST_MONTHS ahead), not the whole term: it is labelled
 * with the year of the last renewal it counts ("€1,200.00 to keep to 2028"), never "to expiry".
 * Without a forecast nothing is known of the renewals ahead, so it says the forecast is being
 * built instead of a sum (never "nothing left to pay").
 */

/** Formats one amount in its currency (formatMoney for a page, pdfMoney for the pack, plain for a sheet). */
export type MoneyText = (amount: string, currency: string) => string;

export const FORECAST_BEING_BUILT = 'not known yet: the forecast is being built';

/** The year the sum runs to: that of the last renewal it counts, whatever its currency. */
function costHorizonYear(costs: readonly Pick<CostToExpiry, 'lastDue'>[]): string | null {
  const last = costs
    .map((cost) => cost.lastDue)
    .sort()
    .at(-1);
  return last ? last.slice(0, 4) : null;
}

/** "€1,200.00 + $300.00 to keep to 2028": per currency, never added across; '' when there is none. */
export function costToKeepText(
  costs: readonly Pick<CostToExpiry, 'currency' | 'total' | 'lastDue'>[],
  money: MoneyText,
): string {
  const year = costHorizonYear(costs);
  if (costs.length === 0 || !year) return '';
  return `${costs.map((cost) => money(cost.total, cost.currency)).join(' + ')} to keep to ${year}`;
}

/**
 * The cost clause of a renewal's facts: the sum and the year it runs to, the renewals without an
 * estimate, nothing left to pay only when a forecast exists and holds none, or that the forecast
 * is being built.
 */
export function costToKeepClause(
  signals: Pick<RenewalSignals, 'costToExpiry' | 'unpricedRenewals' | 'forecastTo'>,
  money: MoneyText,
): string {
  if (signals.forecastTo === null) return `cost to keep ${FORECAST_BEING_BUILT}`;
  const text = costToKeepText(signals.costToExpiry, money);
  if (text) return text;
  if (signals.unpricedRenewals > 0)
    return `${plural(signals.unpricedRenewals, 'renewal')} to keep without an estimate`;
  return 'nothing left to pay in the forecast';
}

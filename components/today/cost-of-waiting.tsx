import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import { type WaitingState, waitingState } from '@/lib/today/cost-of-waiting';

type Facts = Parameters<typeof waitingState>[0];

/**
 * The cost of waiting, inline: "Grace ends 3 Dec 2026 · surcharge €50.00" on a renewal
 * in grace, "Lapsed" once the office no longer accepts payment, nothing otherwise. No hooks, no
 * script of its own: the month view row, the review, the patent page and Today all use it.
 */
export function CostOfWaiting({
  row,
  today,
  locale,
  state,
  showLapsed = true,
}: {
  row: Facts;
  /** A calendar date when the caller knows it; else the service's duePeriod decides. */
  today?: string;
  locale?: string;
  /** Already computed by the caller. */
  state?: WaitingState;
  /** False where a badge already says "Lapsed" (the month view's due-period column). */
  showLapsed?: boolean;
}) {
  const waiting = state ?? waitingState(row, today);
  if (waiting.kind === 'lapsed') {
    if (!showLapsed) return null;
    return (
      <span className="text-xs font-medium text-destructive" data-cost-of-waiting="lapsed">
        Lapsed{waiting.graceEnded ? ` (grace ended ${formatDate(waiting.graceEnded, locale)})` : ''}
      </span>
    );
  }
  if (waiting.kind !== 'in-grace') return null;
  return (
    <span className="text-xs text-warning" data-cost-of-waiting="in-grace">
      Grace ends {formatDate(waiting.graceEnds, locale)}
      {waiting.surcharge
        ? ` · surcharge ${formatMoney(waiting.surcharge.amount, waiting.surcharge.currency, locale)}`
        : ''}
    </span>
  );
}

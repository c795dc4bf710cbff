import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import type { RenewalRow } from '@/lib/renewals/rows';

/**
 * The month view's cost of waiting: grace end and GRACE_PERIOD surcharge inline on a
 * renewal the service reports in grace. Its due-period badge already says "Lapsed" when lapsed.
 * Kept apart from ./cost-of-waiting.tsx and dependency-light: the month view's JS budget has
 * almost no headroom.
 */
export function GraceNote({
  row,
  locale,
}: {
  row: Pick<RenewalRow, 'duePeriod' | 'gracePeriodEndDate' | 'fees'>;
  locale: string;
}) {
  if (row.duePeriod !== 'GRACE_PERIOD' || !row.gracePeriodEndDate) return null;
  const surcharge = row.fees?.components.find((component) => component.type === 'GRACE_PERIOD');
  const cost =
    surcharge && row.fees ? ` · surcharge ${formatMoney(surcharge.amount, row.fees.currency, locale)}` : '';
  // One text node, not three: the month view draws this on every sort of its rows.
  return (
    <span className="text-xs text-warning" data-cost-of-waiting="in-grace">
      {`Grace ends ${formatDate(row.gracePeriodEndDate, locale)}${cost}`}
    </span>
  );
}

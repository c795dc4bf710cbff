import { addMonths, monthBounds, monthOf } from '@/lib/format/dates';
import { OPEN_LOOKBACK_MONTHS } from '@/lib/renewals/window';
import { OPENING_SOON_DAYS } from './buckets';
import { daysFrom } from './calendar';

/**
 * The due-date windows Today reads (spec: Endpoints 9, dueFrom/dueTo): one range from the first
 * month whose renewals can still be in grace (OPEN_LOOKBACK_MONTHS back, which covers a 12-month
 * grace period) to the end of next month; and, only when the next month's first day is within
 * OPENING_SOON_DAYS, the month whose renewals open that day (opensAt is the first day of the month
 * two months before the due month, spec: Instruction rules). Months in between hold renewals that
 * are open but neither due soon nor opening: they are left to the month view, so Today does not
 * pay for them (quota: ceil(renewals in these windows / 100) calls).
 */
export interface DueWindow {
  from: string;
  to: string;
}

export function todayWindows(today: string): DueWindow[] {
  const month = monthOf(today);
  const windows: DueWindow[] = [
    {
      from: monthBounds(addMonths(month, -OPEN_LOOKBACK_MONTHS)).from,
      to: monthBounds(addMonths(month, 1)).to,
    },
  ];
  const nextOpening = monthBounds(addMonths(month, 1)).from;
  if (daysFrom(today, nextOpening) <= OPENING_SOON_DAYS) windows.push(monthBounds(addMonths(month, 3)));
  return windows;
}

import { addMonths, monthBounds, monthOf } from '@/lib/format/dates';
import { daysFrom } from '../format/dates';
import { lookBackFrom, OPENING_SOON_DAYS } from './buckets';

/**
 * The due-date window Today reads (spec: Endpoints 9, dueFrom/dueTo): one range, never with a gap,
 * from the first month whose renewals can still be in grace (OPEN_LOOKBACK_MONTHS back, which
 * covers a 12-month grace period) to the last month whose renewals are open now. opensAt is the
 * first day of the month two months before the due month (spec: Instruction rules), so on any day
 * of month M the renewals due up to the end of M+2 are open. When the first day of M+1 is within
 * OPENING_SOON_DAYS, the range also takes M+3, whose renewals open that day ("opening soon").
 * Every renewal open now is in one of Today's buckets (./buckets.ts): those of the window, and the
 * lapsed ones due before it that nobody decided, which the service keeps open and which block
 * their patent's next renewal (spec: Instruction rules), read beside it from the whole copy
 * (lib/server/sync/open-events.ts). The window costs ceil(renewals in it / 100) calls.
 */
export interface DueWindow {
  from: string;
  to: string;
}

/** Months after the current one whose renewals are already open: opensAt is two months before. */
const OPEN_AHEAD_MONTHS = 2;

export function todayWindows(today: string): DueWindow[] {
  const month = monthOf(today);
  const nextOpening = monthBounds(addMonths(month, 1)).from;
  const lastMonth =
    daysFrom(today, nextOpening) <= OPENING_SOON_DAYS ? OPEN_AHEAD_MONTHS + 1 : OPEN_AHEAD_MONTHS;
  return [
    {
      from: lookBackFrom(today),
      to: monthBounds(addMonths(month, lastMonth)).to,
    },
  ];
}

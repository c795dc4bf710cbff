import type { KnownDuePeriod } from '../../lib/annuity/schemas';
import { addMonths } from './calendar';
import type { EventRecord } from './model';

/**
 * spec: Other state sets, duePeriod — "period of the due date relative to now"; its transitions are
 * not shown, so the service defines them on the calendar alone (never on instruction state):
 * - UPCOMING until the event opens (opensAt, spec: Instruction rules);
 * - CURRENT from then until one month before the due date;
 * - LATE in the last month before the due date (the service's own lead time to reach the office);
 * - GRACE_PERIOD after the due date until the end of the grace period;
 * - LAPSED once the grace period is over (or the due date passed, when the office has no grace).
 */
export function duePeriodOf(
  event: Pick<EventRecord, 'dueDate' | 'gracePeriodEndDate' | 'opensAt'>,
  today: string,
): KnownDuePeriod {
  if (today > event.dueDate) {
    if (event.gracePeriodEndDate !== null && today <= event.gracePeriodEndDate) return 'GRACE_PERIOD';
    return 'LAPSED';
  }
  if (today < event.opensAt) return 'UPCOMING';
  if (today > addMonths(event.dueDate, -1)) return 'LATE';
  return 'CURRENT';
}

/** spec: Fees rule 2 — a GRACE_PERIOD component only when payment falls inside the grace period. */
export function paymentFallsInGrace(
  event: Pick<EventRecord, 'dueDate' | 'gracePeriodEndDate'>,
  paymentDate: string,
): boolean {
  return (
    paymentDate > event.dueDate &&
    event.gracePeriodEndDate !== null &&
    paymentDate <= event.gracePeriodEndDate
  );
}

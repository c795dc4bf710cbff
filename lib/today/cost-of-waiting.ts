import type { FeeComponent } from '@/lib/annuity/schemas';

/**
 * What waiting costs on a renewal, shown inline wherever a renewal in grace appears, so
 * the cost of waiting is visible. Tiny and dependency-free on purpose: the month view imports it
 * and its JS budget has almost no headroom.
 */
export interface GraceSurcharge {
  amount: string;
  currency: string;
}

export type WaitingState =
  | { kind: 'in-grace'; graceEnds: string; surcharge: GraceSurcharge | null }
  | { kind: 'lapsed'; graceEnded: string | null }
  | { kind: 'none' };

export interface WaitingFacts {
  dueDate: string;
  gracePeriodEndDate: string | null;
  duePeriod: string | null;
  fees: { currency: string; components: readonly FeeComponent[] } | null;
}

/**
 * The GRACE_PERIOD component of an estimate, in the estimate's currency (spec: Fees rule 2: it
 * appears only when payment now falls inside the grace period), or null when there is none.
 */
export function graceSurcharge(fees: WaitingFacts['fees']): GraceSurcharge | null {
  const component = fees?.components.find((item) => item.type === 'GRACE_PERIOD');
  return component && fees ? { amount: component.amount, currency: fees.currency } : null;
}

/**
 * In grace or lapsed, from the calendar when `today` is known (Today knows it), otherwise from
 * the service's own duePeriod (the month view, whose rows carry it). Display only: whether a
 * decision can be sent is read from instructability alone (spec: Other state sets).
 */
export function waitingState(row: WaitingFacts, today?: string): WaitingState {
  const grace = row.gracePeriodEndDate;
  let period: 'in-grace' | 'lapsed' | 'none';
  if (today) {
    if (today <= row.dueDate) period = 'none';
    else period = grace !== null && today <= grace ? 'in-grace' : 'lapsed';
  } else {
    switch (row.duePeriod) {
      case 'GRACE_PERIOD':
        period = 'in-grace';
        break;
      case 'LAPSED':
        period = 'lapsed';
        break;
      default:
        period = 'none';
    }
  }
  if (period === 'in-grace' && grace !== null) {
    return { kind: 'in-grace', graceEnds: grace, surcharge: graceSurcharge(row.fees) };
  }
  if (period === 'lapsed') return { kind: 'lapsed', graceEnded: grace };
  return { kind: 'none' };
}

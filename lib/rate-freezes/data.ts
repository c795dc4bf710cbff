import type { CurrencyTotal } from '@/lib/annuity/money';
import type { FrozenRateEvent } from '@/lib/annuity/schemas';
import type { CopyAge } from '@/lib/sync/age';
import type { HorizonKnowledge } from './horizon';
import type { EstimateMovement, LockedAmounts } from './lock';
import type { FreezeMonthState, MonthRow } from './months';

/** What our rate-freeze routes answer; shared by the server loaders and the browser. */

export interface FreezeOverviewData {
  currentMonth: string;
  /** Every month the service lists as frozen, newest first. */
  frozenMonths: string[];
  months: MonthRow[];
  horizon: HorizonKnowledge;
  fetchedAt: string;
  /** How old the frozen months are, and whether the service answers (the synced documents). */
  copy: CopyAge;
}

export interface FreezeMonthData {
  month: string;
  currentMonth: string;
  monthsAhead: number;
  state: FreezeMonthState;
  /** See MonthRow `confirmed`: a freezable month not known to be within the horizon is false. */
  confirmed: boolean;
  /** The renewals due in the month with their potential (or frozen) fees (spec: Endpoints 14). */
  events: FrozenRateEvent[];
  totals: CurrencyTotal[];
  horizon: HorizonKnowledge;
  fetchedAt: string;
  /** How old the month's fees are, and whether the service answers (the synced documents). */
  copy: CopyAge;
}

type FreezeOutcome = 'frozen' | 'already-frozen';

export interface FreezeResult {
  month: string;
  /** 'already-frozen' when the service listed the month as frozen before this freeze. */
  outcome: FreezeOutcome;
  events: FrozenRateEvent[];
  totals: CurrencyTotal[];
  frozenAt: string;
  upstreamRequestIds: string[];
}

/**
 * A month's estimates in the invoice currency: what a freeze would lock now and how the
 * month's estimate moved over the days the worker recorded (lib/server/rate-freezes/estimates.ts).
 */
export interface FreezeEstimatesData {
  month: string;
  locked: LockedAmounts;
  /** Renewals the period list returned for the month. */
  events: number;
  movement: EstimateMovement[];
  /** Upstream calls this read cost: ceil(renewals / 100), as the month view. */
  upstreamCalls: number;
  fetchedAt: string;
  /** Set when today's share of the quota for reading was spent: the estimates are the copy's, as of `fetchedAt`. */
  notice?: string;
}

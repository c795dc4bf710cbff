import type { CurrencyTotal } from '@/lib/annuity/money';
import type { FrozenRateEvent } from '@/lib/annuity/schemas';
import type { HorizonKnowledge } from './horizon';
import type { FreezeMonthState, MonthRow } from './months';

/** What our rate-freeze routes answer; shared by the server loaders and the browser. */

export interface FreezeOverviewData {
  currentMonth: string;
  /** Every month the service lists as frozen, newest first. */
  frozenMonths: string[];
  months: MonthRow[];
  horizon: HorizonKnowledge;
  fetchedAt: string;
}

export interface FreezeMonthData {
  month: string;
  currentMonth: string;
  monthsAhead: number;
  state: FreezeMonthState;
  /** The renewals due in the month with their potential (or frozen) fees (spec: Endpoints 14). */
  events: FrozenRateEvent[];
  totals: CurrencyTotal[];
  horizon: HorizonKnowledge;
  fetchedAt: string;
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

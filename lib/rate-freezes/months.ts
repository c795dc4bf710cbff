import { z } from 'zod';
import { addMonths, isYearMonth, monthsBetween } from '@/lib/format/dates';

/**
 * Which months a manager can freeze (spec: Endpoints 15, Limits 5): past months never; months
 * beyond the account's horizon not either, but the horizon is not published, so it comes from
 * what the service refused before (see horizon.ts). Pure: shared by the server and the browser.
 */
export type FreezeMonthState = 'frozen' | 'freezable' | 'past' | 'beyond-horizon';

/**
 * Why the service answered 400 to a freeze (spec: Errors, "the code is not shown"): a past month,
 * a month beyond the horizon, or another reason its words give (`refused`, nothing learnt).
 */
export type FreezeRefusal = 'past' | 'beyond-horizon' | 'refused';

/** The current month and the next twelve: how far ahead the overview looks. */
const MONTHS_AHEAD = 12;

export const yearMonthSchema = z.string().refine(isYearMonth, 'expected a month as YYYY-MM');

/** Words of a refusal about the horizon, and about a month already over. */
const SPEAKS_OF_HORIZON = /\bhorizon\b|too far|\bahead\b|latest month/i;
const SPEAKS_OF_PAST = /\bpast\b|already over|earliest month|\bended\b/i;

/**
 * The spec gives no code for the two 400s of a freeze (spec: Errors), so the service's own words
 * decide: a horizon is learnt only from a refusal that speaks of it. A month not after the current
 * one is "past" whatever the words (no horizon can exclude it; the service's calendar may have
 * turned the month). Any other refusal is `refused`: shown in the service's words, nothing learnt.
 */
export function classifyFreezeRefusal(month: string, currentMonth: string, serviceWords = ''): FreezeRefusal {
  if (monthsBetween(currentMonth, month) <= 0) return 'past';
  if (SPEAKS_OF_HORIZON.test(serviceWords)) return 'beyond-horizon';
  if (SPEAKS_OF_PAST.test(serviceWords)) return 'past';
  return 'refused';
}

export interface MonthStateContext {
  currentMonth: string;
  frozenMonths: ReadonlySet<string>;
  /** Months this far ahead or further are known to be refused; null while no refusal is known. */
  refusedFromMonthsAhead: number | null;
  /**
   * Months up to this far ahead are known to be accepted (the farthest first freeze); null while
   * none is. The horizon is not published (spec: Limits 5), so a later month is only "not known".
   */
  acceptedUpToMonthsAhead?: number | null;
}

export function monthState(month: string, context: MonthStateContext): FreezeMonthState {
  if (context.frozenMonths.has(month)) return 'frozen';
  const ahead = monthsBetween(context.currentMonth, month);
  if (ahead < 0) return 'past';
  if (context.refusedFromMonthsAhead !== null && ahead >= context.refusedFromMonthsAhead) {
    return 'beyond-horizon';
  }
  return 'freezable';
}

export interface MonthRow {
  month: string;
  monthsAhead: number;
  state: FreezeMonthState;
  /**
   * For a freezable month: whether the service is known to accept it (this month, or within the
   * farthest month frozen for the first time). Otherwise the horizon may exclude it: not known.
   */
  confirmed: boolean;
}

/** Whether a month not refused is known to be within the horizon (see MonthRow `confirmed`). */
export function withinKnownHorizon(monthsAheadOfNow: number, context: MonthStateContext): boolean {
  return monthsAheadOfNow === 0 || monthsAheadOfNow <= (context.acceptedUpToMonthsAhead ?? 0);
}

/**
 * Whether a month can be frozen now as far as anyone can say (spec: Endpoints 15, Limits 5): not
 * past, not frozen, not refused, and within the farthest month the service accepted (this month
 * always is). The horizon is not published, so a month further ahead is "not known yet": a freeze
 * may still be tried there, but no page, count or note calls it freezable. The one answer the
 * overview, the month page and the manager's Today give.
 */
export function canFreezeNow(row: Pick<MonthRow, 'state' | 'confirmed'>): boolean {
  return row.state === 'freezable' && row.confirmed;
}

/** The current month and the MONTHS_AHEAD after it, each with its state. */
export function monthsAhead(context: MonthStateContext, count = MONTHS_AHEAD): MonthRow[] {
  return Array.from({ length: count + 1 }, (_, offset) => {
    const month = addMonths(context.currentMonth, offset);
    const state = monthState(month, context);
    return {
      month,
      monthsAhead: offset,
      state,
      confirmed: state !== 'freezable' || withinKnownHorizon(offset, context),
    };
  });
}

import { z } from 'zod';
import { addMonths, isYearMonth } from '@/lib/format/dates';

/**
 * Which months a manager can freeze (spec: Endpoints 15, Limits 5): past months never; months
 * beyond the account's horizon not either, but the horizon is not published, so it comes from
 * what the service refused before (see horizon.ts). Pure: shared by the server and the browser.
 */
export type FreezeMonthState = 'frozen' | 'freezable' | 'past' | 'beyond-horizon';

/** Why the service answered 400 to a freeze (spec: Errors, "the code is not shown"). */
export type FreezeRefusal = 'past' | 'beyond-horizon';

/** The current month and the next twelve: how far ahead the overview looks. */
const MONTHS_AHEAD = 12;

export const yearMonthSchema = z.string().refine(isYearMonth, 'expected a month as YYYY-MM');

/** Whole months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return index(to) - index(from);
}

/**
 * The spec gives no code for the two 400s of a freeze, so the month decides, whatever the code:
 * not after the current month is "past". A refused current month counts as past too, because no
 * horizon can exclude it; it happens when the service's calendar has already turned the month.
 */
export function classifyFreezeRefusal(month: string, currentMonth: string): FreezeRefusal {
  return monthsBetween(currentMonth, month) <= 0 ? 'past' : 'beyond-horizon';
}

export interface MonthStateContext {
  currentMonth: string;
  frozenMonths: ReadonlySet<string>;
  /** Months this far ahead or further are known to be refused; null while no refusal is known. */
  refusedFromMonthsAhead: number | null;
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
}

/** The current month and the MONTHS_AHEAD after it, each with its state. */
export function monthsAhead(context: MonthStateContext, count = MONTHS_AHEAD): MonthRow[] {
  return Array.from({ length: count + 1 }, (_, offset) => {
    const month = addMonths(context.currentMonth, offset);
    return { month, monthsAhead: offset, state: monthState(month, context) };
  });
}

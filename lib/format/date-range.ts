import { isCalendarDate } from './dates';

export const REVERSED_RANGE = 'The end date is before the start date: choose an end on or after the start.';

/**
 * Why a date range cannot be applied, in words for the form beside its disabled button; null when
 * it can. Both ends are needed, and the end may not come before the start (spec: Endpoints 9,
 * dueFrom and dueTo).
 */
export function dateRangeProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) && !isCalendarDate(to)) return 'Enter a start and an end date.';
  if (!isCalendarDate(from)) return 'Enter a start date.';
  if (!isCalendarDate(to)) return 'Enter an end date.';
  if (from > to) return REVERSED_RANGE;
  return null;
}

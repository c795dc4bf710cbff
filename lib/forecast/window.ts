import { addMonths, monthBounds, monthsFromTo } from '@/lib/format/dates';

/**
 * The forecast's window: from the first day of the current month through the last day
 * of the month `months - 1` later, read as consecutive due-date windows (spec: Endpoints 9, `dueFrom`
 * and `dueTo`, both inclusive). Pure and browser-safe: the page names the same window the worker read.
 */

/** The upper bound of FORECAST_MONTHS (lib/env-schema.ts: 12 to 36 months ahead). */
const FORECAST_MAX_MONTHS = 36;

/**
 * Months per period-list window. Each window costs ceil(renewals / 100) calls, at least one, so
 * fewer windows waste fewer calls on part-filled last pages; a window of half a year still keeps
 * one list's walk short, so a failure or a spent budget loses little.
 */
const WINDOW_MONTHS = 6;

export interface DueWindow {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
}

export interface ForecastWindow extends DueWindow {
  firstMonth: string;
  lastMonth: string;
  months: number;
  /** The period-list windows, in order, covering `from`..`to` without gap or overlap. */
  windows: DueWindow[];
}

export function forecastWindow(currentMonth: string, months: number): ForecastWindow {
  const count = Math.min(FORECAST_MAX_MONTHS, Math.max(1, Math.trunc(months)));
  const lastMonth = addMonths(currentMonth, count - 1);
  const windows: DueWindow[] = [];
  for (let offset = 0; offset < count; offset += WINDOW_MONTHS) {
    const start = addMonths(currentMonth, offset);
    const end = addMonths(currentMonth, Math.min(count, offset + WINDOW_MONTHS) - 1);
    windows.push({ from: monthBounds(start).from, to: monthBounds(end).to });
  }
  return {
    from: monthBounds(currentMonth).from,
    to: monthBounds(lastMonth).to,
    firstMonth: currentMonth,
    lastMonth,
    months: count,
    windows,
  };
}

/** The YYYY-MM months a window spans, in order. */
export function windowMonths(dueWindow: DueWindow): string[] {
  return monthsFromTo(dueWindow.from, dueWindow.to);
}

/** Whether a YYYY-MM-DD date lies in a window (ISO dates compare as text). */
export function inWindow(date: string, dueWindow: DueWindow): boolean {
  return date >= dueWindow.from && date <= dueWindow.to;
}

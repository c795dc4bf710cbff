/**
 * Calendar-date arithmetic for Today. `…Date` fields are calendar dates (spec: Conventions), so
 * they are compared as YYYY-MM-DD strings and counted in whole UTC days: no time zone can move a
 * deadline by a day.
 */
const DAY_MS = 86_400_000;

/** Today's calendar date (UTC) at `now`. */
export function calendarToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Dates seen, by their midnight: Today counts days for thousands of renewals on a few hundred dates. */
const midnights = new Map<string, number>();
const MIDNIGHTS_KEPT = 20_000;

function utcMidnight(date: string): number {
  const known = midnights.get(date);
  if (known !== undefined) return known;
  const value = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear();
  midnights.set(date, value);
  return value;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); 0 on the same day. */
export function daysFrom(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** The calendar date `days` days after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

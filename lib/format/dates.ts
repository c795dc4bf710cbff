/**
 * Dates as the service sends them (spec: Conventions): `…Date` fields are calendar dates
 * (YYYY-MM-DD) and are formatted as dates in UTC, so no time zone can move a due date by a day;
 * `…At` fields are instants, shown in the viewer's time zone.
 */
export const DEFAULT_LOCALE = 'en-GB';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function calendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

// Building an Intl.DateTimeFormat costs far more than using one, and a month view formats two dates
// per row on every render: one formatter per locale and style, made on first use.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** "3 Dec 2026"; an unparseable value is shown as it came rather than as "Invalid Date". */
export function formatDate(value: string | null | undefined, locale = DEFAULT_LOCALE): string {
  if (!value) return '';
  const date = calendarDate(value);
  if (!date) return value;
  return dateFormat(locale, 'date', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

export function formatTimestamp(value: string | null | undefined, locale = DEFAULT_LOCALE): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(locale, 'timestamp', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * An instant with its time zone named ("24 Nov 2026, 05:00 UTC"), for text read away from the
 * viewer's screen (a mail, a message built on the server), where "the viewer's zone" is unknown.
 */
export function formatZonedTimestamp(value: Date, locale = DEFAULT_LOCALE, timeZone = 'UTC'): string {
  if (Number.isNaN(value.getTime())) return '';
  return dateFormat(locale, `zoned-timestamp|${timeZone}`, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(value);
}

/** The time of day of an instant with its zone ("14:00 UTC"; "2:00 PM UTC" in en-US). */
export function formatClockTime(value: Date, locale = DEFAULT_LOCALE, timeZone?: string): string {
  if (Number.isNaN(value.getTime())) return '';
  return dateFormat(locale, `clock|${timeZone ?? ''}`, {
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(value);
}

/** "December 2026" for a YYYY-MM month. */
export function formatYearMonth(value: string, locale = DEFAULT_LOCALE): string {
  const match = YEAR_MONTH.exec(value);
  if (!match) return value;
  return dateFormat(locale, 'year-month', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

/** "Mar 26" for a YYYY-MM month: a chart's axis, where "March 2026" does not fit. */
export function formatShortYearMonth(value: string, locale = DEFAULT_LOCALE): string {
  const match = YEAR_MONTH.exec(value);
  if (!match) return value;
  return dateFormat(locale, 'short-year-month', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

export function isYearMonth(value: string): boolean {
  return YEAR_MONTH.test(value);
}

export function isCalendarDate(value: string): boolean {
  const date = calendarDate(value);
  return date !== null && date.toISOString().slice(0, 10) === value;
}

/** The month `offset` months after a YYYY-MM month. */
export function addMonths(yearMonth: string, offset: number): string {
  const match = YEAR_MONTH.exec(yearMonth);
  if (!match) throw new Error(`not a YYYY-MM month: ${yearMonth}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + offset;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** First and last calendar day of a YYYY-MM month. */
export function monthBounds(yearMonth: string): { from: string; to: string } {
  const next = addMonths(yearMonth, 1);
  const last = new Date(Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)) - 1, 0));
  return { from: `${yearMonth}-01`, to: last.toISOString().slice(0, 10) };
}

/** The month (YYYY-MM) a calendar date falls in. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Today's YYYY-MM in UTC. */
export function currentYearMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Calendar dates, months and UTC timestamps in ISO form (and the service's ordered codes) sort as
 * plain strings, the same as a collator sorts them, at a fraction of its cost.
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whole months from one YYYY-MM (or a date in it) to another; negative when `to` is earlier. */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return index(to) - index(from);
}

/** Every month (YYYY-MM) from one YYYY-MM (or a date in it) to another, both included, in order. */
export function monthsFromTo(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthOf(from); month <= monthOf(to); month = addMonths(month, 1)) months.push(month);
  return months;
}

/** Whole calendar months from `today` to `end` (both YYYY-MM-DD); 0 once `end` has passed. */
export function wholeMonthsUntil(today: string, end: string): number {
  if (end <= today) return 0;
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  const months = (ey - ty) * 12 + (em - tm) - (ed < td ? 1 : 0);
  return Math.max(0, months);
}

/*
 * Calendar-date arithmetic: `…Date` fields are calendar dates (spec: Conventions), so they are
 * counted in whole UTC days: no time zone can move a deadline by a day.
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

/**
 * Days from one YYYY-MM-DD to another as `Date.parse` reads them, for input not checked yet: NaN
 * when either is not a date (a check such as `> limit` then passes it on to the schema's own).
 */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

/** The calendar date `days` days after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

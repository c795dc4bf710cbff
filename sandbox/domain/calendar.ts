/**
 * Calendar dates as the spec writes them (spec: Conventions, `…Date` is YYYY-MM-DD) and months as
 * YYYY-MM. Dates are compared as strings (the format sorts chronologically) and computed in UTC days,
 * so no time zone ever shifts a due date.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

export function formatDate(year: number, month: number, day: number): string {
  return `${year >= 1000 ? String(year) : pad(year, 4)}-${two(month)}-${two(day)}`;
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** A real calendar day in YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export function isYearMonth(value: string): boolean {
  return YEAR_MONTH.test(value);
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] ?? 31);
}

// Days since 1970-01-01 and back, in integer arithmetic on the proleptic Gregorian calendar
// (H. Hinnant's days_from_civil / civil_from_days): the generator calls these a million times.
export function toDayNumber(date: string): number {
  const [y0, m, d] = parts(date);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function fromDayNumber(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return formatDate(yearOfEra + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Calendar months later (or earlier), the day clamped to the target month's length. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return formatDate(year, month, Math.min(d, daysInMonth(year, month)));
}

export function addYears(date: string, years: number): string {
  return addMonths(date, years * 12);
}

export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function yearMonthOf(date: string): string {
  return date.slice(0, 7);
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): string {
  const [y, m] = parts(date);
  return formatDate(y, m, daysInMonth(y, m));
}

export function addMonthsToYearMonth(yearMonth: string, months: number): string {
  return addMonths(`${yearMonth}-01`, months).slice(0, 7);
}

export function firstDayOfYearMonth(yearMonth: string): string {
  return `${yearMonth}-01`;
}

export function lastDayOfYearMonth(yearMonth: string): string {
  return endOfMonth(`${yearMonth}-01`);
}

/** Months from the month of `from` to the month of `to`, both counted (0 when `to` is earlier). */
export function monthsSpanned(from: string, to: string): number {
  const [fromYear, fromMonth] = parts(`${from.slice(0, 7)}-01`);
  const [toYear, toMonth] = parts(`${to.slice(0, 7)}-01`);
  return Math.max(0, toYear * 12 + toMonth - (fromYear * 12 + fromMonth) + 1);
}

/** Every YYYY-MM from the month of `from` to the month of `to`, inclusive. */
export function yearMonthsBetween(from: string, to: string): string[] {
  // Counted, not compared as text: the month after 9999-12 is "10000-01", which sorts before it,
  // so a loop on `month <= last` never ended (and filled the memory) for a window ending in 9999.
  const count = monthsSpanned(from, to);
  const months: string[] = [];
  for (let offset = 0, month = yearMonthOf(from); offset < count; offset++) {
    months.push(month);
    month = addMonthsToYearMonth(month, 1);
  }
  return months;
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

/** The local calendar date of an instant (the service's "today" is the server's local date). */
export function localDateOf(instant: Date): string {
  return formatDate(instant.getFullYear(), instant.getMonth() + 1, instant.getDate());
}

import { addMonths, formatYearMonth } from '@/lib/format/dates';
import type { ChartCategory } from './model';

const shortMonths = new Map<string, Intl.DateTimeFormat>();

function shortMonth(month: string, locale: string): string {
  let format = shortMonths.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
    shortMonths.set(locale, format);
  }
  return format.format(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));
}

/** Every month from the first to the last (YYYY-MM) as chart categories, gaps included. */
export function monthRange(months: Iterable<string>): string[] {
  const sorted = [...new Set(months)].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const range: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) range.push(month);
  return range;
}

/** YYYY-MM months as categories: "March 2026" in the summary and table, "Mar 26" under the axis. */
export function monthCategories(months: readonly string[], locale: string): ChartCategory[] {
  return months.map((month) => ({
    key: month,
    label: formatYearMonth(month, locale),
    axisLabel: shortMonth(month, locale),
  }));
}

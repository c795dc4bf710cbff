import { formatShortYearMonth, formatYearMonth, monthsFromTo } from '@/lib/format/dates';
import type { ChartCategory } from './model';

/** Every month from the first to the last (YYYY-MM) as chart categories, gaps included. */
export function monthRange(months: Iterable<string>): string[] {
  const sorted = [...new Set(months)].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  return monthsFromTo(first, last);
}

/** YYYY-MM months as categories: "March 2026" in the summary and table, "Mar 26" under the axis. */
export function monthCategories(months: readonly string[], locale: string): ChartCategory[] {
  return months.map((month) => ({
    key: month,
    label: formatYearMonth(month, locale),
    axisLabel: formatShortYearMonth(month, locale),
  }));
}

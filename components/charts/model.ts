import Big from 'big.js';
import { addAmounts, compareAmounts, formatMoney } from '@/lib/annuity/money';

/**
 * The data every chart takes, and what is said about it in words. One chart shows one currency:
 * amounts of two currencies never share an axis, a total or a sentence (architecture: Money).
 * Amounts are decimal strings; they become numbers only for pixel positions (axis.ts).
 */

/** One position on the x axis, e.g. a month: `key` '2026-03', `label` 'March 2026', `axisLabel` 'Mar 26'. */
export interface ChartCategory {
  key: string;
  /** Said in the summary and the table view. */
  label: string;
  /** Shorter text under the axis; `label` when absent. */
  axisLabel?: string;
}

/** One stack segment, bar group member or line: a decimal string per category, null for "nothing". */
export interface ChartSeries {
  key: string;
  label: string;
  values: readonly (string | null)[];
}

export interface ChartData {
  currency: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
}

/** Each category's sum over the series (the height of a stack), in the chart's currency. */
export function categoryTotals(data: ChartData): (string | null)[] {
  return data.categories.map((_, index) => {
    const amounts = data.series.map((series) => series.values[index]).filter((v): v is string => v != null);
    return amounts.length === 0 ? null : addAmounts(amounts, data.currency);
  });
}

function highest(values: readonly (string | null)[]): number {
  let best = -1;
  values.forEach((value, index) => {
    if (value == null) return;
    const current = best < 0 ? null : values[best];
    if (current == null || compareAmounts(value, current) > 0) best = index;
  });
  return best;
}

function trend(first: string, last: string): string {
  const order = compareAmounts(last, first);
  return order > 0 ? 'rose' : order < 0 ? 'fell' : 'stayed the same';
}

/**
 * The text alternative of a bar chart, made from its data: the total, the highest category and how
 * the first and last categories with an amount compare.
 */
export function barSummary(data: ChartData, locale: string, subject = 'Amounts'): string {
  const money = (amount: string) => formatMoney(amount, data.currency, locale);
  const totals = categoryTotals(data);
  const present = totals.flatMap((total, index) => (total == null ? [] : [{ total, index }]));
  const first = present[0];
  const last = present.at(-1);
  if (!first || !last) return `${subject} in ${data.currency}: none.`;
  const label = (index: number) => data.categories[index]?.label ?? '';
  const top = highest(totals);
  const sentences = [
    `${subject} in ${data.currency} from ${label(first.index)} to ${label(last.index)}: ${money(
      addAmounts(
        present.map((entry) => entry.total),
        data.currency,
      ),
    )} in total.`,
    `The highest was ${label(top)} with ${money(totals[top] ?? '0')}.`,
  ];
  if (first.index !== last.index) {
    sentences.push(
      `From ${money(first.total)} in ${label(first.index)} it ${trend(first.total, last.total)} to ${money(
        last.total,
      )} in ${label(last.index)}.`,
    );
  }
  return sentences.join(' ');
}

/** The text alternative of a line chart: per line, where it starts, ends and peaks. */
export function lineSummary(data: ChartData, locale: string): string {
  const money = (amount: string) => formatMoney(amount, data.currency, locale);
  const label = (index: number) => data.categories[index]?.label ?? '';
  const sentences = data.series.map((series) => {
    const present = series.values.flatMap((value, index) => (value == null ? [] : [{ value, index }]));
    const first = present[0];
    const last = present.at(-1);
    if (!first || !last) return `${series.label} in ${data.currency}: none.`;
    const top = highest(series.values);
    return `${series.label} in ${data.currency}: ${money(first.value)} in ${label(first.index)}, ${money(
      last.value,
    )} in ${label(last.index)}, highest ${money(series.values[top] ?? '0')} in ${label(top)}.`;
  });
  return sentences.join(' ');
}

/** The pixel number of a decimal amount: the one place an amount becomes a float. */
export function toPixelNumber(amount: string | null | undefined): number {
  return amount == null ? 0 : new Big(amount).toNumber();
}

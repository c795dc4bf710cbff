import 'server-only';
import { addMonths, monthOf } from '../../format/dates';
import type { RenewalRow } from '../../renewals/rows';
import type { BucketView, ManagerSection } from '../../today/data';
import { todayLink } from '../../today/links';
import { amountAtStake, renewalRef, spendIn, unprocessable } from '../../today/sections';
import type { DueWindow } from '../../today/windows';
import { loadSavings } from '../decisions/drop-savings';
import { loadFreezeOverview } from '../rate-freezes/freezes';
import type { CatalogWithStatuses } from './invoices';

/**
 * The manager's Today: the paralegal buckets as counts, months that can be frozen now with the
 * estimated fees at stake (for the months Today read), UNPROCESSABLE renewals, and this month's
 * invoiced spend against last month's, per currency; what executed DROPs spare from this year on.
 */
export async function loadManagerSection(input: {
  buckets: readonly BucketView[] | null;
  rows: readonly RenewalRow[] | null;
  windows: readonly DueWindow[];
  invoices: CatalogWithStatuses | null;
  today: string;
  now: Date;
  requestId: string;
}): Promise<ManagerSection> {
  const { rows, windows, today } = input;
  const [overview, savings] = await Promise.all([
    loadFreezeOverview(input.requestId, input.now),
    loadSavings(),
  ]);
  const readMonth = (month: string) =>
    windows.some((window) => monthOf(window.from) <= month && month <= monthOf(window.to));
  const month = monthOf(today);
  const previousMonth = addMonths(month, -1);
  const catalog = input.invoices?.catalog.invoices ?? [];
  return {
    bucketCounts: (input.buckets ?? []).map((bucket) => ({
      id: bucket.id,
      count: bucket.count,
      href: bucket.href,
    })),
    freezable: overview.months
      .filter((row) => row.state === 'freezable')
      .map((row) => ({
        month: row.month,
        atStake: rows && readMonth(row.month) ? amountAtStake(rows, row.month) : null,
        href: todayLink({ kind: 'rate-freeze', month: row.month }),
      })),
    unprocessable: rows ? unprocessable(rows).map(renewalRef) : [],
    spend: {
      month,
      previousMonth,
      current: spendIn(catalog, month),
      previous: spendIn(catalog, previousMonth),
    },
    savings: savings.years.filter((year) => year.year >= Number(today.slice(0, 4))).slice(0, 3),
  };
}

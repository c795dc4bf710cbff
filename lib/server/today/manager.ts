import 'server-only';
import { addMonths, monthOf } from '../../format/dates';
import { canFreezeNow } from '../../rate-freezes/months';
import type { RenewalRow } from '../../renewals/rows';
import type { BucketView, ManagerSection } from '../../today/data';
import { todayLink } from '../../today/links';
import { amountAtStake, spendIn } from '../../today/sections';
import type { DueWindow } from '../../today/windows';
import { loadSavings } from '../decisions/drop-savings';
import { loadFreezeOverview } from '../rate-freezes/freezes';
import type { WindowClients } from '../renewals/window';
import type { CatalogWithStatuses } from './invoices';

/**
 * The manager's Today: the paralegal buckets as counts, months that can be frozen now (canFreezeNow,
 * as the rate-freezes pages say it: never a month they mark "Not known yet") with the estimated fees
 * at stake (for the months Today read), and this month's invoiced spend against last month's, per
 * currency; what executed DROPs spare from this year on. UNPROCESSABLE renewals are a section of
 * their own (load.ts).
 */
export async function loadManagerSection(input: {
  buckets: readonly BucketView[] | null;
  rows: readonly RenewalRow[] | null;
  windows: readonly DueWindow[];
  invoices: CatalogWithStatuses | null;
  today: string;
  now: Date;
  requestId: string;
  /** The viewer's clients: each one's freezable months (a freeze is one client's, spec: rule 2). */
  clients: WindowClients;
}): Promise<ManagerSection> {
  const { rows, windows, today } = input;
  const [overviews, savings] = await Promise.all([
    Promise.all(
      input.clients.connections.map(async (connection) => ({
        connection,
        client: input.clients.labelOf(connection),
        overview: await loadFreezeOverview(input.requestId, input.now, connection),
      })),
    ),
    loadSavings(input.clients.connections),
  ]);
  const readMonth = (month: string) =>
    windows.some((span) => monthOf(span.from) <= month && month <= monthOf(span.to));
  const month = monthOf(today);
  const previousMonth = addMonths(month, -1);
  const catalog = input.invoices?.catalog.invoices ?? [];
  return {
    bucketCounts: (input.buckets ?? []).map((bucket) => ({
      id: bucket.id,
      count: bucket.count,
      href: bucket.href,
    })),
    freezable: overviews.flatMap(({ connection, client, overview }) => {
      // Rows of several clients say whose they are; the month's amounts are this client's.
      const own = rows && client ? rows.filter((row) => row.client?.id === connection) : rows;
      return overview.months.filter(canFreezeNow).map((row) => ({
        month: row.month,
        ...(client ? { client } : {}),
        atStake: own && readMonth(row.month) ? amountAtStake(own, row.month) : null,
        href: todayLink({
          kind: 'rate-freeze',
          month: row.month,
          ...(client ? { client: connection } : {}),
        }),
      }));
    }),
    spend: {
      month,
      previousMonth,
      current: spendIn(catalog, month),
      previous: spendIn(catalog, previousMonth),
    },
    savings: savings.years.filter((year) => year.year >= Number(today.slice(0, 4))).slice(0, 3),
  };
}

import { currentYearMonth } from '../../lib/format/dates';
import { planSync, type SyncSettings } from '../../lib/sync/plan';
import { openPage } from './actions';
import type { DashboardSession } from './dashboard-session';
import { markdownTable, spreadCells } from './report';
import type { ServiceReader } from './service-data';
import type { Upstream } from './stack';
import { type Spread, spread, timed } from './stats';
import { countCalls } from './upstream-calls';

/**
 * Pages served from the synced copy: the upstream calls of each page view of
 * Today, the month view (the busiest month of the plan), the portfolio and tracking, once on its
 * first view (a month the copy never held is read once) and then warm, where the budget is no call
 * at all; and Today's and the month view's server time from the copy: the complete JSON of
 * /api/today and /api/renewals?month= over HTTP, uncompressed, after one unmeasured request.
 */
export const COPY_SERVER_BUDGET_MS = 100;

export interface CopyViewMeasures {
  month: string;
  monthRenewals: number;
  monthsConsidered: { month: string; renewals: number }[];
  pages: {
    name: string;
    path: string;
    firstCalls: number;
    firstOperations: Record<string, number>;
    warmCalls: Spread;
  }[];
  todayMs: Spread;
  monthMs: Spread;
}

/** The busiest month the copy holds: every month of the plan, sized at the service (one call each). */
async function busiestPlannedMonth(reader: ServiceReader, settings: SyncSettings) {
  const months = planSync(currentYearMonth(), settings, () => 1, null).tiers.flatMap((tier) => tier.months);
  const monthsConsidered: { month: string; renewals: number }[] = [];
  for (const month of months) monthsConsidered.push({ month, renewals: await reader.renewalsDueIn(month) });
  const busiest = [...monthsConsidered].sort((a, b) => b.renewals - a.renewals)[0];
  if (!busiest) throw new Error('the plan holds no month');
  return { month: busiest.month, monthRenewals: busiest.renewals, monthsConsidered };
}

export async function measureCopyViews(options: {
  session: DashboardSession;
  upstream: Upstream;
  reader: ServiceReader;
  settings: SyncSettings;
  runs: number;
  serverRuns: number;
}): Promise<CopyViewMeasures> {
  const { session, upstream } = options;
  const busiest = await busiestPlannedMonth(options.reader, options.settings);
  const pages = [
    { name: 'Today', path: '/' },
    { name: `month view (${busiest.month})`, path: `/renewals?month=${busiest.month}` },
    { name: 'portfolio', path: '/portfolio' },
    { name: 'tracking', path: '/tracking' },
  ];
  const measured: CopyViewMeasures['pages'] = [];
  for (const page of pages) {
    const first = await countCalls(upstream, async () => {
      await openPage(session, page.path);
    });
    const warm: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      warm.push(
        (
          await countCalls(upstream, async () => {
            await openPage(session, page.path);
          })
        ).calls,
      );
    }
    measured.push({
      ...page,
      firstCalls: first.calls,
      firstOperations: first.operations,
      warmCalls: spread(warm, 0),
    });
  }
  const json = (path: string) => async () => {
    const { status } = await session.get(path, { encoding: 'identity' });
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
  };
  const today = json('/api/today');
  const month = json(`/api/renewals?month=${busiest.month}`);
  await today();
  await month();
  const todayMs: number[] = [];
  const monthMs: number[] = [];
  for (let run = 0; run < options.serverRuns; run++) {
    todayMs.push((await timed(today)).ms);
    monthMs.push((await timed(month)).ms);
  }
  return { ...busiest, pages: measured, todayMs: spread(todayMs), monthMs: spread(monthMs) };
}

export function copyViewTables(copy: CopyViewMeasures): { title: string; table: string }[] {
  return [
    {
      title: 'Upstream calls per page view, from the synced copy',
      table: markdownTable(
        ['page', 'first view', 'warm min', 'warm median', 'warm max'],
        copy.pages.map((page) => [page.name, `${page.firstCalls}`, ...spreadCells(page.warmCalls)]),
      ),
    },
    {
      title: `Server time from the copy (JSON, uncompressed), ms; month ${copy.month} with ${copy.monthRenewals} renewals`,
      table: markdownTable(
        ['measure', 'min', 'median', 'max'],
        [
          ['GET /api/today', ...spreadCells(copy.todayMs)],
          [`GET /api/renewals?month=${copy.month}`, ...spreadCells(copy.monthMs)],
        ],
      ),
    },
  ];
}

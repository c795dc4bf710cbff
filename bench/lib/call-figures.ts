import {
  batchMinimum,
  invoicePath,
  type Minimum,
  minimums,
  monthPath,
  openPage,
  pageCalls,
  patentPath,
  sendBatch,
} from './actions';
import { type DashboardSession, signIn } from './dashboard-session';
import type { BenchData } from './fixtures';
import type { Dashboard, Upstream } from './stack';
import { timed } from './stats';
import { countCalls } from './upstream-calls';

/**
 * The upstream calls of each user action over several runs. "First view" figures need a dashboard
 * that has read nothing yet (no portfolio snapshot, no invoice copy), so each of those runs gets a
 * fresh dashboard; the repeated views run on the last of them.
 */
export interface CallFigure {
  action: string;
  samples: number[];
  /** The minimum the data allows, per run (a batch's depends on where its events sit). */
  minimumPerRun: number[];
  minimum: Minimum;
  /** Calls per operation in the last run. */
  operations: Record<string, number>;
}

/** The portfolio page's default size (app/(dashboard)/portfolio/search-params.ts). */
const PORTFOLIO_PAGE_SIZE = 25;

export class Figures {
  readonly list: CallFigure[] = [];
  add(action: string, minimum: Minimum, calls: number, operations: Record<string, number>) {
    let figure = this.list.find((entry) => entry.action === action);
    if (!figure) {
      figure = { action, samples: [], minimumPerRun: [], minimum, operations };
      this.list.push(figure);
    }
    figure.samples.push(calls);
    figure.minimumPerRun.push(minimum.calls);
    figure.operations = operations;
  }
}

export interface FirstViewRun {
  coldMonthMs: number;
}

export async function firstViews(
  dashboard: Dashboard,
  upstream: Upstream,
  data: BenchData,
  figures: Figures,
): Promise<FirstViewRun> {
  const minimum = minimums(data, PORTFOLIO_PAGE_SIZE);
  const paralegal = await signIn(dashboard.baseUrl, 'paralegal');
  const finance = await signIn(dashboard.baseUrl, 'finance');
  let coldMonthMs = 0;
  const cold = await countCalls(upstream, async () => {
    coldMonthMs = (await timed(() => openPage(paralegal, monthPath(data.month)))).ms;
  });
  figures.add('month view, cold (no snapshot yet)', minimum.monthCold, cold.calls, cold.operations);
  const list = await pageCalls(upstream, finance, '/invoices');
  figures.add('invoice list, first view', minimum.invoiceListFirst, list.calls, list.operations);
  const detail = await pageCalls(upstream, finance, invoicePath(data.invoice.id));
  figures.add('invoice detail, first view', minimum.invoiceDetailFirst, detail.calls, detail.operations);
  return { coldMonthMs };
}

async function repeat(
  runs: number,
  figures: Figures,
  action: string,
  minimum: Minimum,
  measure: () => Promise<{ calls: number; operations: Record<string, number> }>,
) {
  for (let run = 0; run < runs; run++) {
    const count = await measure();
    figures.add(action, minimum, count.calls, count.operations);
  }
}

export async function repeatedViews(
  sessions: { paralegal: DashboardSession; finance: DashboardSession },
  upstream: Upstream,
  data: BenchData,
  runs: number,
  figures: Figures,
): Promise<void> {
  const minimum = minimums(data, PORTFOLIO_PAGE_SIZE);
  const { paralegal, finance } = sessions;
  await repeat(runs, figures, 'portfolio page', minimum.portfolio, () =>
    pageCalls(upstream, paralegal, '/portfolio'),
  );
  await repeat(runs, figures, 'month view, warm', minimum.monthWarm, () =>
    pageCalls(upstream, paralegal, monthPath(data.month)),
  );
  await repeat(runs, figures, 'patent detail', minimum.patentDetail, () =>
    pageCalls(upstream, paralegal, patentPath(data.patentId)),
  );
  // The repeated views follow one unmeasured view, as a person paging back and forth would.
  await openPage(finance, '/invoices');
  await repeat(runs, figures, 'invoice list, again within 30 s', minimum.invoiceListAgain, () =>
    pageCalls(upstream, finance, '/invoices'),
  );
  await openPage(finance, invoicePath(data.invoice.id));
  await repeat(runs, figures, 'invoice detail, again', minimum.invoiceDetailAgain, () =>
    pageCalls(upstream, finance, invoicePath(data.invoice.id)),
  );
}

export async function batchSends(
  paralegal: DashboardSession,
  upstream: Upstream,
  data: BenchData,
  figures: Figures,
): Promise<void> {
  for (const batch of data.batches) {
    const count = await countCalls(upstream, () => sendBatch(paralegal, batch));
    figures.add(
      `send a ${batch.entries.length}-event batch`,
      batchMinimum(batch),
      count.calls,
      count.operations,
    );
  }
}

import { markdownTable, spreadCells } from './report';
import type { BenchResults } from './results';

/** The bench's output: what was measured on, then one table per kind of figure, then the budgets. */
export function printReport(results: BenchResults): void {
  const { tenant, serverTime, browser } = results;
  const print = (title: string, table: string) => console.log(`\n${title}\n\n${table}`);
  console.log(
    `\nTenant: ${tenant.patents} patents, ${tenant.invoices} invoices; month ${tenant.month} with ${tenant.monthRenewals} renewals. ${results.machine.cpus} × ${results.machine.cpu}, Node ${results.machine.node}.`,
  );

  print(
    'Upstream calls per user action',
    markdownTable(
      ['action', 'min', 'median', 'max', 'minimum the data allows'],
      results.upstreamCalls.map((row) => [
        row.action,
        ...spreadCells(row.calls),
        row.minimum.min === row.minimum.max ? `${row.minimum.min}` : `${row.minimum.min}–${row.minimum.max}`,
      ]),
    ),
  );

  print(
    `Month view server time, ${serverTime.renewals} renewals (${serverTime.pages} pages), ms, uncompressed unless marked gzip`,
    markdownTable(
      ['measure', 'min', 'median', 'max'],
      [
        ['raw upstream: the same pages, one after another', ...spreadCells(serverTime.upstreamSequentialMs)],
        ['JSON of /api/renewals?month= (budget)', ...spreadCells(serverTime.apiMs)],
        ['HTML of /renewals?month=', ...spreadCells(serverTime.pageMs)],
        ['JSON of /api/renewals?month=, gzip', ...spreadCells(serverTime.apiGzipMs)],
        ['HTML, first view (snapshot read included)', ...spreadCells(serverTime.coldPageMs)],
        ['ratio JSON / raw upstream (medians)', '', `${serverTime.apiRatio}×`, ''],
        ['ratio HTML / raw upstream (medians)', '', `${serverTime.pageRatio}×`, ''],
        ['ratio JSON gzip / raw upstream (medians)', '', `${serverTime.apiGzipRatio}×`, ''],
      ],
    ),
  );

  print(
    'Month view in Chromium',
    markdownTable(
      ['measure', 'min', 'median', 'max'],
      [
        ['LCP, ms', ...spreadCells(browser.lcpMs)],
        ['CLS', ...spreadCells(browser.cls)],
        ['sort click to updated rows, ms', ...spreadCells(browser.sortMs)],
        ['filter click to updated rows, ms', ...spreadCells(browser.filterMs)],
      ],
    ),
  );
  console.log(`LCP element: ${browser.lcpElements.join(', ')}`);

  print(
    'JS per route (first load)',
    markdownTable(
      ['route', 'gzip KiB', 'uncompressed KiB'],
      results.bundles.map((bundle) => [bundle.route, `${bundle.gzipKiB}`, `${bundle.uncompressedKiB}`]),
    ),
  );

  if (results.lighthouse.length > 0) {
    print(
      'Lighthouse, default mobile profile (simulated slow 4G, 4× CPU), medians (min–max)',
      markdownTable(
        ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'benchmark index'],
        results.lighthouse.map((page) => [
          page.name,
          ...[
            page.score,
            page.fcpMs,
            page.lcpMs,
            page.tbtMs,
            page.cls,
            page.speedIndexMs,
            page.benchmarkIndex,
          ].map((value) => `${value.median} (${value.min}–${value.max})`),
        ]),
      ),
    );
    for (const page of results.lighthouse) {
      console.log(
        `${page.name}: LCP element ${page.lcpElements.join(', ')}; main thread (ms, last run) ${page.mainThread.join(', ')}; shifted ${page.shifts.join(', ') || 'nothing'}`,
      );
    }
  }

  print(
    'Budgets',
    markdownTable(
      ['budget', 'limit', 'measured', 'met'],
      results.budgets.map((check) => [check.budget, check.limit, check.measured, check.met ? 'yes' : 'NO']),
    ),
  );
}

import { cpus } from 'node:os';
import type { BenchOptions, Measured } from '../run';
import { type BudgetCheck, checkBudgets, LIMITS } from './budgets';
import type { LighthouseSamples } from './lighthouse';
import { PAGE_SIZE } from './service-data';
import { spread } from './stats';

/** Everything measured, summarised as bench/results.json holds it, with the budget checks. */
export type BenchResults = ReturnType<typeof composeResults>;

export function composeResults(measured: Measured, options: BenchOptions) {
  const { data, figures, serverTime, browser, bundles } = measured;
  const warmMinimum = Math.ceil(data.monthRenewals / PAGE_SIZE);
  const warm = figures.list.find((figure) => figure.action === 'month view, warm');
  const upstreamMs = spread(serverTime.upstreamMs);
  const pageMs = spread(serverTime.pageMs);
  const apiMs = spread(serverTime.apiMs);
  const apiGzipMs = spread(serverTime.apiGzipMs);
  // Judged on the month view's data answer (/api/renewals); the page's HTML adds the render of
  // every row into the browser's query cache, whose effect LCP judges.
  const ratio = apiMs.median / upstreamMs.median;
  const largest = bundles[0];
  const browserFigures = {
    lcpMs: spread(browser.lcpMs, 0),
    lcpElements: [...new Set(browser.lcpElements)],
    cls: spread(browser.cls, 3),
    sortMs: spread(browser.sortMs),
    filterMs: spread(browser.filterMs),
  };
  const budgets = checkBudgets({
    warmMonthCalls: {
      http: spread(warm?.samples ?? [], 0),
      browser: spread(browser.callsPerLoad, 0),
      minimum: warmMinimum,
    },
    serverRatio: ratio,
    lcpMs: browserFigures.lcpMs,
    sortMs: browserFigures.sortMs,
    filterMs: browserFigures.filterMs,
    cls: browserFigures.cls,
    largestRoute: { route: largest?.route ?? '-', gzipKiB: (largest?.gzipBytes ?? 0) / 1024 },
  });
  const lighthouse = lighthouseFigures(measured.lighthouse);
  return {
    measuredAt: new Date().toISOString(),
    durationS: Math.round((performance.now() - measured.began) / 1000),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
    options,
    built: measured.built,
    tenant: {
      patents: data.patents,
      createMs: measured.upstream.createMs,
      month: data.month,
      monthRenewals: data.monthRenewals,
      monthsConsidered: data.monthsConsidered,
      invoices: data.invoices,
      invoice: data.invoice,
      batchRereadPages: data.batches.map((batch) => batch.rereadPages),
    },
    upstreamCalls: [
      ...figures.list.map((figure) => ({
        action: figure.action,
        calls: spread(figure.samples, 0),
        minimum: spread(figure.minimumPerRun, 0),
        minimumRule: figure.minimum.rule,
        operationsLastRun: figure.operations,
      })),
      {
        action: 'month view, warm, in Chromium (load + hydration)',
        calls: spread(browser.callsPerLoad, 0),
        minimum: spread([warmMinimum], 0),
        minimumRule: 'as the warm month view: the browser must add no call',
        operationsLastRun: {},
      },
    ],
    serverTime: {
      month: data.month,
      renewals: data.monthRenewals,
      pages: warmMinimum,
      measuredOn:
        'complete JSON of /api/renewals?month= (budget) and complete HTML of /renewals?month=, uncompressed like the raw walk; the JSON with gzip beside them',
      upstreamSequentialMs: upstreamMs,
      apiMs,
      pageMs,
      apiGzipMs,
      apiRatio: Number(ratio.toFixed(2)),
      pageRatio: Number((pageMs.median / upstreamMs.median).toFixed(2)),
      apiGzipRatio: Number((apiGzipMs.median / upstreamMs.median).toFixed(2)),
      coldPageMs: spread(measured.coldMonthMs),
    },
    browser: browserFigures,
    bundles: bundles.map((bundle) => ({
      route: bundle.route,
      uncompressedKiB: Number((bundle.uncompressedBytes / 1024).toFixed(1)),
      gzipKiB: Number((bundle.gzipBytes / 1024).toFixed(1)),
    })),
    lighthouse,
    budgets: [...budgets, ...lighthouseBudgets(lighthouse)].filter((check) =>
      (check.needs ?? []).every((part) => (options.parts as readonly string[]).includes(part)),
    ),
  };
}

/** Per page: the score and each metric as min / median / max over the runs. */
function lighthouseFigures(samples: readonly LighthouseSamples[]) {
  return samples.map((page) => {
    /** One metric over the page's runs, rounded to `digits`. */
    const over = (
      metric: 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs' | 'benchmarkIndex',
      digits = 0,
    ) =>
      spread(
        page.runs.map((run) => run[metric]),
        digits,
      );
    return {
      name: page.name,
      path: page.path,
      score: over('score'),
      fcpMs: over('fcpMs'),
      lcpMs: over('lcpMs'),
      tbtMs: over('tbtMs'),
      cls: over('cls', 3),
      speedIndexMs: over('speedIndexMs'),
      lcpElements: [...new Set(page.runs.map((run) => run.lcpElement))],
      /** Of the last run: the main thread's work by kind, and the elements that shifted. */
      mainThread: page.runs.at(-1)?.mainThread ?? [],
      shifts: page.runs.at(-1)?.shifts ?? [],
      benchmarkIndex: over('benchmarkIndex'),
    };
  });
}

/** Each page's median score at least LIMITS.lighthouseScore. */
function lighthouseBudgets(pages: ReturnType<typeof lighthouseFigures>): BudgetCheck[] {
  return pages.map((page) => ({
    budget: `Lighthouse performance of ${page.name} (mobile)`,
    limit: `≥ ${LIMITS.lighthouseScore}`,
    measured: `median ${page.score.median} (${page.score.min}–${page.score.max})`,
    met: page.score.median >= LIMITS.lighthouseScore,
    needs: ['lighthouse'],
  }));
}

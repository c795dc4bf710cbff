import type { Spread } from './stats';

/**
 * The budgets of issue 10. Call counts are exact, so their worst run counts; timings are judged on
 * the median of their runs (one GC pause or a neighbour's build on this 2-core machine should not
 * decide), with min and max printed beside it; CLS and bundle sizes take the worst case.
 */
export interface BudgetCheck {
  budget: string;
  limit: string;
  measured: string;
  met: boolean;
}

export const LIMITS = {
  serverOverheadRatio: 1.2,
  lcpMs: 1_000,
  interactionMs: 50,
  cls: 0.05,
  routeGzipKiB: 200,
};

export interface BudgetInputs {
  warmMonthCalls: { http: Spread; browser: Spread; minimum: number };
  serverRatio: number;
  lcpMs: Spread;
  sortMs: Spread;
  filterMs: Spread;
  cls: Spread;
  largestRoute: { route: string; gzipKiB: number };
}

export function checkBudgets(input: BudgetInputs): BudgetCheck[] {
  const warm = input.warmMonthCalls;
  return [
    {
      budget: 'warm month view upstream calls',
      limit: `= ceil(events/100) = ${warm.minimum}`,
      measured: `HTTP max ${warm.http.max}, Chromium max ${warm.browser.max}`,
      met: warm.http.max === warm.minimum && warm.browser.max === warm.minimum,
    },
    {
      budget: 'month view data (JSON) server time / raw upstream',
      limit: `≤ ${LIMITS.serverOverheadRatio}×`,
      measured: `${input.serverRatio.toFixed(2)}× (medians)`,
      met: input.serverRatio <= LIMITS.serverOverheadRatio,
    },
    {
      budget: 'LCP of the month view',
      limit: `≤ ${LIMITS.lcpMs} ms`,
      measured: `median ${input.lcpMs.median} ms`,
      met: input.lcpMs.median <= LIMITS.lcpMs,
    },
    {
      budget: 'sort to updated rows',
      limit: `≤ ${LIMITS.interactionMs} ms`,
      measured: `median ${input.sortMs.median} ms`,
      met: input.sortMs.median <= LIMITS.interactionMs,
    },
    {
      budget: 'filter to updated rows',
      limit: `≤ ${LIMITS.interactionMs} ms`,
      measured: `median ${input.filterMs.median} ms`,
      met: input.filterMs.median <= LIMITS.interactionMs,
    },
    {
      budget: 'CLS of the month view',
      limit: `≤ ${LIMITS.cls}`,
      measured: `max ${input.cls.max}`,
      met: input.cls.max <= LIMITS.cls,
    },
    {
      budget: 'JS per route, gzip',
      limit: `≤ ${LIMITS.routeGzipKiB} KiB`,
      measured: `largest ${input.largestRoute.route} ${input.largestRoute.gzipKiB.toFixed(1)} KiB`,
      met: input.largestRoute.gzipKiB <= LIMITS.routeGzipKiB,
    },
  ];
}

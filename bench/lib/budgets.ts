import type { Spread } from './stats';

/**
 * The performance budgets the bench checks. Call counts are exact, so their worst run counts;
 * timings are judged on the median of their runs (one GC pause or a neighbour's build on this
 * 2-core machine should not decide), with min and max printed beside it; CLS and bundle sizes
 * take the worst case.
 */
export interface BudgetCheck {
  budget: string;
  limit: string;
  measured: string;
  met: boolean;
  /** The bench parts (`--only`) whose figures it judges: with one of them skipped it is not judged. */
  needs?: readonly string[];
}

export const LIMITS = {
  serverOverheadRatio: 1.2,
  lcpMs: 1_000,
  // A sort or filter of a window of at least 3,000 renewals updates the rows within one frame
  // (tightened from 50 and 30 ms).
  interactionMs: 16,
  cls: 0.05,
  // Gzipped JS per route (tightened from 200 KiB).
  routeGzipKiB: 190,
  // Lighthouse performance, default mobile profile, on Today, the month view and the portfolio.
  lighthouseScore: 90,
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

/** A timing judged on the median of its runs: at most `limitMs`. */
function medianWithin(
  budget: string,
  sample: Spread,
  limitMs: number,
  needs: readonly string[],
): BudgetCheck {
  return {
    budget,
    limit: `≤ ${limitMs} ms`,
    measured: `median ${sample.median} ms`,
    met: sample.median <= limitMs,
    needs,
  };
}

export function checkBudgets(input: BudgetInputs): BudgetCheck[] {
  const warm = input.warmMonthCalls;
  return [
    {
      // Pages read the synced copy: a warm view costs no call (a live walk would cost
      // ceil(events/100)).
      budget: 'warm month view upstream calls',
      limit: `= 0 (a live walk: ceil(events/100) = ${warm.minimum})`,
      measured: `HTTP max ${warm.http.max}, Chromium max ${warm.browser.max}`,
      met: warm.http.max === 0 && warm.browser.max === 0,
      needs: ['calls', 'month'],
    },
    {
      budget: 'month view data (JSON) server time / raw upstream',
      limit: `≤ ${LIMITS.serverOverheadRatio}×`,
      measured: `${input.serverRatio.toFixed(2)}× (medians)`,
      met: input.serverRatio <= LIMITS.serverOverheadRatio,
      needs: ['server'],
    },
    medianWithin('LCP of the month view', input.lcpMs, LIMITS.lcpMs, ['month']),
    medianWithin('sort to updated rows', input.sortMs, LIMITS.interactionMs, ['month']),
    medianWithin('filter to updated rows', input.filterMs, LIMITS.interactionMs, ['month']),
    {
      budget: 'CLS of the month view',
      limit: `≤ ${LIMITS.cls}`,
      measured: `max ${input.cls.max}`,
      met: input.cls.max <= LIMITS.cls,
      needs: ['month'],
    },
    {
      budget: 'JS per route, gzip',
      limit: `≤ ${LIMITS.routeGzipKiB} KiB`,
      measured: `largest ${input.largestRoute.route} ${input.largestRoute.gzipKiB.toFixed(1)} KiB`,
      met: input.largestRoute.gzipKiB <= LIMITS.routeGzipKiB,
    },
  ];
}

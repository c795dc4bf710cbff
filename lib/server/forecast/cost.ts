import 'server-only';
import { inArray } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { Database } from '../../db';
import { portfolioSnapshot, renewalMonthSummary } from '../../db/schema';
import { getEnv } from '../../env';
import { type DueWindow, windowMonths } from '../../forecast/window';
import { checkBackgroundBudget, decideBudget, recordSpend } from '../connection/background-budget';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { readQuota } from '../connection/quota';
import { storedMonthCounts } from './store';

/**
 * What a forecast refresh costs in calls and whether the background budget allows it.
 * A window costs ceil(renewals / 100) calls, at least one (spec: Limits 1, pages of at most 100),
 * so the next refresh is estimated from the renewals expected in each window it will read, month
 * by month, from what the dashboard has seen of that month: the renewals the last refresh stored,
 * or the month view's count of it (renewal_month_summary), whichever is larger. A month seen by
 * neither is estimated from the portfolio's size, about one renewal per patent a year; without a
 * portfolio copy either, the estimate is one call a window, a lower bound.
 */

export interface RefreshEstimate {
  calls: number;
  /** True when every month's count comes from a read of it (not from the portfolio's size). */
  known: boolean;
  /** What the estimate rests on: reads of each month, the portfolio's size, or one call a window. */
  basis: 'read' | 'portfolio' | 'minimum';
}

/** One client's next refresh (its stored forecast; the month counts and portfolio size as seen). */
export async function refreshEstimate(
  db: Database,
  windows: readonly DueWindow[],
  connection: string = DEFAULT_CONNECTION,
): Promise<RefreshEstimate> {
  const months = windows.flatMap(windowMonths);
  const [stored, summaries, [snapshot]] = await Promise.all([
    storedMonthCounts(db, months, connection),
    db
      .select({ month: renewalMonthSummary.month, count: renewalMonthSummary.eventCount })
      .from(renewalMonthSummary)
      .where(inArray(renewalMonthSummary.month, months)),
    db.select({ patents: portfolioSnapshot.patentCount }).from(portfolioSnapshot).limit(1),
  ]);
  const seen = new Map<string, number>(stored);
  for (const row of summaries) seen.set(row.month, Math.max(seen.get(row.month) ?? 0, row.count));
  const perMonth = snapshot?.patents ? snapshot.patents / 12 : null;
  let basis: RefreshEstimate['basis'] = 'read';
  let calls = 0;
  for (const dueWindow of windows) {
    let renewals = 0;
    for (const month of windowMonths(dueWindow)) {
      const count = seen.get(month);
      if (count !== undefined) renewals += count;
      else if (perMonth !== null) {
        renewals += perMonth;
        if (basis === 'read') basis = 'portfolio';
      } else basis = 'minimum';
    }
    calls += Math.max(1, Math.ceil(renewals / MAX_PAGE_SIZE));
  }
  return { calls, known: basis === 'read', basis };
}

export interface BudgetRefusal {
  reason: 'quota-exhausted' | 'remaining-low' | 'budget-spent';
  detail: string;
  estimate: number;
  spent: number;
  budget: number | null;
}

function refusalDetail(
  reason: BudgetRefusal['reason'],
  estimate: number,
  spent: number,
  budget: number | null,
) {
  switch (reason) {
    case 'quota-exhausted':
      return 'The service’s daily quota is used up until it resets.';
    case 'remaining-low':
      return `The service’s daily quota is running low: background reads wait for its reset (this refresh needs about ${estimate} calls).`;
    default:
      return `The background budget would be exceeded: this refresh needs about ${estimate} calls and ${spent} of ${budget ?? '?'} are spent this quota day.`;
  }
}

/**
 * The background budget's decision for `estimate` more calls: the shared meter and this quota
 * day's background spend (every instance and the worker draw on it), with the refresh's own cost
 * in place of a poll's.
 */
export async function forecastBudget(
  db: Database,
  now: Date,
  estimate: number,
  /** The client refreshed: its own quota and background spend (spec: Limits 2, a quota per key). */
  connection: string = DEFAULT_CONNECTION,
): Promise<{ ok: true } | { ok: false; refusal: BudgetRefusal }> {
  const current = await checkBackgroundBudget(db, now, connection);
  const decision = decideBudget({
    quota: await readQuota(connection),
    sharePercent: getEnv().BACKGROUND_QUOTA_PERCENT,
    spent: current.spent,
    estimate,
    now,
  });
  if (decision.ok) return { ok: true };
  return {
    ok: false,
    refusal: {
      reason: decision.reason,
      detail: refusalDetail(decision.reason, estimate, decision.spent, decision.budget),
      estimate,
      spent: decision.spent,
      budget: decision.budget,
    },
  };
}

/** Counted as background calls, but not as a poll (a poll's count sets the poll's own estimate). */
export function recordForecastSpend(
  db: Database,
  now: Date,
  calls: number,
  connection: string = DEFAULT_CONNECTION,
): Promise<void> {
  return recordSpend(db, now, calls, 0, connection);
}

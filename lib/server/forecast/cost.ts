import 'server-only';
import { eq } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { Database } from '../../db';
import { forecastRun } from '../../db/schema';
import { getEnv } from '../../env';
import type { DueWindow } from '../../forecast/window';
import { readQuota } from '../connection/quota';
import { checkBackgroundBudget, decideBudget, recordSpend } from '../notifications/budget';
import { storedCounts } from './store';

/**
 * What a forecast refresh costs in calls and whether the background budget allows it (issue 19).
 * A window costs ceil(renewals / 100) calls, at least one (spec: Limits 1, pages of at most 100),
 * so the next refresh is estimated from the renewals the last one stored in each window.
 */

export interface RefreshEstimate {
  calls: number;
  /** False before any refresh: the estimate is then one call per window, a lower bound. */
  known: boolean;
}

export async function refreshEstimate(db: Database, windows: readonly DueWindow[]): Promise<RefreshEstimate> {
  const counts = await storedCounts(db, windows);
  const [done] = await db
    .select({ id: forecastRun.id })
    .from(forecastRun)
    .where(eq(forecastRun.status, 'done'))
    .limit(1);
  return {
    calls: counts.reduce((sum, count) => sum + Math.max(1, Math.ceil(count / MAX_PAGE_SIZE)), 0),
    known: done !== undefined,
  };
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
): Promise<{ ok: true } | { ok: false; refusal: BudgetRefusal }> {
  const current = await checkBackgroundBudget(db, now);
  const decision = decideBudget({
    quota: await readQuota(),
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
export function recordForecastSpend(db: Database, now: Date, calls: number): Promise<void> {
  return recordSpend(db, now, calls, 0);
}

import 'server-only';
import { and, desc, like, notLike, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { backgroundQuotaUse } from '../../db/schema';
import { getEnv } from '../../env';
import { calendarToday } from '../../format/dates';
import type { QuotaReading } from '../../policy/quota';
import { DEFAULT_CONNECTION } from './default-connection';
import { flushQuota, readQuota } from './quota';

/**
 * Background reads spend at most a share of the daily quota (spec: Limits 3, one quota
 * per tenant shared by every caller), so users working in the dashboard keep the rest. The spend
 * is counted in the database: every instance and the standalone worker draw on one budget. Each
 * client connection has its own key, so its own quota (spec: Authentication 1, Limits 2): its own
 * budget, counted under its own key in `background_quota_use` (the default client's under the bare
 * day, as before there were several; the sync's rows start with `sync `).
 */

const SPEND_PREFIX = 'background ';

/** The row a connection's background spend of one quota day is counted in. */
function spendKey(day: string, connection: string): string {
  return connection === DEFAULT_CONNECTION ? day : `${SPEND_PREFIX}${connection} ${day}`;
}

/** The rows of one connection's background spend (never the sync's, never another client's). */
function spendRowsOf(connection: string) {
  return connection === DEFAULT_CONNECTION
    ? and(notLike(backgroundQuotaUse.day, 'sync %'), notLike(backgroundQuotaUse.day, `${SPEND_PREFIX}%`))
    : like(backgroundQuotaUse.day, `${SPEND_PREFIX}${connection} %`);
}

/** Below this share of the daily limit left, background reads stop until the quota resets. */
const LOW_REMAINING_SHARE = 0.05;

export type BudgetDecision =
  | { ok: true; budget: number | null; spent: number; estimate: number }
  | {
      ok: false;
      reason: 'quota-exhausted' | 'remaining-low' | 'budget-spent';
      budget: number | null;
      spent: number;
      estimate: number;
    };

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The quota day a spend counts against. The service resets its counter at midnight in its own
 * time zone, not UTC (spec: Limits 2), so the day is named by the reset the service announced
 * (RateLimit-Reset): every reading of one day rounds to the same quarter hour, which any time
 * zone's midnight falls on. Without a current reading, the UTC date stands in.
 */
export function quotaDay(quota: QuotaReading | null, now: Date): string {
  if (quota?.resetAt && quota.resetAt > now) {
    const rounded = Math.round(quota.resetAt.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    return `until ${new Date(rounded).toISOString().slice(0, 16)}`;
  }
  return calendarToday(now);
}

export interface BudgetInput {
  quota: QuotaReading | null;
  sharePercent: number;
  spent: number;
  estimate: number;
  now: Date;
}

/** Whether a background read of about `estimate` calls may start now. Pure. */
export function decideBudget({ quota, sharePercent, spent, estimate, now }: BudgetInput): BudgetDecision {
  const limit = quota?.limit ?? null;
  const budget = limit === null ? null : Math.floor((limit * sharePercent) / 100);
  const facts = { budget, spent, estimate };
  if (quota?.exhaustedUntil && quota.exhaustedUntil > now)
    return { ok: false, reason: 'quota-exhausted', ...facts };
  // RateLimit-Remaining is the tenant's, not ours: when it runs low, background work backs off
  // first, before any user is refused (a reading from before the reset no longer counts).
  const current = quota && (!quota.resetAt || quota.resetAt > now);
  if (current && quota.remaining !== null && limit !== null) {
    const floor = Math.max(Math.ceil(limit * LOW_REMAINING_SHARE), estimate);
    if (quota.remaining - estimate < floor) return { ok: false, reason: 'remaining-low', ...facts };
  }
  if (budget !== null && spent + estimate > budget) return { ok: false, reason: 'budget-spent', ...facts };
  return { ok: true, ...facts };
}

async function readSpend(
  db: Database,
  day: string,
  connection: string,
): Promise<{ spent: number; estimate: number }> {
  const rows = await db
    .select()
    .from(backgroundQuotaUse)
    .where(spendRowsOf(connection))
    .orderBy(desc(backgroundQuotaUse.updatedAt))
    .limit(2);
  const today = rows.find((row) => row.day === spendKey(day, connection));
  const withPolls = rows.find((row) => row.polls > 0);
  return {
    spent: today?.calls ?? 0,
    estimate: withPolls ? Math.ceil(withPolls.calls / withPolls.polls) : 0,
  };
}

export async function recordSpend(
  db: Database,
  now: Date,
  calls: number,
  polls = 1,
  connection: string = DEFAULT_CONNECTION,
): Promise<void> {
  // Read after the calls were made: their answers carried the reset that names the day.
  await flushQuota();
  const day = spendKey(quotaDay(await readQuota(connection), now), connection);
  await db
    .insert(backgroundQuotaUse)
    .values({ day, calls, polls, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: backgroundQuotaUse.day,
      set: {
        calls: sql`${backgroundQuotaUse.calls} + ${calls}`,
        polls: sql`${backgroundQuotaUse.polls} + ${polls}`,
        updatedAt: new Date(),
      },
    });
}

/** Whether background work may read the service now, from the client's meter and today's spend. */
export async function checkBackgroundBudget(
  db: Database,
  now: Date,
  connection: string = DEFAULT_CONNECTION,
): Promise<BudgetDecision> {
  const quota = await readQuota(connection);
  const spend = await readSpend(db, quotaDay(quota, now), connection);
  return decideBudget({
    quota,
    sharePercent: getEnv().BACKGROUND_QUOTA_PERCENT,
    spent: spend.spent,
    estimate: spend.estimate,
    now,
  });
}

/** For admins: a client's background calls spent this quota day against its budget. */
export async function backgroundStatus(db: Database, now = new Date(), connection = DEFAULT_CONNECTION) {
  const quota = await readQuota(connection);
  const spend = await readSpend(db, quotaDay(quota, now), connection);
  const limit = quota?.limit ?? null;
  const share = getEnv().BACKGROUND_QUOTA_PERCENT;
  return {
    spent: spend.spent,
    budget: limit === null ? null : Math.floor((limit * share) / 100),
    sharePercent: share,
  };
}

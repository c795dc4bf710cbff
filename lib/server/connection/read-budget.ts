import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { type Database, getDb } from '../../db';
import { backgroundQuotaUse } from '../../db/schema';
import { getEnv } from '../../env';
import { formatTimestamp } from '../../format/dates';
import type { QuotaReading } from '../../policy/quota';
import { DomainError } from '../errors/domain-error';
import { quotaDay } from './background-budget';
import { DEFAULT_CONNECTION } from './default-connection';
import { flushQuota, readQuota } from './quota';

/**
 * The one daily share of a client's quota that reads of the copy spend: the sync's walks and every
 * read a user sets off (Refresh now, a first read, a freeze estimate) draw on the same share
 * (SYNC_QUOTA_PERCENT), counted in `background_quota_use` under the sync's row of the client's
 * quota day. Each client's key has its own quota (spec: Authentication 1, Limits 2: one quota per
 * key), so each client has its own share. Below the reserve (20 % of the limit left) nothing reads:
 * sending instructions must still work on deadline day (spec: Limits 2). Before a user's read,
 * `userReadAllowed(connection, calls)`; after it, `recordUserRead(connection, calls)` with every
 * call made, a failed one's too.
 */

/** Below this share of the daily limit left, reads stop until the quota resets: it is the sending's. */
const RESERVE_SHARE = 0.2;

/** The row of a client's reads of one quota day (the default client's as before there were several). */
const shareKey = (day: string, connection: string) =>
  connection === DEFAULT_CONNECTION ? `sync ${day}` : `sync ${connection} ${day}`;

/** The calls a client's reads (the sync's and the users') spent on this quota day. */
export async function readShareSpent(db: Database, day: string, connection: string): Promise<number> {
  const [row] = await db
    .select({ calls: backgroundQuotaUse.calls })
    .from(backgroundQuotaUse)
    .where(eq(backgroundQuotaUse.day, shareKey(day, connection)));
  return row?.calls ?? 0;
}

/**
 * Counts calls against the client's share, on the quota day the service announced last (read after
 * the calls: their answers carried it).
 */
export async function recordRead(db: Database, now: Date, calls: number, connection: string): Promise<void> {
  if (calls <= 0) return;
  await flushQuota();
  const day = shareKey(quotaDay(await readQuota(connection), now), connection);
  await db
    .insert(backgroundQuotaUse)
    .values({ day, calls, polls: 0, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: backgroundQuotaUse.day,
      set: { calls: sql`${backgroundQuotaUse.calls} + ${calls}`, updatedAt: new Date() },
    });
}

/**
 * Why a read of about `estimate` calls may not go now, or null: the quota is used up (spec: Limits
 * 3, after a 429 until its reset) or the reserve would be touched ('reserve'), or the share has no
 * room for it ('budget'). The share is of the limit as last reported (the first answer of a run may
 * be the first reading of the key's limit); without one, `fallbackBudget` (the plan's) stands in.
 */
export function readShareRefusal(input: {
  quota: QuotaReading | null;
  spent: number;
  estimate: number;
  now: Date;
  fallbackBudget?: number | null;
}): 'budget' | 'reserve' | null {
  const { quota, spent, estimate, now } = input;
  if (quota?.exhaustedUntil && quota.exhaustedUntil > now) return 'reserve';
  const budget =
    quota?.limit == null
      ? (input.fallbackBudget ?? null)
      : Math.floor((quota.limit * getEnv().SYNC_QUOTA_PERCENT) / 100);
  if (budget !== null && spent + estimate > budget) return 'budget';
  const current = quota && (!quota.resetAt || quota.resetAt > now);
  if (current && quota.limit !== null && quota.remaining !== null)
    if (quota.remaining - estimate < quota.limit * RESERVE_SHARE) return 'reserve';
  return null;
}

/** Whether a user's read of about `calls` calls may go to the service for this client now. */
export async function userReadAllowed(
  connection: string,
  calls: number,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: 'budget' | 'reserve' }> {
  const db = await getDb();
  const quota = await readQuota(connection);
  const spent = await readShareSpent(db, quotaDay(quota, now), connection);
  const refusal = readShareRefusal({ quota, spent, estimate: calls, now });
  return refusal ? { ok: false, reason: refusal } : { ok: true };
}

/** Counts a user's read against the client's share: every call made, a failed one's too. */
export async function recordUserRead(connection: string, calls: number, now = new Date()): Promise<void> {
  await recordRead(await getDb(), now, calls, connection);
}

/** What a page says when today's share has no room for the read it would make (spec: Limits 2). */
export function readShareSpentNotice(asOf: Date | null): string {
  const copy =
    asOf === null
      ? 'the copy holds nothing for this yet, and it is read once the quota resets'
      : `showing the copy as of ${formatTimestamp(asOf.toISOString())}`;
  return `Today's share of the service's quota for reading is spent; ${copy}. The rest of today's quota is kept for sending instructions.`;
}

/**
 * A read a user's page needs does not fit in today's share, and the copy has nothing to show in
 * its place: the page says so rather than spend the calls sending needs (spec: Limits 2).
 */
export class ReadShareSpentError extends DomainError<'read_share_spent'> {
  override name = 'ReadShareSpentError';
  constructor(asOf: Date | null) {
    super({
      status: 429,
      code: 'read_share_spent',
      title: "Today's reading share is spent",
      detail: readShareSpentNotice(asOf),
    });
  }
}

import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { upstreamQuota } from '../../db/schema';
import { logger } from '../../log';
import type { QuotaReading } from '../../policy/quota';

/**
 * The shared daily API quota (RateLimit-* headers, spec: Limits 3), kept in the database so every
 * instance shows the same meter. Writes are coalesced: a burst of upstream calls costs one update.
 */
const ROW_ID = 'default';
const FLUSH_DELAY_MS = 1_000;

let pending: QuotaReading | null = null;
let flushTimer: NodeJS.Timeout | null = null;
/** The daily limit last reported (a 429 carries none, spec: Limits 3): the meter keeps it. */
let lastLimit: number | null = null;

export function observeRateLimit(
  meta: { limit: number; remaining: number; resetSeconds: number },
  now = new Date(),
): void {
  lastLimit = meta.limit;
  schedule({
    limit: meta.limit,
    remaining: meta.remaining,
    resetAt: new Date(now.getTime() + meta.resetSeconds * 1000),
    exhaustedUntil: null,
    observedAt: now,
  });
}

export function observeQuotaExhausted(retryAfterSeconds: number | undefined, now = new Date()): void {
  const until = new Date(now.getTime() + (retryAfterSeconds ?? 3600) * 1000);
  schedule({
    limit: pending?.limit ?? lastLimit,
    remaining: 0,
    resetAt: until,
    exhaustedUntil: until,
    observedAt: now,
  });
}

function schedule(reading: QuotaReading): void {
  pending = reading;
  flushTimer ??= setTimeout(() => void flushQuota(), FLUSH_DELAY_MS);
}

export async function flushQuota(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const reading = pending;
  pending = null;
  if (!reading) return;
  try {
    const db = await getDb();
    await db
      .insert(upstreamQuota)
      .values({ id: ROW_ID, ...reading })
      // A reading without a limit (after a 429) keeps the one on record, from any instance.
      .onConflictDoUpdate({
        target: upstreamQuota.id,
        set: { ...reading, limit: reading.limit ?? sql`${upstreamQuota.limit}` },
      });
  } catch (error) {
    logger.warn({ err: error }, 'could not record the API quota');
  }
}

export async function readQuota(): Promise<QuotaReading | null> {
  if (pending) return pending;
  const db = await getDb();
  const [row] = await db.select().from(upstreamQuota).where(eq(upstreamQuota.id, ROW_ID));
  if (!row) return null;
  return {
    limit: row.limit,
    remaining: row.remaining,
    resetAt: row.resetAt,
    exhaustedUntil: row.exhaustedUntil,
    observedAt: row.observedAt,
  };
}

import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { upstreamQuota } from '../../db/schema';
import { logger } from '../../log';
import type { QuotaReading } from '../../policy/quota';
import { DEFAULT_CONNECTION } from './default-connection';

/**
 * The daily API quota of each client connection (RateLimit-* headers, spec: Limits 3: one quota
 * per key, so one per client), kept in the database so every instance shows the same meter; the
 * row's id is the connection. Writes are coalesced: a burst of upstream calls costs one update.
 */
const FLUSH_DELAY_MS = 1_000;

const pending = new Map<string, QuotaReading>();
let flushTimer: NodeJS.Timeout | null = null;
/** The daily limit last reported per connection (a 429 carries none, spec: Limits 3): the meter keeps it. */
const lastLimit = new Map<string, number>();

export function observeRateLimit(
  meta: { limit: number; remaining: number; resetSeconds: number },
  now = new Date(),
  connection: string = DEFAULT_CONNECTION,
): void {
  lastLimit.set(connection, meta.limit);
  schedule(connection, {
    limit: meta.limit,
    remaining: meta.remaining,
    resetAt: new Date(now.getTime() + meta.resetSeconds * 1000),
    exhaustedUntil: null,
    observedAt: now,
  });
}

export function observeQuotaExhausted(
  retryAfterSeconds: number | undefined,
  now = new Date(),
  connection: string = DEFAULT_CONNECTION,
): void {
  const until = new Date(now.getTime() + (retryAfterSeconds ?? 3600) * 1000);
  schedule(connection, {
    limit: pending.get(connection)?.limit ?? lastLimit.get(connection) ?? null,
    remaining: 0,
    resetAt: until,
    exhaustedUntil: until,
    observedAt: now,
  });
}

function schedule(connection: string, reading: QuotaReading): void {
  pending.set(connection, reading);
  flushTimer ??= setTimeout(() => void flushQuota(), FLUSH_DELAY_MS);
}

export async function flushQuota(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const readings = [...pending];
  pending.clear();
  if (readings.length === 0) return;
  try {
    const db = await getDb();
    for (const [connection, reading] of readings)
      await db
        .insert(upstreamQuota)
        .values({ id: connection, ...reading })
        // A reading without a limit (after a 429) keeps the one on record, from any instance.
        .onConflictDoUpdate({
          target: upstreamQuota.id,
          set: { ...reading, limit: reading.limit ?? sql`${upstreamQuota.limit}` },
        });
  } catch (error) {
    logger.warn({ err: error }, 'could not record the API quota');
  }
}

export async function readQuota(connection: string = DEFAULT_CONNECTION): Promise<QuotaReading | null> {
  const known = pending.get(connection);
  if (known) return known;
  const db = await getDb();
  const [row] = await db.select().from(upstreamQuota).where(eq(upstreamQuota.id, connection));
  if (!row) return null;
  return {
    limit: row.limit,
    remaining: row.remaining,
    resetAt: row.resetAt,
    exhaustedUntil: row.exhaustedUntil,
    observedAt: row.observedAt,
  };
}

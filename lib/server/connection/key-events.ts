import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { upstreamApiKey } from '../../db/schema';
import { getEnv } from '../../env';
import { logger } from '../../log';
import type { ActiveKey } from './active-key';
import { keyCipher } from './key-crypto';

/**
 * What the service says about a key in passing: an `api_key_expired` answer (spec: Authentication
 * 6, "retrying is pointless until the key is replaced") is written on the key's row, where the
 * admin alert reads it. A burst of failing calls writes once a minute per key.
 */
const NOTE_INTERVAL_MS = 60_000;
const lastNoted = new Map<string, number>();

export function noteKeyExpired(key: ActiveKey, now = new Date()): void {
  const id = key.ref.kind === 'stored' ? key.ref.id : 'environment';
  const previous = lastNoted.get(id);
  if (previous !== undefined && now.getTime() - previous < NOTE_INTERVAL_MS) return;
  lastNoted.set(id, now.getTime());
  void recordExpired(key, now).catch((error: unknown) =>
    logger.warn({ err: error, last4: key.last4 }, 'could not record the expired API key'),
  );
}

async function recordExpired(key: ActiveKey, now: Date): Promise<void> {
  const db = await getDb();
  logger.warn({ last4: key.last4 }, 'the service answered api_key_expired');
  if (key.ref.kind === 'stored') {
    await db.update(upstreamApiKey).set({ expiredSeenAt: now }).where(eq(upstreamApiKey.id, key.ref.id));
    return;
  }
  await upsertEnvironmentKeyRow(key.value, { expiredSeenAt: now });
}

/** The environment key's row (no ciphertext), created the first time something is recorded. */
export async function upsertEnvironmentKeyRow(
  value: string,
  set: { expiredSeenAt?: Date | null; expiresAt?: Date | null },
): Promise<void> {
  const db = await getDb();
  const fingerprint = keyCipher(getEnv()).fingerprint(value);
  await db
    .insert(upstreamApiKey)
    .values({ source: 'environment', fingerprint, last4: value.slice(-4), ...set })
    .onConflictDoUpdate({ target: upstreamApiKey.fingerprint, set });
}

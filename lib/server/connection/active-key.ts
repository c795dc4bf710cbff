import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { upstreamApiKey, upstreamKeyState } from '../../db/schema';
import { getEnv } from '../../env';
import { registerSecret } from '../../redact';
import { keyCipher, lastFour } from './key-crypto';

/**
 * Which API key an upstream call uses (spec: Authentication 2). The choice lives in the
 * database (`upstream_key_state`), so every instance follows one switch. Each instance keeps it
 * for a few seconds; after that one small read of the row's `revision` tells whether a switch
 * happened anywhere, and only then is the new key read and decrypted. An instance that switches
 * drops its own copy at once. A client pins the key it first resolved (upstream.ts), so a
 * request in flight finishes with the key it started with: the service accepts both keys while
 * the old one is still valid, which is what makes the switch lose nothing.
 */

export const KEY_STATE_ROW = 'default';
/** How long an instance may go on using a key after another instance switched away from it. */
export const ACTIVE_KEY_CACHE_MS = 5_000;

type KeyRef = { kind: 'stored'; id: string } | { kind: 'environment' };

export interface ActiveKey {
  ref: KeyRef;
  value: string;
  last4: string;
}

/** No key to call the service with: none stored as active and no ANNUITY_API_KEY. */
export class NoActiveKeyError extends Error {
  override name = 'NoActiveKeyError';
}

interface Cached {
  revision: number;
  /** null: the environment's key, read fresh from the environment each time. */
  stored: ActiveKey | null;
  checkedAt: number;
}

let cached: Cached | null = null;
let refreshing: Promise<Cached> | null = null;

export function invalidateActiveKey(): void {
  cached = null;
}

export async function activeApiKey(): Promise<ActiveKey> {
  const current =
    cached && Date.now() - cached.checkedAt < ACTIVE_KEY_CACHE_MS ? cached : await refreshShared();
  if (current.stored) return current.stored;
  const value = getEnv().ANNUITY_API_KEY;
  if (!value) throw new NoActiveKeyError('No API key is configured: enter one on the connection page.');
  return { ref: { kind: 'environment' }, value, last4: lastFour(value) };
}

/** One refresh at a time per instance: a burst of requests after expiry costs one read. */
function refreshShared(): Promise<Cached> {
  refreshing ??= refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refresh(): Promise<Cached> {
  const db = await getDb();
  const [state] = await db.select().from(upstreamKeyState).where(eq(upstreamKeyState.id, KEY_STATE_ROW));
  const revision = state?.revision ?? 0;
  const previous = cached;
  if (previous && previous.revision === revision) {
    cached = { ...previous, checkedAt: Date.now() };
    return cached;
  }
  let stored: ActiveKey | null = null;
  if (state?.activeKeyId) {
    const [row] = await db.select().from(upstreamApiKey).where(eq(upstreamApiKey.id, state.activeKeyId));
    if (row?.ciphertext) {
      const value = keyCipher(getEnv()).decrypt(row.ciphertext, row.id);
      registerSecret(value);
      stored = { ref: { kind: 'stored', id: row.id }, value, last4: row.last4 };
    }
  }
  cached = { revision, stored, checkedAt: Date.now() };
  return cached;
}

import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { upstreamApiKey, upstreamKeyState } from '../../db/schema';
import { getEnv } from '../../env';
import { registerSecret } from '../../redact';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { keyCipher, lastFour } from './key-crypto';

/**
 * Which API key an upstream call uses, per client connection (spec: Authentication 1 and 2: a key
 * identifies one client, and two keys of a client can be valid at once). The choice lives in the
 * database (`upstream_key_state`, one row per connection), so every instance follows one switch.
 * Each instance keeps it for a few seconds; after that one small read of the row's `revision`
 * tells whether a switch happened anywhere, and only then is the new key read and decrypted. An
 * instance that switches drops its own copy at once. A client pins the key it first resolved
 * (upstream.ts), so a request in flight finishes with the key it started with: the service accepts
 * both keys while the old one is still valid, which is what makes the switch lose nothing.
 * ANNUITY_API_KEY belongs to the default connection alone: another client's calls never fall back
 * to it.
 */

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

const cached = new Map<string, Cached>();
const refreshing = new Map<string, Promise<Cached>>();

export function invalidateActiveKey(connection: string = DEFAULT_CONNECTION): void {
  cached.delete(connection);
}

export async function activeApiKey(connection: string = DEFAULT_CONNECTION): Promise<ActiveKey> {
  const known = cached.get(connection);
  const current =
    known && Date.now() - known.checkedAt < ACTIVE_KEY_CACHE_MS ? known : await refreshShared(connection);
  if (current.stored) return current.stored;
  const value = connection === DEFAULT_CONNECTION ? getEnv().ANNUITY_API_KEY : undefined;
  if (!value) throw new NoActiveKeyError('No API key is configured: enter one on the connection page.');
  return { ref: { kind: 'environment' }, value, last4: lastFour(value) };
}

/** One refresh at a time per instance and connection: a burst of requests after expiry costs one read. */
function refreshShared(connection: string): Promise<Cached> {
  let running = refreshing.get(connection);
  if (!running) {
    running = refresh(connection).finally(() => refreshing.delete(connection));
    refreshing.set(connection, running);
  }
  return running;
}

async function refresh(connection: string): Promise<Cached> {
  const db = await getDb();
  const [state] = await db.select().from(upstreamKeyState).where(eq(upstreamKeyState.id, connection));
  const revision = state?.revision ?? 0;
  const previous = cached.get(connection);
  if (previous && previous.revision === revision) {
    const kept = { ...previous, checkedAt: Date.now() };
    cached.set(connection, kept);
    return kept;
  }
  let stored: ActiveKey | null = null;
  if (state?.activeKeyId) {
    const [row] = await db
      .select()
      .from(upstreamApiKey)
      .where(and(eq(upstreamApiKey.id, state.activeKeyId), eq(upstreamApiKey.connection, connection)));
    if (row?.ciphertext) {
      const value = keyCipher(getEnv()).decrypt(row.ciphertext, row.id);
      registerSecret(value);
      stored = { ref: { kind: 'stored', id: row.id }, value, last4: row.last4 };
    }
  }
  const fresh = { revision, stored, checkedAt: Date.now() };
  cached.set(connection, fresh);
  return fresh;
}

import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiKeysOverview, ApiKeyView } from '../../connection/api-key-views';
import { ENVIRONMENT_KEY_ID } from '../../connection/api-key-views';
import { getDb } from '../../db';
import { upstreamApiKey, upstreamKeyState } from '../../db/schema';
import { getEnv } from '../../env';
import { registerSecret } from '../../redact';
import { auditSuccess, recordAudit } from '../audit/audit';
import { DomainError } from '../errors/domain-error';
import { ACTIVE_KEY_CACHE_MS, invalidateActiveKey } from './active-key';
import { type ProbeResult, probeKey } from './connection';
import { DEFAULT_CONNECTION } from './default-connection';
import { keyCipher, lastFour } from './key-crypto';
import { upsertEnvironmentKeyRow } from './key-events';
import { upstreamBaseUrl } from './upstream';

/**
 * The API keys an administrator manages. Rotation without downtime (spec:
 * Authentication 2, two keys can be valid at once): add the new key (checked against the
 * service before it is stored), switch to it (one update; every instance follows within
 * ACTIVE_KEY_CACHE_MS), then remove the old one once the operator has revoked it. The
 * environment's ANNUITY_API_KEY is the key in use while none is switched to. Keys are per client
 * connection (spec: Authentication 1): each belongs to one, and ANNUITY_API_KEY to the default one.
 */

type ApiKeyErrorCode =
  | 'key_not_accepted'
  | 'key_expired'
  | 'key_lacks_read_scope'
  | 'service_unreachable'
  | 'key_exists'
  | 'key_not_found'
  | 'key_is_active';

const ERROR_STATUS: Record<ApiKeyErrorCode, number> = {
  key_not_accepted: 422,
  key_expired: 422,
  key_lacks_read_scope: 422,
  service_unreachable: 502,
  key_exists: 409,
  key_not_found: 404,
  key_is_active: 409,
};

class ApiKeyError extends DomainError<ApiKeyErrorCode> {
  override name = 'ApiKeyError';
  constructor(code: ApiKeyErrorCode, message: string) {
    super({
      status: ERROR_STATUS[code],
      code,
      title: 'The key cannot be used',
      detail: message,
      auditedByFeature: true,
    });
  }
}

export interface Actor {
  userId: string;
  email: string;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function listApiKeys(connection: string = DEFAULT_CONNECTION): Promise<ApiKeysOverview> {
  const db = await getDb();
  const [state] = await db.select().from(upstreamKeyState).where(eq(upstreamKeyState.id, connection));
  const rows = await db
    .select()
    .from(upstreamApiKey)
    .where(eq(upstreamApiKey.connection, connection))
    .orderBy(desc(upstreamApiKey.createdAt));
  const activeId = state?.activeKeyId ?? null;
  const envKey = connection === DEFAULT_CONNECTION ? getEnv().ANNUITY_API_KEY : undefined;
  const envFingerprint = envKey ? keyCipher(getEnv()).fingerprint(envKey) : null;
  const keys: ApiKeyView[] = rows
    .filter((row) => row.source === 'stored')
    .map((row) => ({
      id: row.id,
      source: 'stored',
      last4: row.last4,
      label: row.label,
      active: row.id === activeId,
      expiresAt: iso(row.expiresAt),
      expiredSeenAt: iso(row.expiredSeenAt),
      verifiedAt: iso(row.verifiedAt),
      scopes: row.scopes,
      createdAt: iso(row.createdAt),
      createdByEmail: row.createdByEmail,
      activatedAt: iso(row.activatedAt),
    }));
  if (envKey) {
    const envRow = rows.find((row) => row.source === 'environment' && row.fingerprint === envFingerprint);
    keys.push({
      id: ENVIRONMENT_KEY_ID,
      source: 'environment',
      last4: lastFour(envKey),
      label: 'ANNUITY_API_KEY (environment)',
      active: activeId === null,
      expiresAt: iso(envRow?.expiresAt),
      expiredSeenAt: iso(envRow?.expiredSeenAt),
      verifiedAt: null,
      scopes: null,
      createdAt: null,
      createdByEmail: null,
      activatedAt: null,
    });
  }
  return { keys, switchedAt: iso(state?.switchedAt), propagationSeconds: ACTIVE_KEY_CACHE_MS / 1000 };
}

/** Refuses a key the service does not accept for reading patents (spec: Authentication 4, 6). */
function usabilityError(probe: ProbeResult): ApiKeyError | null {
  if (!probe.reachable)
    return new ApiKeyError('service_unreachable', 'The service could not be reached to check the key.');
  if (probe.keyState === 'invalid')
    return new ApiKeyError('key_not_accepted', 'The service does not accept this key (invalid_api_key).');
  if (probe.keyState === 'expired')
    return new ApiKeyError('key_expired', 'The service says this key has expired (api_key_expired).');
  if (probe.scopes['patents:read'] !== 'granted')
    return new ApiKeyError(
      'key_lacks_read_scope',
      'This key does not grant patents:read, which every page needs.',
    );
  return null;
}

function assertUsable(probe: ProbeResult): void {
  const refusal = usabilityError(probe);
  if (refusal) throw refusal;
}

export async function addApiKey(
  input: { key: string; label?: string | undefined; expiresAt?: Date | undefined },
  actor: Actor,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<ApiKeyView> {
  const key = input.key.trim();
  // Masked in every log line from now on, whatever happens next.
  registerSecret(key);
  const cipher = keyCipher(getEnv());
  const fingerprint = cipher.fingerprint(key);
  const db = await getDb();
  const [existing] = await db
    .select({ id: upstreamApiKey.id, source: upstreamApiKey.source })
    .from(upstreamApiKey)
    .where(eq(upstreamApiKey.fingerprint, fingerprint));
  // The fingerprint is unique across connections: one client's key is never stored for another.
  if (existing?.source === 'stored') throw new ApiKeyError('key_exists', 'This key is already stored.');
  const envKey = getEnv().ANNUITY_API_KEY;
  if (envKey && cipher.fingerprint(envKey) === fingerprint)
    throw new ApiKeyError('key_exists', 'This is the key already set in ANNUITY_API_KEY.');

  const probe = await probeKey(upstreamBaseUrl(), key, requestId);
  const refusal = usabilityError(probe);
  await recordAudit({
    actor,
    action: 'api_key.add',
    target: `…${lastFour(key)}`,
    outcome: refusal ? 'failure' : 'success',
    requestId,
    upstreamRequestIds: probe.requestIds,
    details: { keyState: probe.keyState, scopes: probe.scopes, ...(refusal ? { code: refusal.code } : {}) },
  });
  if (refusal) throw refusal;

  const id = randomUUID();
  const now = new Date();
  // A row the environment key left behind (its expiry) gives way to the stored copy.
  if (existing) await db.delete(upstreamApiKey).where(eq(upstreamApiKey.id, existing.id));
  const [row] = await db
    .insert(upstreamApiKey)
    .values({
      id,
      connection,
      source: 'stored',
      fingerprint,
      ciphertext: cipher.encrypt(key, id),
      last4: lastFour(key),
      label: input.label?.trim() || null,
      expiresAt: input.expiresAt ?? null,
      verifiedAt: now,
      scopes: probe.scopes,
      createdByEmail: actor.email,
    })
    .returning();
  if (!row) throw new Error('the key row was not written');
  return (await listApiKeys(connection)).keys.find((view) => view.id === row.id) as ApiKeyView;
}

async function storedKey(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(upstreamApiKey).where(eq(upstreamApiKey.id, id));
  if (row?.source !== 'stored' || !row.ciphertext)
    throw new ApiKeyError('key_not_found', 'No stored key has this id.');
  const value = keyCipher(getEnv()).decrypt(row.ciphertext, row.id);
  registerSecret(value);
  return { row, value };
}

/** Checks a stored key again (before switching, or after the operator changed something). */
export async function verifyApiKey(id: string, requestId: string): Promise<ProbeResult> {
  const { row, value } = await storedKey(id);
  const probe = await probeKey(upstreamBaseUrl(), value, requestId);
  const db = await getDb();
  await db
    .update(upstreamApiKey)
    .set({
      scopes: probe.scopes,
      ...(probe.keyState === 'valid' ? { verifiedAt: new Date() } : {}),
      ...(probe.keyState === 'expired' ? { expiredSeenAt: new Date() } : {}),
    })
    .where(eq(upstreamApiKey.id, row.id));
  return probe;
}

/**
 * Switches every instance to a key: a stored one (checked against the service first, so a switch
 * never lands on a key the service refuses) or back to the environment's. One update moves the
 * pointer and bumps the revision other instances watch.
 */
export async function activateApiKey(id: string, actor: Actor, requestId: string): Promise<void> {
  try {
    await switchTo(id, actor, requestId);
  } catch (error) {
    if (error instanceof ApiKeyError)
      await recordAudit({
        actor,
        action: 'api_key.activate',
        target: id,
        outcome: 'failure',
        requestId,
        details: { code: error.code },
      });
    throw error;
  }
}

async function switchTo(id: string, actor: Actor, requestId: string): Promise<void> {
  let target: string | null = null;
  let connection = DEFAULT_CONNECTION;
  let last4: string;
  let upstreamRequestIds: string[] = [];
  if (id === ENVIRONMENT_KEY_ID) {
    const envKey = getEnv().ANNUITY_API_KEY;
    if (!envKey) throw new ApiKeyError('key_not_found', 'ANNUITY_API_KEY is not set.');
    const probe = await probeKey(upstreamBaseUrl(), envKey, requestId);
    assertUsable(probe);
    upstreamRequestIds = probe.requestIds;
    last4 = lastFour(envKey);
  } else {
    const probe = await verifyApiKey(id, requestId);
    assertUsable(probe);
    upstreamRequestIds = probe.requestIds;
    const { row } = await storedKey(id);
    target = row.id;
    connection = row.connection;
    last4 = row.last4;
  }
  await pointTo(connection, target);
  await recordAudit({
    actor,
    action: 'api_key.activate',
    target: `…${last4}`,
    outcome: 'success',
    requestId,
    upstreamRequestIds,
  });
}

/**
 * Makes `keyId` (null: ANNUITY_API_KEY) the key of `connection` on every instance: one update moves
 * the pointer and bumps the revision other instances watch. The key must have been checked.
 */
export async function pointTo(connection: string, keyId: string | null): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(upstreamKeyState)
      .values({ id: connection, activeKeyId: keyId, revision: 1, switchedAt: now })
      .onConflictDoUpdate({
        target: upstreamKeyState.id,
        set: { activeKeyId: keyId, revision: sql`${upstreamKeyState.revision} + 1`, switchedAt: now },
      });
    if (keyId) await tx.update(upstreamApiKey).set({ activatedAt: now }).where(eq(upstreamApiKey.id, keyId));
  });
  invalidateActiveKey(connection);
}

/** Removes a stored key. The key in use cannot be removed: switch to another one first. */
export async function removeApiKey(id: string, actor: Actor, requestId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db.select().from(upstreamApiKey).where(eq(upstreamApiKey.id, id));
  if (row?.source !== 'stored') throw new ApiKeyError('key_not_found', 'No stored key has this id.');
  const [state] = await db
    .select()
    .from(upstreamKeyState)
    .where(and(eq(upstreamKeyState.id, row.connection), eq(upstreamKeyState.activeKeyId, id)));
  if (state)
    throw new ApiKeyError('key_is_active', 'This key is in use. Switch to another key before removing it.');
  // The foreign key refuses the delete if a concurrent switch made this key active meanwhile.
  await db.delete(upstreamApiKey).where(eq(upstreamApiKey.id, id));
  await auditSuccess(actor, 'api_key.remove', `…${row.last4}`, requestId);
}

/** Records the expiry the operator gave for a key (spec: Limits 6), for the reminder. */
export async function recordKeyExpiry(
  id: string,
  expiresAt: Date | null,
  actor: Actor,
  requestId: string,
): Promise<void> {
  let last4: string;
  if (id === ENVIRONMENT_KEY_ID) {
    const envKey = getEnv().ANNUITY_API_KEY;
    if (!envKey) throw new ApiKeyError('key_not_found', 'ANNUITY_API_KEY is not set.');
    await upsertEnvironmentKeyRow(envKey, { expiresAt });
    last4 = lastFour(envKey);
  } else {
    const db = await getDb();
    const [row] = await db
      .update(upstreamApiKey)
      .set({ expiresAt })
      .where(eq(upstreamApiKey.id, id))
      .returning({ last4: upstreamApiKey.last4 });
    if (!row) throw new ApiKeyError('key_not_found', 'No stored key has this id.');
    last4 = row.last4;
  }
  await auditSuccess(actor, 'api_key.expiry', `…${last4}`, requestId, {
    expiresAt: expiresAt?.toISOString() ?? null,
  });
}

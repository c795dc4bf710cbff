/**
 * `lib/server/audit/`: `recordAudit` (append only) and the audit page's query.
 */
import 'server-only';
import { getDb } from '../../db';
import { auditLog } from '../../db/schema';
import { logger } from '../../log';
import { redact } from '../../redact';

/** Who acted, as the log keeps them: an id and an email, whatever else the caller's viewer carries. */
export type AuditActor = { userId: string | null; email: string | null };

export interface AuditEntry {
  actor: AuditActor | null;
  action: string;
  target?: string | null;
  outcome: 'success' | 'failure';
  requestId?: string | null;
  upstreamRequestIds?: string[];
  details?: Record<string, unknown>;
  /**
   * The client the action concerns (its patents, batches, invoices, settings), so only users of
   * that client read the entry (spec: rule 2); left out for what concerns no client.
   */
  connection?: string | null;
}

/**
 * Appends one entry to the audit log. There is deliberately no update or delete counterpart.
 * A failure to audit is logged loudly but does not undo the action it describes, which already
 * happened upstream.
 */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    const db = await getDb();
    await db.insert(auditLog).values({
      actorUserId: entry.actor?.userId ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      target: entry.target ?? null,
      outcome: entry.outcome,
      requestId: entry.requestId ?? null,
      upstreamRequestIds: entry.upstreamRequestIds ?? [],
      details: (redact(entry.details ?? {}) as Record<string, unknown>) ?? {},
      connection: entry.connection ?? null,
    });
  } catch (error) {
    logger.error({ err: error, action: entry.action, requestId: entry.requestId }, 'audit write failed');
  }
}

/**
 * The client of an action over these clients' records: the one when they are all one client's;
 * null when they are several's, so only users of every client read the entry.
 */
export function soleClientOf(connections: Iterable<string>): string | null {
  const distinct = new Set(connections);
  const [only] = distinct;
  return distinct.size === 1 && only ? only : null;
}

/**
 * The entry a completed change writes: `actor` did `action` on `target` (null where the action has
 * no single target), for the client `connection` when it concerns one. Only the actor's id and
 * email are kept, as with recordAudit.
 */
export function auditSuccess(
  actor: AuditActor | null,
  action: string,
  target: string | null,
  requestId: string,
  details?: Record<string, unknown>,
  connection?: string | null,
): Promise<void> {
  return recordAudit({ actor, action, target, outcome: 'success', requestId, details, connection });
}

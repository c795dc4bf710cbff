import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../../db';
import { decisionDraft } from '../../db/schema';
import type { Draft, DraftEntry } from '../../decisions/draft';
import { DomainError } from '../errors/domain-error';
import { heldByOpenBatches } from './batch-records';
import { storedDraftEntries } from './stored-json';

/** A user's draft of decisions (one per user), kept in the database until sent or cleared. */
export async function readDraft(userId: string): Promise<Draft> {
  const db = await getDb();
  const [row] = await db.select().from(decisionDraft).where(eq(decisionDraft.userId, userId));
  if (!row) return { batchKey: randomUUID(), entries: [], updatedAt: null };
  const entries = storedDraftEntries(row.entries, userId);
  return {
    batchKey: row.batchKey,
    entries,
    updatedAt: row.updatedAt.toISOString(),
    ...(await beingSent(entries)),
  };
}

/** The draft's renewals held by a batch not settled yet (see Draft `beingSent`); absent when none. */
async function beingSent(entries: readonly DraftEntry[]): Promise<Pick<Draft, 'beingSent'>> {
  const held = await heldByOpenBatches(entries.map((entry) => entry.eventId));
  return Object.keys(held).length > 0 ? { beingSent: held } : {};
}

/** The draft changed since the version a tab based its edit on (another tab, or a send). */
export class DraftConflictError extends DomainError<'draft_changed_elsewhere'> {
  override name = 'DraftConflictError';
  constructor(readonly current: Draft) {
    super({
      status: 409,
      code: 'draft_changed_elsewhere',
      title: 'Your decisions changed elsewhere',
      detail:
        'The decisions were changed in another tab, or sent, since this view loaded them. The current decisions are shown again.',
      message: 'The decisions changed elsewhere since this view loaded them.',
      // The tab shows the current draft from the answer instead of asking again.
      extensions: { draft: current },
    });
  }
}

/**
 * Replaces the draft. Any change gets a new batch key: the key names one exact set of decisions,
 * so a tab holding an older key cannot send a different batch under it. With `basedOn`, only the
 * version with that key is replaced: a stale tab cannot bring back decisions already sent from
 * another one (it gets DraftConflictError with the current draft instead).
 */
export async function writeDraft(userId: string, entries: DraftEntry[], basedOn?: string): Promise<Draft> {
  const db = await getDb();
  const values = { userId, entries, batchKey: randomUUID(), updatedAt: new Date() };
  const written: Draft = {
    batchKey: values.batchKey,
    entries,
    updatedAt: values.updatedAt.toISOString(),
    ...(await beingSent(entries)),
  };
  if (!basedOn) {
    await db
      .insert(decisionDraft)
      .values(values)
      .onConflictDoUpdate({
        target: decisionDraft.userId,
        set: { entries, batchKey: values.batchKey, updatedAt: values.updatedAt },
      });
    return written;
  }
  const updated = await db
    .update(decisionDraft)
    .set({ entries, batchKey: values.batchKey, updatedAt: values.updatedAt })
    .where(and(eq(decisionDraft.userId, userId), eq(decisionDraft.batchKey, basedOn)))
    .returning({ userId: decisionDraft.userId });
  if (updated.length > 0) return written;
  // No row with that key: either there is no draft yet (the first save), or it changed.
  const inserted = await db
    .insert(decisionDraft)
    .values(values)
    .onConflictDoNothing({ target: decisionDraft.userId })
    .returning({ userId: decisionDraft.userId });
  if (inserted.length > 0) return written;
  throw new DraftConflictError(await readDraft(userId));
}

/** After a batch: executed decisions leave the draft, the rest stay for another try. */
export async function removeFromDraft(userId: string, eventIds: ReadonlySet<string>): Promise<Draft> {
  const current = await readDraft(userId);
  return writeDraft(
    userId,
    current.entries.filter((entry) => !eventIds.has(entry.eventId)),
  );
}

/**
 * Gives the draft a new batch key when it still has `oldKey`, keeping its decisions: after a
 * refused batch the same decisions may be sent again, as a new batch. A draft the user changed
 * meanwhile already has a new key and is left alone.
 */
export async function renewBatchKey(userId: string, oldKey: string): Promise<void> {
  const db = await getDb();
  await db
    .update(decisionDraft)
    .set({ batchKey: randomUUID(), updatedAt: new Date() })
    .where(and(eq(decisionDraft.userId, userId), eq(decisionDraft.batchKey, oldKey)));
}

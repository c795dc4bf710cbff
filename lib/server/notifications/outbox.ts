import 'server-only';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import type { chatPost, mailMessage } from '../../db/schema';

/**
 * The outboxes of emails and chat posts: a row each, with the same delivery columns and the same
 * steps (queued → sending → sent, or failed and retried; a stopped send becomes unknown).
 */
type Outbox = typeof mailMessage | typeof chatPost;

/** The row's status when it could not be taken for sending, or null when it is gone. */
export type UntakenStatus = Outbox['$inferSelect']['status'] | null;

/**
 * Takes a queued or failed row for sending in one statement, so two workers handed the same job
 * cannot both send it; the lease (`sendingSince`) runs on real time, not the worker's clock (tests
 * and demos move that one). Answers the row, or the status that kept it from being taken.
 */
export async function takeForSending<Table extends Outbox>(
  db: Database,
  table: Table,
  id: string,
): Promise<{ taken: Table['$inferSelect'] } | { taken: null; status: UntakenStatus }> {
  const outbox = table as Outbox;
  const [taken] = await db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, sendingSince: new Date() })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['queued', 'failed'])))
    .returning();
  if (taken) return { taken: taken as Table['$inferSelect'] };
  const [row] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  return { taken: null, status: row?.status ?? null };
}

/** A row sent: its time, its error cleared, and what else the send learnt (an email's provider id). */
export async function recordSent<Table extends Outbox>(
  db: Database,
  table: Table,
  id: string,
  now: Date,
  learnt: Partial<Table['$inferInsert']> = {},
): Promise<void> {
  const outbox = table as Outbox;
  await db
    .update(outbox)
    .set({ ...learnt, status: 'sent', sentAt: now, lastError: null })
    .where(eq(outbox.id, id));
}

/**
 * Runs the send of a row taken for sending. A send that fails keeps its error (the first 500
 * characters, else `fallback`) for the outbox, and is thrown again for the job queue to retry.
 */
export async function sendOrRecordFailure<T>(
  db: Database,
  table: Outbox,
  id: string,
  fallback: string,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    await db
      .update(table)
      .set({ status: 'failed', lastError: error instanceof Error ? error.message.slice(0, 500) : fallback })
      .where(eq(table.id, id));
    throw error;
  }
}

/**
 * Rows claimed but still queued since before `olderThan`: their job was lost (the process stopped
 * between the claim and the enqueue). The notify job hands them to their send job again; the
 * queued → sending step keeps a duplicate job from sending twice. The oldest 500.
 */
export async function strandedIds(db: Database, table: Outbox, olderThan: Date): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, 'queued'), lt(table.createdAt, olderThan)))
    .orderBy(table.createdAt)
    .limit(500);
  return rows.map((row) => row.id);
}

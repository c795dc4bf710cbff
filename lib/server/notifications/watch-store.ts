import 'server-only';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db';
import { renewalWatch, upstreamChange } from '../../db/schema';
import { fromExcluded } from '../../db/upsert';
import { badgeKind } from '../../renewals/instructability';
import type { RenewalRow } from '../../renewals/rows';

/**
 * What the poll keeps of each renewal in Today's windows, and what it saw change since the last
 * poll (processing statuses of instructed renewals, renewals entering grace or opening
 * for instruction). The first poll only records; changes need something to compare with.
 */
export type RenewalPhase = 'too-early' | 'open' | 'in-grace' | 'lapsed' | 'instructed';

export function renewalPhase(row: RenewalRow, today: string): RenewalPhase {
  const badge = badgeKind(row.instructability);
  if (row.appliedDecision !== null || badge === 'already-instructed') return 'instructed';
  if (badge === 'too-early') return 'too-early';
  if (row.dueDate >= today) return 'open';
  if (row.gracePeriodEndDate !== null && row.gracePeriodEndDate >= today) return 'in-grace';
  return 'lapsed';
}

export interface ObservedChange {
  kind: 'processing-status' | 'entered-grace' | 'opened' | 'new-invoice';
  subjectKey: string;
  value: string;
  detail: Record<string, unknown>;
}

interface Previous {
  phase: string;
  processingStatus: string | null;
}

export function changesBetween(
  previous: Previous | undefined,
  row: RenewalRow,
  phase: RenewalPhase,
): ObservedChange[] {
  if (!previous) return [];
  const changes: ObservedChange[] = [];
  const detail = { patentId: row.patentId, dueDate: row.dueDate };
  if (row.processingStatus !== null && row.processingStatus !== previous.processingStatus)
    changes.push({ kind: 'processing-status', subjectKey: row.eventId, value: row.processingStatus, detail });
  if (phase === 'in-grace' && previous.phase !== 'in-grace')
    changes.push({
      kind: 'entered-grace',
      subjectKey: row.eventId,
      value: row.gracePeriodEndDate ?? '',
      detail,
    });
  if (previous.phase === 'too-early' && phase !== 'too-early')
    changes.push({
      kind: 'opened',
      subjectKey: row.eventId,
      value: row.instructability?.opensAt ?? '',
      detail,
    });
  return changes;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function recordChanges(
  db: Database,
  changes: readonly ObservedChange[],
  now: Date,
): Promise<number> {
  let recorded = 0;
  for (const part of chunks(changes)) {
    const inserted = await db
      .insert(upstreamChange)
      .values(part.map((change) => ({ ...change, observedAt: now })))
      .onConflictDoNothing()
      .returning({ id: upstreamChange.id });
    recorded += inserted.length;
  }
  return recorded;
}

/** Replaces the watched renewals with this poll's rows and records what changed. */
export async function recordPolledRenewals(
  db: Database,
  rows: readonly RenewalRow[],
  today: string,
  polledAt: Date,
): Promise<{ watched: number; changes: number }> {
  const previous = new Map<string, Previous>(
    (
      await db
        .select({
          eventId: renewalWatch.eventId,
          phase: renewalWatch.phase,
          processingStatus: renewalWatch.processingStatus,
        })
        .from(renewalWatch)
    ).map((row) => [row.eventId, row]),
  );
  const changes: ObservedChange[] = [];
  const values = rows.map((row) => {
    const phase = renewalPhase(row, today);
    changes.push(...changesBetween(previous.get(row.eventId), row, phase));
    return {
      eventId: row.eventId,
      patentId: row.patentId,
      row: row as unknown as Record<string, unknown>,
      processingStatus: row.processingStatus,
      phase,
      polledAt,
    };
  });
  for (const part of chunks(values)) {
    await db
      .insert(renewalWatch)
      .values(part)
      .onConflictDoUpdate({
        target: renewalWatch.eventId,
        set: fromExcluded(renewalWatch, ['patentId', 'row', 'processingStatus', 'phase', 'polledAt']),
      });
  }
  // Renewals that left the windows (decided long ago, or lapsed past the look-back) are dropped.
  await db.delete(renewalWatch).where(lt(renewalWatch.polledAt, polledAt));
  return { watched: values.length, changes: await recordChanges(db, changes, polledAt) };
}

export async function readWatchedRows(db: Database): Promise<{ rows: RenewalRow[]; polledAt: Date | null }> {
  const stored = await db
    .select({ row: renewalWatch.row, polledAt: renewalWatch.polledAt })
    .from(renewalWatch);
  const polledAt = stored.reduce<Date | null>(
    (latest, row) => (!latest || row.polledAt > latest ? row.polledAt : latest),
    null,
  );
  return { rows: stored.map((row) => row.row as unknown as RenewalRow), polledAt };
}

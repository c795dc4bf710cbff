import 'server-only';
import { and, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { renewalWatch, upstreamChange } from '../../db/schema';
import { fromExcluded } from '../../db/upsert';
import { badgeKind } from '../../renewals/instructability';
import type { RenewalRow } from '../../renewals/rows';
import { DEFAULT_CONNECTION } from '../connection/default-connection';

/**
 * What the poll keeps of each renewal in Today's windows, and what it saw change since the last
 * poll (processing statuses of instructed renewals, renewals entering grace or opening
 * for instruction). The first poll only records; changes need something to compare with.
 *
 * Each watched renewal is one client's (spec: Authentication 1): the poll reads every client with
 * its own key, and what it keeps says whose it is. `renewal_watch` has no column for it yet, so the
 * stored row carries `connection` beside the renewal's fields (rows stored before there were
 * several clients are the default client's).
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

/** The client a stored watch row belongs to, in SQL. */
const watchConnection = sql<string>`coalesce(${renewalWatch.row}->>'connection', ${DEFAULT_CONNECTION})`;

function watchedOf(connections: readonly string[]): SQL {
  return sql`${watchConnection} in (${sql.join(
    connections.map((connection) => sql`${connection}`),
    sql`, `,
  )})`;
}

/** Records what a poll of one client saw change (each change is that client's). */
export async function recordChanges(
  db: Database,
  changes: readonly ObservedChange[],
  now: Date,
  connection: string,
): Promise<number> {
  let recorded = 0;
  for (const part of chunks(changes)) {
    const inserted = await db
      .insert(upstreamChange)
      .values(part.map((change) => ({ ...change, connection, observedAt: now })))
      .onConflictDoNothing()
      .returning({ id: upstreamChange.id });
    recorded += inserted.length;
  }
  return recorded;
}

/** Replaces one client's watched renewals with this poll's rows and records what changed. */
export async function recordPolledRenewals(
  db: Database,
  rows: readonly RenewalRow[],
  today: string,
  polledAt: Date,
  connection: string,
  /** When the copy read each row (../sync/copy.ts, copyReadTimes): what a digest says as its age. */
  readAt: ReadonlyMap<string, Date> = new Map(),
): Promise<{ watched: number; changes: number }> {
  const mine = watchedOf([connection]);
  const previous = new Map<string, Previous>(
    (
      await db
        .select({
          eventId: renewalWatch.eventId,
          phase: renewalWatch.phase,
          processingStatus: renewalWatch.processingStatus,
        })
        .from(renewalWatch)
        .where(mine)
    ).map((row) => [row.eventId, row]),
  );
  const changes: ObservedChange[] = [];
  const values = rows.map((row) => {
    const phase = renewalPhase(row, today);
    changes.push(...changesBetween(previous.get(row.eventId), row, phase));
    return {
      eventId: row.eventId,
      patentId: row.patentId,
      row: {
        ...(row as unknown as Record<string, unknown>),
        connection,
        readAt: readAt.get(row.eventId)?.toISOString() ?? null,
      },
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
  // Renewals of this client that left the windows (decided long ago, or lapsed past the
  // look-back) are dropped; other clients' rows are theirs to keep.
  await db.delete(renewalWatch).where(and(mine, lt(renewalWatch.polledAt, polledAt)));
  return { watched: values.length, changes: await recordChanges(db, changes, polledAt, connection) };
}

export interface WatchedRows {
  rows: RenewalRow[];
  /** The client of each watched renewal, by event id. */
  clientOf: ReadonlyMap<string, string>;
  polledAt: Date | null;
  /**
   * When the copy had read each watched renewal, by event id, as the poll found it: the age of
   * what a message lists (a row recorded without it: the poll's time).
   */
  readAt: ReadonlyMap<string, Date>;
}

/** The watched renewals of the given clients (a user's, or every active client for the worker). */
export async function readWatchedRows(db: Database, connections: readonly string[]): Promise<WatchedRows> {
  if (connections.length === 0) return { rows: [], clientOf: new Map(), polledAt: null, readAt: new Map() };
  const stored = await db
    .select({ row: renewalWatch.row, polledAt: renewalWatch.polledAt, connection: watchConnection })
    .from(renewalWatch)
    .where(watchedOf(connections));
  const polledAt = stored.reduce<Date | null>(
    (latest, row) => (!latest || row.polledAt > latest ? row.polledAt : latest),
    null,
  );
  const clientOf = new Map<string, string>();
  const readAt = new Map<string, Date>();
  const rows = stored.map((stored) => {
    const { connection: _client, readAt: read, ...row } = stored.row;
    const renewal = row as unknown as RenewalRow;
    clientOf.set(renewal.eventId, stored.connection);
    readAt.set(renewal.eventId, typeof read === 'string' ? new Date(read) : stored.polledAt);
    return renewal;
  });
  return { rows, clientOf, polledAt, readAt };
}

/** When the poll last recorded a client's watched renewals (null: never). */
export async function lastPollOf(db: Database, connection: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${renewalWatch.polledAt})` })
    .from(renewalWatch)
    .where(watchedOf([connection]));
  return row?.at ? new Date(row.at) : null;
}

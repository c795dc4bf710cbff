import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { syncEvent, syncWindow } from '../../db/schema';
import { isRenewalEvent, type RenewalRow, toRenewalRow } from '../../renewals/rows';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { openSnapshotIndex } from '../portfolio/snapshot';
import type { SnapshotIndex } from '../portfolio/snapshot-index';

/**
 * Whole months of the copy as month-view rows, kept parsed per process while the copy of the month
 * and the portfolio snapshot stay the same. Today reads some fifteen months of renewals (about
 * 30,000 at 29,000 patents): reading and parsing them on every view took seconds, while the copy
 * changes only when the sync or a write reads a month again. A month's version
 * (`sync_window.version`, bumped by every walk and every patent read whole) is checked on every use
 * in one small query, so a change made by another instance is seen at once. Each client's months
 * are its own (the copy is per client connection, spec: Authentication 1): kept under the client
 * and the month, joined to that client's snapshot.
 */
interface Held {
  version: string;
  index: SnapshotIndex | null;
  rows: RenewalRow[];
  /** Renewals whose patent the snapshot does not know (their rows show no office). */
  unknown: number;
}

/** Months kept parsed: Today's window and a few month views, about 3,000 rows each at most. */
const MAX_MONTHS = 48;
const globalForRows = globalThis as typeof globalThis & { __copyMonthRows?: Map<string, Held> };

function held(): Map<string, Held> {
  globalForRows.__copyMonthRows ??= new Map();
  return globalForRows.__copyMonthRows;
}

const keyOf = (connection: string, month: string) => `${connection}:${month}`;

export interface MonthRows {
  rows: RenewalRow[];
  unknownPatents: number;
}

/** A client's months' rows, and whether any was read anew (its copy changed since the last use). */
export async function copyMonthRows(
  months: readonly string[],
  connection: string = DEFAULT_CONNECTION,
): Promise<{ byMonth: Map<string, MonthRows>; changed: boolean }> {
  const db = await getDb();
  const [versions, index] = await Promise.all([
    db
      .select({ month: syncWindow.month, version: sql<string>`${syncWindow.version}::text` })
      .from(syncWindow)
      .where(and(eq(syncWindow.connection, connection), inArray(syncWindow.month, [...months]))),
    openSnapshotIndex(connection),
  ]);
  const cache = held();
  const result = new Map<string, MonthRows>();
  const stale: string[] = [];
  for (const month of months) {
    const version = versions.find((row) => row.month === month)?.version ?? 'empty';
    const kept = cache.get(keyOf(connection, month));
    if (kept && kept.version === version && kept.index === index) {
      // Most recently used last (a Map keeps insertion order), for the bound below.
      cache.delete(keyOf(connection, month));
      cache.set(keyOf(connection, month), kept);
      result.set(month, { rows: kept.rows, unknownPatents: kept.unknown });
    } else stale.push(month);
  }
  if (stale.length > 0) {
    const rows = await db
      .select({ month: syncEvent.month, body: syncEvent.body })
      .from(syncEvent)
      .where(and(eq(syncEvent.connection, connection), inArray(syncEvent.month, stale)))
      .orderBy(asc(syncEvent.month), asc(syncEvent.position), asc(syncEvent.eventId));
    const byMonth = new Map<string, RenewalRow[]>(stale.map((month) => [month, []]));
    const unknown = new Map<string, number>();
    for (const row of rows) {
      const event = JSON.parse(row.body) as PatentEvent;
      if (!isRenewalEvent(event)) continue;
      const patent = index?.patents.get(event.patent.id);
      if (!patent) unknown.set(row.month, (unknown.get(row.month) ?? 0) + 1);
      byMonth.get(row.month)?.push(toRenewalRow(event, patent));
    }
    for (const month of stale) {
      const version = versions.find((row) => row.month === month)?.version ?? 'empty';
      const entry: Held = {
        version,
        index,
        rows: byMonth.get(month) ?? [],
        unknown: unknown.get(month) ?? 0,
      };
      cache.set(keyOf(connection, month), entry);
      result.set(month, { rows: entry.rows, unknownPatents: entry.unknown });
    }
    while (cache.size > MAX_MONTHS) cache.delete(cache.keys().next().value as string);
  }
  return { byMonth: result, changed: stale.length > 0 };
}

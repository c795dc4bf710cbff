import 'server-only';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { forecastEvent, forecastRun } from '../../db/schema';
import { fromExcluded } from '../../db/upsert';
import type { ForecastEvent } from '../../forecast/data';
import type { DueWindow } from '../../forecast/window';
import { DEFAULT_CONNECTION } from '../connection/default-connection';

/**
 * The forecast's rows in `forecast_event`. A refresh replaces everything due from its
 * window's start in one transaction, so a page reads either the old forecast or the new one, never
 * half of each; rows due before the window (months now past) are kept as the last forecast made
 * for them, which is what a budget compares against once the month is over.
 */

/** Rows per INSERT: 15 columns each stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;

export type ForecastEventRow = typeof forecastEvent.$inferInsert;

/** Replaces one client's rows due from `windowFrom` (the other clients' rows are theirs). */
export async function replaceForecastRows(
  db: Database,
  connection: string,
  windowFrom: string,
  rows: readonly ForecastEventRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(forecastEvent)
      .where(and(eq(forecastEvent.connection, connection), gte(forecastEvent.dueDate, windowFrom)));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx
        .insert(forecastEvent)
        .values(rows.slice(start, start + INSERT_CHUNK))
        // An event kept from an earlier window (its due date was before this one) is updated in place.
        .onConflictDoUpdate({
          target: forecastEvent.eventId,
          set: fromExcluded(forecastEvent, [
            'patentId',
            'dueDate',
            'month',
            'annuityYear',
            'office',
            'owner',
            'family',
            'caseReference',
            'currency',
            'total',
            'components',
            'appliedDecision',
            'isFxRateFrozen',
            'feesStatus',
          ]),
        });
    }
  });
}

/** One client's stored renewals due in a window, in due-date order. */
export async function readForecastRows(
  db: Database,
  dueWindow: DueWindow,
  connection: string,
): Promise<ForecastEvent[]> {
  const rows = await db
    .select()
    .from(forecastEvent)
    .where(
      and(
        eq(forecastEvent.connection, connection),
        gte(forecastEvent.dueDate, dueWindow.from),
        lte(forecastEvent.dueDate, dueWindow.to),
      ),
    )
    .orderBy(asc(forecastEvent.dueDate), asc(forecastEvent.eventId));
  return rows.map((row) => ({
    ...row,
    // jsonb is parsed on read (docs/architecture.md); anything that is not a list of components is dropped.
    components: Array.isArray(row.components)
      ? row.components.filter(
          (component) => typeof component?.type === 'string' && typeof component?.amount === 'string',
        )
      : [],
  }));
}

/**
 * Stored renewals per month, for the months a completed refresh read (a month it read and found
 * empty counts 0): the basis of the next refresh's cost (./cost.ts). Months no completed refresh
 * covered are left out.
 */
export async function storedMonthCounts(
  db: Database,
  months: readonly string[],
  connection: string = DEFAULT_CONNECTION,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (months.length === 0) return counts;
  const done = await db
    .select({ from: forecastRun.windowFrom, to: forecastRun.windowTo })
    .from(forecastRun)
    .where(and(eq(forecastRun.connection, connection), eq(forecastRun.status, 'done')))
    .orderBy(desc(forecastRun.startedAt))
    .limit(1);
  const last = done[0];
  if (!last) return counts;
  for (const month of months)
    if (month >= last.from.slice(0, 7) && month <= last.to.slice(0, 7)) counts.set(month, 0);
  if (counts.size === 0) return counts;
  const rows = await db
    .select({ month: forecastEvent.month, count: sql<number>`count(*)::int` })
    .from(forecastEvent)
    .where(and(eq(forecastEvent.connection, connection), inArray(forecastEvent.month, [...counts.keys()])))
    .groupBy(forecastEvent.month);
  for (const row of rows) if (counts.has(row.month)) counts.set(row.month, Number(row.count));
  return counts;
}

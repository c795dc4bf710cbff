import 'server-only';
import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { forecastEvent } from '../../db/schema';
import type { ForecastEvent } from '../../forecast/data';
import type { DueWindow } from '../../forecast/window';

/**
 * The forecast's rows in `forecast_event` (issue 19). A refresh replaces everything due from its
 * window's start in one transaction, so a page reads either the old forecast or the new one, never
 * half of each; rows due before the window (months now past) are kept as the last forecast made
 * for them, which is what a budget compares against once the month is over.
 */

/** Rows per INSERT: 15 columns each stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1_000;

export type ForecastEventRow = typeof forecastEvent.$inferInsert;

export async function replaceForecastRows(
  db: Database,
  windowFrom: string,
  rows: readonly ForecastEventRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(forecastEvent).where(gte(forecastEvent.dueDate, windowFrom));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx
        .insert(forecastEvent)
        .values(rows.slice(start, start + INSERT_CHUNK))
        // An event kept from an earlier window (its due date was before this one) is updated in place.
        .onConflictDoUpdate({
          target: forecastEvent.eventId,
          set: {
            patentId: sql`excluded.patent_id`,
            dueDate: sql`excluded.due_date`,
            month: sql`excluded.month`,
            annuityYear: sql`excluded.annuity_year`,
            office: sql`excluded.office`,
            owner: sql`excluded.owner`,
            family: sql`excluded.family`,
            caseReference: sql`excluded.case_reference`,
            currency: sql`excluded.currency`,
            total: sql`excluded.total`,
            components: sql`excluded.components`,
            appliedDecision: sql`excluded.applied_decision`,
            isFxRateFrozen: sql`excluded.is_fx_rate_frozen`,
            feesStatus: sql`excluded.fees_status`,
          },
        });
    }
  });
}

/** The stored renewals due in a window, in due-date order. */
export async function readForecastRows(db: Database, window: DueWindow): Promise<ForecastEvent[]> {
  const rows = await db
    .select()
    .from(forecastEvent)
    .where(and(gte(forecastEvent.dueDate, window.from), lte(forecastEvent.dueDate, window.to)))
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

/** Stored renewals per period-list window: the basis of the next refresh's cost. */
export async function storedCounts(db: Database, windows: readonly DueWindow[]): Promise<number[]> {
  return Promise.all(
    windows.map(async (window) => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(forecastEvent)
        .where(and(gte(forecastEvent.dueDate, window.from), lte(forecastEvent.dueDate, window.to)));
      return Number(row?.count ?? 0);
    }),
  );
}

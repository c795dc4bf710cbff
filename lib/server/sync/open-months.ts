import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { portfolioPatent, syncEvent, syncWindow } from '../../db/schema';
import { addMonths } from '../../format/dates';
import { currentGeneration } from '../portfolio/snapshot';

/**
 * What the copy says about months the calendar alone does not make due (lib/sync/plan.ts):
 * - moving: months holding an event that can still change. An event is settled once decided
 *   (`appliedDecision`) and its processing status is FULFILLED or UNPROCESSABLE (spec: Event
 *   processing status; both terminal). An undecided event is open, or blocked behind an earlier
 *   undecided one that may be decided any day (spec: Instruction rules, EARLIER_EVENT_PENDING; a
 *   LAPSED one stays open for SKIP_THIS_TIME or DROP), unless its `opensAt` is still ahead of the
 *   service's day: then it cannot change before that day. A status we do not know is moving
 *   (spec: Versioning 3, enums are open).
 * - opened: months whose copy still says TOO_EARLY for a renewal whose `opensAt` the service's day
 *   has reached (spec: Instruction rules, opensAt): the service opened it at its midnight.
 * Read from `sync_event` (bodies are the service's JSON), per connection. The answer of a month
 * changes only when its rows do (`sync_window.version`) or the day does, so each process keeps it
 * per month and reads again only the months written since: the copy of a large portfolio is not
 * parsed again every minute.
 */
interface MonthState {
  version: number;
  today: string;
  moving: boolean;
  opened: boolean;
}

/** Per database (a test or a bench may open several in one process), by connection and month. */
const knownByDb = new WeakMap<Database, Map<string, MonthState>>();
const MONTHS_PER_QUERY = 50;

export async function copiedOpenMonths(
  db: Database,
  connection: string,
  today: string,
): Promise<{ moving: string[]; opened: string[] }> {
  const known = knownByDb.get(db) ?? new Map<string, MonthState>();
  knownByDb.set(db, known);
  const windows = await db
    .select({ month: syncWindow.month, version: syncWindow.version })
    .from(syncWindow)
    .where(eq(syncWindow.connection, connection));
  // Past the service's month + 2 nothing has opened yet (opensAt is the first day of the month
  // two months before the due month, spec: Instruction rules): nothing there is open or instructed.
  const lastOpenable = addMonths(today.slice(0, 7), 2);
  const relevant = windows.filter((row) => row.month <= lastOpenable);
  const stale = relevant.filter((row) => {
    const state = known.get(`${connection} ${row.month}`);
    return !state || state.version !== row.version || state.today !== today;
  });
  for (let start = 0; start < stale.length; start += MONTHS_PER_QUERY) {
    const chunk = stale.slice(start, start + MONTHS_PER_QUERY);
    const counted = await countMonths(
      db,
      connection,
      chunk.map((row) => row.month),
      today,
    );
    for (const row of chunk) {
      const found = counted.get(row.month);
      known.set(`${connection} ${row.month}`, {
        version: row.version,
        today,
        moving: (found?.moving ?? 0) > 0,
        opened: (found?.opened ?? 0) > 0,
      });
    }
  }
  const states = relevant.map((row) => ({
    month: row.month,
    state: known.get(`${connection} ${row.month}`),
  }));
  return {
    moving: states.filter(({ state }) => state?.moving).map(({ month }) => month),
    opened: states.filter(({ state }) => state?.opened).map(({ month }) => month),
  };
}

async function countMonths(
  db: Database,
  connection: string,
  months: string[],
  today: string,
): Promise<Map<string, { moving: number; opened: number }>> {
  const parsed = db
    .select({ month: syncEvent.month, body: sql`${syncEvent.body}::jsonb`.as('b') })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, connection), inArray(syncEvent.month, months)))
    .as('parsed');
  const undecided = sql`${parsed.body}->>'appliedDecision' is null`;
  const opensAt = sql`${parsed.body}->'instructability'->>'opensAt'`;
  const settled = sql`(not ${undecided} and ${parsed.body}->>'processingStatus' in ('FULFILLED', 'UNPROCESSABLE'))`;
  const waiting = sql`(${undecided} and ${opensAt} is not null and ${opensAt} > ${today})`;
  const rows = await db
    .select({
      month: parsed.month,
      moving: sql<number>`count(*) filter (where not ${settled} and not ${waiting})::int`,
      opened: sql<number>`count(*) filter (where ${undecided} and ${parsed.body}->'instructability'->>'blockedReason' = 'TOO_EARLY' and ${opensAt} <= ${today})::int`,
    })
    .from(parsed)
    .groupBy(parsed.month);
  return new Map(rows.map((row) => [row.month, { moving: Number(row.moving), opened: Number(row.opened) }]));
}

/**
 * The earliest day a renewal of the portfolio can fall due: no renewal falls due before its patent
 * was filed, so the earliest of the patents' dates (priority, application, national phase entry,
 * renewals managed from; spec: Patent) bounds the history, and the copy's own earliest due date
 * if earlier. The period list answers any window (spec: Endpoint 9) but says nothing of where the
 * history begins, and reading every patent's events (Endpoint 3) would cost a call per patent.
 * Kept per snapshot generation: the portfolio's dates change only with a new snapshot.
 */
const earliestByDb = new WeakMap<Database, Map<string, { generation: number | null; date: string | null }>>();
const CALENDAR_DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

export async function earliestDueBound(db: Database, connection: string): Promise<string | null> {
  const generation = await currentGeneration(connection);
  const earliestOf =
    earliestByDb.get(db) ?? new Map<string, { generation: number | null; date: string | null }>();
  earliestByDb.set(db, earliestOf);
  let fromPortfolio = earliestOf.get(connection);
  if (!fromPortfolio || fromPortfolio.generation !== generation) {
    let date: string | null = null;
    if (generation !== null) {
      const field = (name: string) =>
        sql<
          string | null
        >`min(case when ${portfolioPatent.data}->>${name} ~ ${CALENDAR_DATE} then ${portfolioPatent.data}->>${name} end)`;
      const [row] = await db
        .select({
          priority: field('priorityDate'),
          application: field('applicationDate'),
          entry: field('nationalPhaseEntryDate'),
          managed: field('renewalsManagedFrom'),
        })
        .from(portfolioPatent)
        .where(eq(portfolioPatent.generation, generation));
      date = earliest(row ? [row.priority, row.application, row.entry, row.managed] : []);
    }
    fromPortfolio = { generation, date };
    earliestOf.set(connection, fromPortfolio);
  }
  const [copied] = await db
    .select({ due: sql<string | null>`min(${syncEvent.dueDate})` })
    .from(syncEvent)
    .where(eq(syncEvent.connection, connection));
  return earliest([fromPortfolio.date, copied?.due ?? null]);
}

function earliest(dates: (string | null)[]): string | null {
  const known = dates.filter((date): date is string => typeof date === 'string' && date.length >= 7);
  // Calendar dates sort as strings (spec: Conventions, YYYY-MM-DD).
  return known.sort()[0] ?? null;
}

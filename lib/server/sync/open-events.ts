import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type PatentEvent, tolerant } from '../../annuity/schemas';
import { getDb } from '../../db';
import { syncEvent, syncPatentEvents, syncWindow } from '../../db/schema';
import { compareIso } from '../../format/dates';
import { isRenewalEvent } from '../../renewals/rows';

/**
 * Every renewal of the synced copy the service leaves open now, whatever its due date: no decision
 * applied and `instructability.isAllowed` (spec: Patent event, instructability; Instruction rules).
 * A LAPSED renewal is one of them for as long as nobody decides it: the service offers it
 * SKIP_THIS_TIME and DROP (never PROCEED), and until then every later renewal of its patent is
 * refused with EARLIER_EVENT_PENDING (spec: Instruction rules). Such a renewal may be due years ago,
 * far outside any due-date window a page reads, so this read is not bounded by due date: it reads
 * whatever months the copy holds (the sync decides which months that is, ./run.ts).
 *
 * Bodies are the service's JSON as the copy stored it, read with the tolerant schema
 * (lib/annuity/schemas.ts): an unknown field or enum value is kept, never a failure. A month's open
 * renewals are kept per process while the month's version (`sync_window.version`, bumped by every
 * write to its rows) stays the same, so a view re-reads only the months that changed. Rows of a
 * month no walk has read (a patent read whole, ./copy.ts storePatentEvents) have no version: they
 * are read again when the client's patent reads (`sync_patent_events`) or walked months change.
 */
export interface OpenEvent {
  connection: string;
  event: PatentEvent;
}

interface HeldMonth {
  version: string;
  events: PatentEvent[];
}

/** Months kept: every month of every client the copy holds is a few dozen bytes when nothing is open. */
const MAX_HELD = 5000;
const globalForOpen = globalThis as typeof globalThis & { __copyOpenEvents?: Map<string, HeldMonth> };

function held(): Map<string, HeldMonth> {
  globalForOpen.__copyOpenEvents ??= new Map();
  return globalForOpen.__copyOpenEvents;
}

/**
 * A stored body when it is a renewal the service leaves open now, else null. JSON.parse first and
 * a cheap look at the two fields, so the schema reads only the few open ones of a month.
 */
function openRenewal(body: string): PatentEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return null;
  }
  const candidate = raw as { appliedDecision?: unknown; instructability?: { isAllowed?: unknown } | null };
  if (candidate?.appliedDecision != null || candidate?.instructability?.isAllowed !== true) return null;
  const parsed = tolerant.patentEvent.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  return isRenewalEvent(event) && isOpenNow(event) ? event : null;
}

/** spec: Instruction rules: an instruction is accepted only while none is applied and it is allowed. */
function isOpenNow(event: PatentEvent): boolean {
  return event.appliedDecision === null && event.instructability?.isAllowed === true;
}

/**
 * The open renewals of the given clients' copies (each client's own rows, spec: Authentication 1),
 * ordered by due date. `connections` is required: there is no default client to fall back on.
 */
export async function readOpenEvents(connections: readonly string[]): Promise<OpenEvent[]> {
  if (connections.length === 0) return [];
  const db = await getDb();
  const [versions, patentReads] = await Promise.all([
    db
      .select({
        connection: syncWindow.connection,
        month: syncWindow.month,
        version: sql<string>`${syncWindow.version}::text`,
      })
      .from(syncWindow)
      .where(inArray(syncWindow.connection, [...connections])),
    // Every write of rows outside a walk is a patent read whole, recorded here in the same
    // transaction (./copy.ts storePatentEvents): a small table, read through its key.
    db
      .select({
        connection: syncPatentEvents.connection,
        reads: sql<number>`count(*)::int`,
        last: sql<string>`max(${syncPatentEvents.readAt})::text`,
      })
      .from(syncPatentEvents)
      .where(inArray(syncPatentEvents.connection, [...connections]))
      .groupBy(syncPatentEvents.connection),
  ]);
  const cache = held();
  const open: OpenEvent[] = [];
  const stale = new Map<string, { month: string; version: string }[]>();
  for (const { connection, month, version } of versions) {
    const kept = cache.get(`${connection}:${month}`);
    if (kept && kept.version === version) {
      for (const event of kept.events) open.push({ connection, event });
      continue;
    }
    const list = stale.get(connection) ?? [];
    list.push({ month, version });
    stale.set(connection, list);
  }
  for (const [connection, months] of stale) {
    const byMonth = new Map<string, PatentEvent[]>(months.map(({ month }) => [month, []]));
    const rows = await db
      .select({ month: syncEvent.month, body: syncEvent.body })
      .from(syncEvent)
      .where(
        and(
          eq(syncEvent.connection, connection),
          inArray(
            syncEvent.month,
            months.map(({ month }) => month),
          ),
        ),
      );
    for (const row of rows) {
      const event = openRenewal(row.body);
      if (event) byMonth.get(row.month)?.push(event);
    }
    for (const { month, version } of months) {
      const events = byMonth.get(month) ?? [];
      cache.set(`${connection}:${month}`, { version, events });
      for (const event of events) open.push({ connection, event });
    }
  }
  while (cache.size > MAX_HELD) cache.delete(cache.keys().next().value as string);
  for (const connection of connections) {
    const reads = patentReads.find((row) => row.connection === connection);
    const walked = versions.filter((row) => row.connection === connection).length;
    const events = await unwalkedOpen(connection, `${reads?.reads ?? 0} ${reads?.last ?? ''} ${walked}`);
    for (const event of events) open.push({ connection, event });
  }
  return open.sort(
    (a, b) => compareIso(a.event.dueDate, b.event.dueDate) || compareIso(a.event.id, b.event.id),
  );
}

/**
 * The open renewals of a client's rows in months no walk has read: written only by a patent read
 * whole, so read again only when the client's patent reads or its walked months changed (`key`);
 * the query itself looks at every row of the client, which a view must not pay each time.
 */
async function unwalkedOpen(connection: string, key: string): Promise<PatentEvent[]> {
  const unwalked = held().get(`${connection}:unwalked`);
  if (unwalked && unwalked.version === key) return unwalked.events;
  const db = await getDb();
  const rows = await db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(
      and(
        eq(syncEvent.connection, connection),
        sql`not exists (select 1 from ${syncWindow} where ${syncWindow.connection} = ${syncEvent.connection} and ${syncWindow.month} = ${syncEvent.month})`,
      ),
    );
  const events = rows.flatMap((row) => openRenewal(row.body) ?? []);
  held().set(`${connection}:unwalked`, { version: key, events });
  return events;
}

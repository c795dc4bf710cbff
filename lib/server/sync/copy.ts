import 'server-only';
import { and, asc, eq, gte, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';

export type { CopyAge } from '../../sync/age';
export { monthsOfWindow } from '../../sync/age';

import type { AnnuityClient, PeriodQuery, ResponseMeta, UnparsedResult } from '../../annuity/client';
import { AnnuityNetworkError } from '../../annuity/errors';
import type { Page, PatentEvent } from '../../annuity/schemas';
import { type Database, getDb } from '../../db';
import { portfolioPatent, portfolioSnapshot, syncEvent, syncPatentEvents, syncWindow } from '../../db/schema';
import { formatYearMonth, monthBounds, monthOf } from '../../format/dates';
import type { CopyAge } from '../../sync/age';
import { serviceDayStart } from '../../sync/plan';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { readQuota } from '../connection/quota';
import { ReadShareSpentError, recordUserRead, userReadAllowed } from '../connection/read-budget';
import { serviceDate } from '../connection/service-day';
import { upstreamClient } from '../connection/upstream';
import { DomainError } from '../errors/domain-error';
import { readHealth } from './health';
import { copiedOpenMonths } from './open-months';
import { endsWithin, joinMonthWalk } from './walk';

/**
 * The synced copy read the way the service is read: period pages (spec: Endpoint 9) and a patent's
 * events (Endpoint 3), answered from our database. Pages keep their code and their tolerant types
 * and cost no upstream call. The copy answers pages of COPY_PAGE_SIZE whatever size is asked (the
 * effective size is in `pagination.itemsPerPage`, as the spec's clamp allows a caller to expect).
 *
 * A month the copy has never read is read once and kept (a month view far ahead, a patent's past
 * events); when that read fails, the page gets the service's problem, since the copy has nothing
 * to show for it. A page waits READ_WAIT_MS for the read at most: past that it says the month is
 * still being read and the read goes on into the copy. Months the copy holds are served whatever
 * the service does, with their age.
 */
const COPY_PAGE_SIZE = 5000;
/** A month the copy holds: read whole once, or some of its renewals read (copyAge's `neverRead` is the rest). */
const HELD = sql`(${syncWindow.syncedAt} is not null or ${syncWindow.items} > 0)`;
/** Months a single request may read into the copy. */
const MAX_READ_ONCE_MONTHS = 24;
/** How soon after a failure a request tries the service again for a month the copy lacks. */
const PROBE_AFTER_MS = 10_000;
/**
 * How long a page waits for the read of a month the copy lacks. A service that answers lists a
 * month in pages of 100 (spec: Pagination envelope) well within this: the first full syncs of
 * docs/performance.md took about 26 ms a call, so the busiest month of a 100,000-patent tenant
 * (73 pages) about 2 s. One that accepts connections and never answers fails the read only after
 * every attempt's time-out (20 s each, three attempts: about a minute, ../connection/upstream.ts);
 * waiting less than one attempt's time-out, a page is never held for it. The read goes on in the
 * background, and the views after it read the copy it filled.
 */
const READ_WAIT_MS = 8_000;
let readWaitMs = READ_WAIT_MS;

/** A shorter wait for a test; none given puts READ_WAIT_MS back. */
export function setReadWaitForTests(ms?: number): void {
  readWaitMs = ms ?? READ_WAIT_MS;
}

/**
 * The read of a month the copy lacks did not end within READ_WAIT_MS while the service was last
 * found answering: a first read (a fresh start, a month never shown), a large month, or a service
 * that has just stopped answering. Not a failure: the read goes on, the page says how far it is
 * and looks again by itself (components/shell/problem-panel.tsx), and asking again joins the read
 * (never an empty list that reads as "no renewals").
 */
class MonthStillReadingError extends DomainError<'copy_month_still_reading'> {
  override name = 'MonthStillReadingError';
  constructor(months: readonly string[], read: number) {
    const first = formatYearMonth(months[0] ?? '');
    const last = formatYearMonth(months[months.length - 1] ?? '');
    super({
      status: 503,
      code: 'copy_month_still_reading',
      title: 'Reading these renewals from the service for the first time',
      detail: `The renewals due in ${first === last ? first : `${first} to ${last}`} are being read from the renewal service${months.length > 1 ? `: ${read} of ${months.length} months so far` : ''}. They show here by themselves once read; nothing was changed.`,
    });
  }
}

function copyMeta(operation: string, requestId: string | undefined): ResponseMeta {
  return { operation, status: 200, requestId: requestId ?? null, rateLimit: null };
}

function windowOf(query: PeriodQuery): { from: string; to: string } {
  // spec: Endpoint 9 rule 1, dueMonth wins over dueFrom/dueTo.
  return 'dueMonth' in query ? monthBounds(query.dueMonth) : { from: query.dueFrom, to: query.dueTo };
}

/**
 * Reads, once, the months the copy has never read (a month view far ahead, a date range), at most
 * MAX_READ_ONCE_MONTHS per request and client; each client's months with that client's own key
 * (spec: Authentication 1, a key sees only its client's data). Returns the calls this request made.
 */
export async function ensureMonths(
  months: readonly string[],
  requestId: string,
  connections: readonly string[] = [DEFAULT_CONNECTION],
  /**
   * The page shows the months read so far while the others are still being read (Today): past
   * READ_WAIT_MS it gets `reading` instead of the copy_month_still_reading problem.
   */
  options: { partial?: boolean } = {},
): Promise<{ calls: number; reading: boolean; shareSpent?: true }> {
  const outcomes = await Promise.all(
    connections.map((connection) => ensureMonthsOf(connection, months, requestId, options.partial ?? false)),
  );
  return {
    calls: outcomes.reduce((sum, outcome) => sum + outcome.calls, 0),
    reading: outcomes.some((outcome) => outcome.reading),
    // `partial`: some months were left unread, today's share for reading being spent.
    ...(outcomes.some((outcome) => outcome.shareSpent) ? { shareSpent: true as const } : {}),
  };
}

async function ensureMonthsOf(
  connection: string,
  months: readonly string[],
  requestId: string,
  partial: boolean,
): Promise<{ calls: number; reading: boolean; shareSpent?: true }> {
  const db = await getDb();
  const known = await windowMonthsWhere(db, connection, months, HELD);
  const missing = months.filter((month) => !known.includes(month));
  let calls = 0;
  if (missing.length === 0) {
    calls += await readOpenedMonths(db, connection, months, requestId);
    return { calls, reading: false };
  }
  // Nothing to show for these months, and the service failed moments ago: say so at once rather
  // than wait for a time-out (never an empty list that reads as "no renewals"). After PROBE_AFTER_MS
  // a request tries again, so a service that is back is found without waiting for the sync.
  const health = await readHealth(db, connection);
  if (
    health.failingSince &&
    health.lastFailureAt &&
    Date.now() - health.lastFailureAt.getTime() < PROBE_AFTER_MS
  )
    throw new AnnuityNetworkError('getPatentEventsByPeriod', 'network', 0);
  const client = upstreamClient(requestId, connection);
  // A long date range is read a bounded number of months at a time: the rest are said to be
  // not read yet (CopyAge.neverRead) rather than spending a day's quota on one request.
  const toRead = missing.slice(0, MAX_READ_ONCE_MONTHS);
  // Each month's read draws on the client's one daily share for reading, the sync's too, and
  // never on the reserve kept for sending (../connection/read-budget.ts, spec: Limits 2): every
  // call it makes is recorded, a failed walk's too, and past the share the months left are not
  // read. The first month is asked before the read starts, so the page's wait is the read's.
  let shareSpent = !(await userReadAllowed(connection, 1)).ok;
  // One month after the other, as the page asked them; the months left when the page stops
  // waiting are still read, so nothing this view started is lost.
  const read = (async () => {
    if (shareSpent) return;
    const done = await readMonthsForUser(client, db, connection, toRead, requestId, () => {
      calls += 1;
    });
    shareSpent = !done;
  })();
  const reading = await waitForRead(read, db, connection, months, partial);
  if (!shareSpent) return { calls, reading };
  // The page shows what the copy holds and says why the rest is missing; one that shows its
  // months as a whole answers the notice (never an empty list that reads as "no renewals").
  if (partial) return { calls, reading, shareSpent: true };
  const { asOf } = await copyAge(months, [connection], db);
  throw new ReadShareSpentError(asOf ? new Date(asOf) : null);
}

/**
 * A month the copy holds whose TOO_EARLY renewals the service has opened since it was read (their
 * `opensAt`, the first day of the month two months before the due month, reached at the service's
 * midnight; spec: Instruction rules) is read again before the page shows it: the copy would
 * otherwise offer no decision on renewals the service now takes, until the sync's next turn. The
 * page waits READ_WAIT_MS at most and then shows the copy with its age (the read goes on); the
 * read draws on the client's share for reading like any other (../connection/read-budget.ts).
 * Returns the calls made.
 */
async function readOpenedMonths(
  db: Database,
  connection: string,
  months: readonly string[],
  requestId: string,
): Promise<number> {
  const now = new Date();
  const quota = await readQuota(connection);
  const resetAt = quota?.resetAt ?? null;
  const { opened } = await copiedOpenMonths(db, connection, serviceDate(resetAt, now));
  const candidates = months.filter((month) => opened.includes(month));
  if (candidates.length === 0) return 0;
  // Read before the service's day began: a read since then already holds what opened today.
  const dayStartsAt = serviceDayStart(resetAt, now);
  const stale = await windowMonthsWhere(
    db,
    connection,
    candidates,
    sql`(${syncWindow.syncedAt} is null or ${syncWindow.syncedAt} < ${dayStartsAt})`,
  );
  if (stale.length === 0) return 0;
  // A service found not answering is left to the sync: the page shows the copy at once.
  if ((await readHealth(db, connection)).failingSince) return 0;
  if (!(await userReadAllowed(connection, stale.length)).ok) return 0;
  let calls = 0;
  const read = readMonthsForUser(
    upstreamClient(requestId, connection),
    db,
    connection,
    stale,
    requestId,
    () => {
      calls += 1;
    },
  );
  read.catch(() => undefined);
  await endsWithin(read, readWaitMs);
  return calls;
}

/**
 * Months a page asked for, read one after the other, as the page asked them. Each draws on the
 * client's one daily share for reading, the sync's too, and never on the reserve kept for sending
 * (../connection/read-budget.ts, spec: Limits 2): every call is recorded, a failed walk's too; the
 * first month was asked for by the caller, each next one is asked here. False when the share was
 * spent before every month was read.
 */
async function readMonthsForUser(
  client: AnnuityClient,
  db: Database,
  connection: string,
  months: readonly string[],
  requestId: string,
  onCall: () => void,
): Promise<boolean> {
  for (const [at, month] of months.entries()) {
    if (at > 0 && !(await userReadAllowed(connection, 1)).ok) return false;
    let made = 0;
    try {
      await readMonthOnce(client, db, connection, month, requestId, () => {
        made += 1;
        onCall();
      });
    } finally {
      await recordUserRead(connection, made);
    }
  }
  return true;
}

/**
 * The read of a month the copy lacks: one walk per process and client, joined by every view
 * asking meanwhile and by a view asking while the worker walks it (./walk.ts, joinMonthWalk).
 * `onCall` is told of every call a walk of its own makes (a joined walk's are its owner's).
 */
function readMonthOnce(
  client: AnnuityClient,
  db: Database,
  connection: string,
  month: string,
  requestId: string,
  onCall: () => void,
): Promise<unknown> {
  const read = joinMonthWalk(client, db, connection, month, requestId, onCall);
  // A read every view stopped waiting for ends alone: the walk records its failure (health, the
  // month's window), which must not also surface as an unhandled rejection.
  read.catch(() => undefined);
  return read;
}

/**
 * Waits READ_WAIT_MS at most for a read of months the copy lacks. A read that fails within it
 * gives the page the service's problem; one still going is left to finish, and the page is told
 * the service is not answering when it was last found not answering, else that the months are
 * still being read (`partial`: true is returned, the page shows what is read so far).
 */
async function waitForRead(
  read: Promise<void>,
  db: Database,
  connection: string,
  months: readonly string[],
  partial: boolean,
): Promise<boolean> {
  if (await endsWithin(read, readWaitMs)) return false;
  if ((await readHealth(db, connection)).failingSince)
    throw new AnnuityNetworkError('getPatentEventsByPeriod', 'timeout', 0);
  if (partial) return true;
  const held = await windowMonthsWhere(db, connection, months, HELD);
  throw new MonthStillReadingError(months, held.length);
}

/**
 * How old the copy of these months is, over the clients read: the oldest complete read, the
 * months any of them lacks or holds incomplete, and since when any of them has not answered.
 */
export async function copyAge(
  months: readonly string[],
  connections: readonly string[] = [DEFAULT_CONNECTION],
  db?: Database,
  /** The read of the months never read goes on (ensureMonths' `reading`): the age says how far. */
  reading = false,
): Promise<CopyAge> {
  const database = db ?? (await getDb());
  const [rows, healths] = await Promise.all([
    connections.length === 0 || months.length === 0
      ? []
      : database
          .select()
          .from(syncWindow)
          .where(
            and(inArray(syncWindow.connection, [...connections]), inArray(syncWindow.month, [...months])),
          ),
    Promise.all(connections.map((connection) => readHealth(database, connection))),
  ]);
  let asOf: Date | null = null;
  const neverRead = new Set<string>();
  const incomplete = new Set<string>();
  for (const connection of connections) {
    for (const month of months) {
      const row = rows.find((candidate) => candidate.connection === connection && candidate.month === month);
      if (!row || (!row.syncedAt && row.items === 0)) {
        neverRead.add(month);
        continue;
      }
      if (!row.complete) incomplete.add(month);
      const at = row.syncedAt ?? row.attemptedAt;
      if (!asOf || at < asOf) asOf = at;
    }
  }
  const failing = healths
    .flatMap((health) => (health.failingSince ? [health.failingSince] : []))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    asOf: asOf?.toISOString() ?? null,
    incomplete: months.filter((month) => incomplete.has(month) && !neverRead.has(month)),
    neverRead: months.filter((month) => neverRead.has(month)),
    notAnsweringSince: failing?.toISOString() ?? null,
    firstRead:
      reading && neverRead.size > 0 ? { read: months.length - neverRead.size, of: months.length } : null,
  };
}

/** A renewal a page shows, and its client when the page labels it (else the page's one client). */
interface ShownRow {
  eventId: string;
  client?: { id: string };
}

/** The shown renewals of each client, by event id (rows unlabelled are the first client's). */
function idsByClient(rows: readonly ShownRow[], connections: readonly string[]): Map<string, string[]> {
  const byClient = new Map<string, string[]>();
  for (const row of rows) {
    const connection = row.client?.id ?? connections[0] ?? DEFAULT_CONNECTION;
    const ids = byClient.get(connection) ?? [];
    ids.push(row.eventId);
    byClient.set(connection, ids);
  }
  return byClient;
}

/** One client's renewals among these ids: one parameter whatever their number. */
function eventsOf(connection: string, ids: readonly string[]): SQL | undefined {
  return and(
    eq(syncEvent.connection, connection),
    sql`${syncEvent.eventId} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
}

/**
 * The age of what a part of a page shows (a section of Today): "as of" is the oldest read among
 * its own renewals (`sync_event.read_at`), not the oldest month the page reads, a look-back month
 * read long ago beside months read minutes ago. The rest (months never read or incomplete, the
 * service not answering, a first read) is the months' own, from `age`. Without rows, what the
 * part says (that nothing is due) rests on the months: their age stands.
 */
export async function rowsAge(
  age: CopyAge,
  rows: readonly ShownRow[],
  connections: readonly string[],
  db?: Database,
): Promise<CopyAge> {
  if (rows.length === 0) return age;
  const database = db ?? (await getDb());
  const oldest = await Promise.all(
    [...idsByClient(rows, connections)].map(async ([connection, ids]) => {
      const [row] = await database
        .select({ at: sql<Date | string | null>`min(${syncEvent.readAt})` })
        .from(syncEvent)
        .where(eventsOf(connection, ids));
      return row?.at ? new Date(row.at).getTime() : Number.POSITIVE_INFINITY;
    }),
  );
  const at = Math.min(...oldest);
  return Number.isFinite(at) ? { ...age, asOf: new Date(at).toISOString() } : age;
}

/** When the client's copy read each of these renewals, by event id: what a message built from them says as its age. */
export async function copyReadTimes(
  database: Database,
  connection: string,
  eventIds: readonly string[],
): Promise<Map<string, Date>> {
  if (eventIds.length === 0) return new Map();
  const found = await database
    .select({ eventId: syncEvent.eventId, readAt: syncEvent.readAt })
    .from(syncEvent)
    .where(eventsOf(connection, eventIds));
  return new Map(found.map((row) => [row.eventId, row.readAt]));
}

/**
 * Months the client's copy read completely no earlier than `since`: what a reader that would
 * otherwise walk the service (the forecast) may take from the copy instead, at no upstream call.
 */
export async function completeCopyMonths(
  database: Database,
  months: readonly string[],
  since: Date,
  connection: string = DEFAULT_CONNECTION,
): Promise<Set<string>> {
  if (months.length === 0) return new Set();
  return new Set(
    await windowMonthsWhere(
      database,
      connection,
      months,
      eq(syncWindow.complete, true),
      gte(syncWindow.syncedAt, since),
    ),
  );
}

/** Those of `months` whose sync window of the client meets every condition. */
async function windowMonthsWhere(
  database: Database,
  connection: string,
  months: readonly string[],
  ...conditions: SQL[]
): Promise<string[]> {
  const rows = await database
    .select({ month: syncWindow.month })
    .from(syncWindow)
    .where(and(eq(syncWindow.connection, connection), inArray(syncWindow.month, [...months]), ...conditions));
  return rows.map((row) => row.month);
}

/**
 * A month's last walk into the copy: the calls it took (at least one: what reading the month again
 * is judged to cost) and when it completed (null: never).
 */
export async function copiedMonthWalk(
  database: Database,
  month: string,
  connection: string,
): Promise<{ calls: number; syncedAt: Date | null }> {
  const [row] = await database
    .select({ calls: syncWindow.calls, syncedAt: syncWindow.syncedAt })
    .from(syncWindow)
    .where(and(eq(syncWindow.connection, connection), eq(syncWindow.month, month)));
  return { calls: Math.max(1, row?.calls ?? 1), syncedAt: row?.syncedAt ?? null };
}

/** The renewals the copy holds for whole months, as the service listed them (fees included). */
export async function copyEventsOfMonths(
  database: Database,
  months: readonly string[],
  connection: string = DEFAULT_CONNECTION,
): Promise<PatentEvent[]> {
  if (months.length === 0) return [];
  const rows = await database
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, connection), inArray(syncEvent.month, [...months])))
    .orderBy(asc(syncEvent.dueDate), asc(syncEvent.position));
  return rows.map((row) => JSON.parse(row.body) as PatentEvent);
}

/** The age of a document the copy holds (a freeze preview, the frozen months): read at `readAt`. */
export async function documentAge(
  readAt: Date,
  db?: Database,
  connection: string = DEFAULT_CONNECTION,
): Promise<CopyAge> {
  const health = await readHealth(db ?? (await getDb()), connection);
  return {
    asOf: readAt.toISOString(),
    incomplete: [],
    neverRead: [],
    notAnsweringSince: health.failingSince?.toISOString() ?? null,
  };
}

async function patentFilter(database: Database, query: PeriodQuery, connection: string) {
  const offices = query.offices ?? [];
  const owners = query.owners ?? [];
  const family = query.family ?? [];
  if (offices.length === 0 && owners.length === 0 && family.length === 0) return null;
  const current = database
    .select({ generation: portfolioSnapshot.currentGeneration })
    .from(portfolioSnapshot)
    .where(eq(portfolioSnapshot.id, connection));
  const conditions = [eq(portfolioPatent.generation, sql`(${current})`)];
  if (offices.length > 0) conditions.push(inArray(portfolioPatent.office, [...offices]));
  if (owners.length > 0) conditions.push(inArray(portfolioPatent.owner, [...owners]));
  if (family.length > 0) conditions.push(inArray(portfolioPatent.clientFamilyReference, [...family]));
  return inArray(
    syncEvent.patentId,
    database
      .select({ id: portfolioPatent.id })
      .from(portfolioPatent)
      .where(and(...conditions)),
  );
}

/** One page of a client's copy for a period query, as the service's page body (JSON text). */
async function periodPageBody(query: PeriodQuery, connection: string): Promise<string> {
  const database = await getDb();
  const { from, to } = windowOf(query);
  const currentPage = Math.max(1, query.currentPage ?? 1);
  const filter = await patentFilter(database, query, connection);
  const where = and(
    eq(syncEvent.connection, connection),
    gte(syncEvent.dueDate, from),
    lte(syncEvent.dueDate, to),
    ...(filter ? [filter] : []),
  );
  const [rows, [counted]] = await Promise.all([
    database
      .select({ body: syncEvent.body })
      .from(syncEvent)
      .where(where)
      // The service's own order within a month (spec: Endpoint 9 gives none of its own to rely
      // on, so the order it listed is kept), months in turn.
      .orderBy(asc(syncEvent.month), asc(syncEvent.position), asc(syncEvent.eventId))
      .limit(COPY_PAGE_SIZE)
      .offset((currentPage - 1) * COPY_PAGE_SIZE),
    database.select({ total: sql<number>`count(*)::int` }).from(syncEvent).where(where),
  ]);
  const totalItems = counted?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalItems / COPY_PAGE_SIZE));
  const pagination = {
    totalItems,
    currentPage,
    itemsPerPage: COPY_PAGE_SIZE,
    totalPages,
    hasMore: currentPage < totalPages,
  };
  return `{"pagination":${JSON.stringify(pagination)},"data":[${rows.map((row) => row.body).join(',')}]}`;
}

/**
 * What pages read renewals through: the service's period-list methods, answered by the copy.
 * Structurally a part of the service client, so the month view's page walk runs on either.
 */
export interface PeriodReader {
  readPatentEventsByPeriod(
    query: PeriodQuery,
    call?: { requestId?: string },
  ): Promise<UnparsedResult<Page<PatentEvent>>>;
  getPatentEventsByPeriod(
    query: PeriodQuery,
    call?: { requestId?: string },
  ): Promise<{ data: Page<PatentEvent>; meta: ResponseMeta }>;
}

/** One client's copy: what the service answers that client's key (spec: Authentication 1). */
export function copyReader(connection: string): PeriodReader {
  return {
    async readPatentEventsByPeriod(query, call) {
      const body = await periodPageBody(query, connection);
      return {
        body,
        meta: copyMeta('getPatentEventsByPeriod', call?.requestId),
        parse: () => JSON.parse(body) as Page<PatentEvent>,
      };
    },
    async getPatentEventsByPeriod(query, call) {
      const body = await periodPageBody(query, connection);
      return {
        data: JSON.parse(body) as Page<PatentEvent>,
        meta: copyMeta('getPatentEventsByPeriod', call?.requestId),
      };
    },
  };
}

/** Every event of a patent the copy holds, in due-date order, and the oldest read among them. */
export async function copyPatentEvents(
  patentId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<{ events: PatentEvent[]; asOf: string | null }> {
  const database = await getDb();
  const rows = await database
    .select({ body: syncEvent.body, readAt: syncEvent.readAt })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, connection), eq(syncEvent.patentId, patentId)))
    .orderBy(asc(syncEvent.dueDate), asc(syncEvent.eventId));
  const oldest = rows.reduce<Date | null>((min, row) => (!min || row.readAt < min ? row.readAt : min), null);
  return {
    events: rows.map((row) => JSON.parse(row.body) as PatentEvent),
    asOf: oldest?.toISOString() ?? null,
  };
}

/** When the patent's whole event list (past events too) was last read into the copy; null: never. */
async function patentEventsReadAt(patentId: string, connection: string): Promise<Date | null> {
  const database = await getDb();
  const [row] = await database
    .select({ readAt: syncPatentEvents.readAt })
    .from(syncPatentEvents)
    .where(and(eq(syncPatentEvents.connection, connection), eq(syncPatentEvents.patentId, patentId)));
  return row?.readAt ?? null;
}

/** A patent's event list is one answer, no pages (spec: Endpoint 3). */
const PATENT_EVENTS_CALLS = 1;

/**
 * A patent's whole event list, past events too (spec: Endpoint 3), read once into the copy when
 * the copy never held it, the service answers and the client's daily share for reading has room
 * for the call (../connection/read-budget.ts, spec: Limits 2); later views read the copy, which
 * the sync keeps current for the months it walks. Returns false when the share had no room: the
 * page shows the renewals the copy holds, and may say why its past events are missing.
 */
export async function ensurePatentEvents(
  patentId: string,
  requestId: string,
  connection: string = DEFAULT_CONNECTION,
): Promise<boolean> {
  if (await patentEventsReadAt(patentId, connection)) return true;
  const database = await getDb();
  if ((await readHealth(database, connection)).failingSince) return true;
  if (!(await userReadAllowed(connection, PATENT_EVENTS_CALLS)).ok) return false;
  let data: PatentEvent[];
  try {
    ({ data } = await upstreamClient(requestId, connection).getPatentEvents(patentId, { requestId }));
  } finally {
    // Counted whatever the answer: the service counted the call (spec: Limits 2).
    await recordUserRead(connection, PATENT_EVENTS_CALLS);
  }
  await storePatentEvents(database, patentId, data, { connection });
  return true;
}

/** The re-read's body replaces the stored one: it has fees, or the stored one had none either. */
const FRESH_BODY = sql`(excluded.body like '%"fees":%' or ${syncEvent.body} not like '%"fees":%')`;

export async function storePatentEvents(
  database: Database,
  patentId: string,
  events: readonly PatentEvent[],
  /** The list is the patent's whole list: renewals the copy holds that it lacks are gone (a DROP). */
  options: { replaceFuture?: boolean; connection?: string } = {},
): Promise<void> {
  // The client whose key read the list: its rows are the only ones replaced.
  const connection = options.connection ?? DEFAULT_CONNECTION;
  const readAt = new Date();
  const renewals = events.filter((event) => event.eventType === 'RENEWAL');
  await database.transaction(async (tx) => {
    const touched = new Set(renewals.map((event) => monthOf(event.dueDate)));
    if (options.replaceFuture) {
      const kept = renewals.map((event) => event.id);
      const gone = await tx
        .delete(syncEvent)
        .where(
          and(
            eq(syncEvent.connection, connection),
            eq(syncEvent.patentId, patentId),
            kept.length > 0 ? notInArray(syncEvent.eventId, kept) : undefined,
          ),
        )
        .returning({ month: syncEvent.month });
      for (const row of gone) touched.add(row.month);
    }
    if (renewals.length > 0)
      await tx
        .insert(syncEvent)
        .values(
          renewals.map((event) => ({
            connection,
            eventId: event.id,
            patentId: event.patent.id,
            dueDate: event.dueDate,
            month: monthOf(event.dueDate),
            position: 0,
            body: JSON.stringify(event),
            walk: `patent:${patentId}`,
            readAt,
          })),
        )
        .onConflictDoUpdate({
          target: [syncEvent.connection, syncEvent.eventId],
          // The event list of a patent carries fees only where the service sends them (spec:
          // Patent event, `fees` on the per-patent endpoints: "not shown"): a body without fees
          // keeps the body a period walk stored with its fees, and with it the time that walk
          // read it. What was not read again must not look fresh (the pages' "as of").
          set: {
            body: sql`case when ${FRESH_BODY} then excluded.body else ${syncEvent.body} end`,
            dueDate: sql`excluded.due_date`,
            month: sql`excluded.month`,
            readAt: sql`case when ${FRESH_BODY} then excluded.read_at else ${syncEvent.readAt} end`,
          },
        });
    // Processes holding these months parsed read them again (./month-rows.ts).
    if (touched.size > 0)
      await tx
        .update(syncWindow)
        .set({ version: sql`${syncWindow.version} + 1` })
        .where(and(eq(syncWindow.connection, connection), inArray(syncWindow.month, [...touched])));
    await tx
      .insert(syncPatentEvents)
      .values({ connection, patentId, readAt })
      .onConflictDoUpdate({
        target: [syncPatentEvents.connection, syncPatentEvents.patentId],
        set: { readAt },
      });
  });
}

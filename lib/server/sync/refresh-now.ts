import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { syncRefreshUse, syncWindow } from '../../db/schema';
import { getEnv } from '../../env';
import { calendarToday } from '../../format/dates';
import type { ClientScope } from '../clients/scope';
import { ReadShareSpentError, recordUserRead, userReadAllowed } from '../connection/read-budget';
import { upstreamClient } from '../connection/upstream';
import { DomainError } from '../errors/domain-error';
import { NotFoundError } from '../errors/not-found';
import { patentConnection } from '../portfolio/owner';
import { rememberPatents } from '../portfolio/snapshot';
import { copyPatentEvents, storePatentEvents } from './copy';
import { freezesReadAt, readFreezeMonth, readFreezes } from './documents';
import { endsWithin, syncMonth } from './walk';

/**
 * "Refresh now": a user reads again what a page shows, at once, instead of waiting for the sync,
 * for the clients of the request's scope only (the header's chosen client, or each of the user's),
 * each with its own key (spec: Authentication 1, a key is one client's; rule 2): a user of one
 * client never spends or refreshes another's. Every call counts twice: against the client's daily
 * share for reads, the sync's, which keeps the reserve for sending (spec: Limits 2,
 * ../connection/read-budget.ts), and against the user's daily cap (REFRESH_CALLS_PER_USER), both
 * judged on the cost at the last walk before anything is read.
 */
class RefreshCapError extends DomainError<'refresh_cap_reached'> {
  override name = 'RefreshCapError';
  constructor(
    readonly cap: number,
    readonly spent: number,
  ) {
    super({
      status: 429,
      code: 'refresh_cap_reached',
      title: 'Refresh limit reached',
      detail: `You have used ${spent} of your ${cap} refresh calls today. The page keeps refreshing by itself; try again tomorrow or ask an administrator to raise the cap.`,
    });
  }
}

/**
 * How long Refresh now waits for the service. A month's walk takes about 2 s when it answers
 * (docs/performance.md); one that accepts connections and never answers fails a call only after
 * three attempts of 20 s each (../connection/upstream.ts), and a walk queued behind the sync's
 * stalled walk of the same month waits for that one first: the button would spin for minutes.
 * Past this wait the user is told so and may try again; the read goes on into the copy.
 */
const REFRESH_WAIT_MS = 25_000;
let refreshWaitMs = REFRESH_WAIT_MS;

/** A shorter wait for a test; none given puts REFRESH_WAIT_MS back. */
export function setRefreshWaitForTests(ms?: number): void {
  refreshWaitMs = ms ?? REFRESH_WAIT_MS;
}

class RefreshNotAnsweredError extends DomainError<'refresh_not_answered'> {
  override name = 'RefreshNotAnsweredError';
  constructor(waitedMs: number) {
    super({
      status: 504,
      code: 'refresh_not_answered',
      title: 'The renewal service did not answer',
      detail: `The renewal service did not answer within ${Math.round(waitedMs / 1000)} seconds, so the page still shows what it said before. Try Refresh now again in a minute; nothing was changed.`,
    });
  }
}

/** What a page asks to read again: the months it shows, or one patent (its record and events). */
export interface RefreshTarget {
  months: readonly string[];
  patentId?: string | undefined;
  /** A freeze page: the month's freeze preview and the list of frozen months. */
  freezeMonth?: string | undefined;
  /** The one client a page shows (a link may name it); else every client of the scope. */
  client?: string | undefined;
}

/** A patent's record and whole event list read again: two calls (spec: Endpoints 2–3). */
const PATENT_CALLS = 2;
/** A month's freeze preview and the frozen months (spec: Endpoints 13–14). */
const FREEZE_CALLS = 2;

/** The clients a refresh reads: the patent's, the one named, or every client in scope. */
async function clientsToRefresh(scope: ClientScope, target: RefreshTarget): Promise<string[]> {
  if (target.patentId) return [await patentConnection(target.patentId, scope.connections)];
  if (target.client) {
    if (!scope.connections.includes(target.client)) throw new NotFoundError('client');
    return [target.client];
  }
  if (scope.connections.length === 0) throw new NotFoundError('client');
  return scope.connections;
}

export async function refreshNow(
  userId: string,
  scope: ClientScope,
  target: RefreshTarget,
  requestId: string,
  now = new Date(),
): Promise<{
  months: string[];
  calls: number;
  refreshedAt: string;
  clients: string[];
  notRefreshed: string[];
}> {
  const { patentId, freezeMonth } = target;
  const months = [...new Set(target.months)];
  const connections = await clientsToRefresh(scope, target);
  const db = await getDb();
  const cap = getEnv().REFRESH_CALLS_PER_USER;
  const [known, [used]] = await Promise.all([
    db
      .select({
        connection: syncWindow.connection,
        month: syncWindow.month,
        calls: syncWindow.calls,
        syncedAt: syncWindow.syncedAt,
      })
      .from(syncWindow)
      .where(and(inArray(syncWindow.connection, connections), inArray(syncWindow.month, months))),
    db
      .select({ calls: syncRefreshUse.calls })
      .from(syncRefreshUse)
      .where(and(eq(syncRefreshUse.userId, userId), eq(syncRefreshUse.day, calendarToday(now)))),
  ]);
  const estimateOf = (connection: string) =>
    (patentId ? PATENT_CALLS : 0) +
    (freezeMonth ? FREEZE_CALLS : 0) +
    months.reduce(
      (sum, month) =>
        sum +
        Math.max(1, known.find((row) => row.connection === connection && row.month === month)?.calls ?? 1),
      0,
    );
  const spent = used?.calls ?? 0;
  if (spent + connections.reduce((sum, connection) => sum + estimateOf(connection), 0) > cap)
    throw new RefreshCapError(cap, spent);
  // A client whose share is spent is not read at all (no call); the others are.
  const allowed: string[] = [];
  for (const connection of connections)
    if ((await userReadAllowed(connection, estimateOf(connection), now)).ok) allowed.push(connection);
  const refused = connections.filter((connection) => !allowed.includes(connection));
  if (allowed.length === 0) throw new ReadShareSpentError(await copyReadAt(refused, target, known));
  const calls = new Map<string, number>();
  const count = (connection: string, made: number) =>
    calls.set(connection, (calls.get(connection) ?? 0) + made);
  const read = (async () => {
    try {
      for (const connection of allowed) {
        if (patentId) await refreshPatent(patentId, requestId, connection, count);
        if (freezeMonth) {
          // Both calls go out at once: each is counted whether or not it is answered.
          count(connection, FREEZE_CALLS);
          await Promise.all([
            readFreezeMonth(freezeMonth, requestId, connection),
            readFreezes(requestId, connection),
          ]);
        }
        const client = upstreamClient(requestId, connection);
        // A month the service does not answer for ends the refresh with that problem: the months
        // after it would wait as long for nothing.
        for (const month of months)
          await syncMonth(client, db, connection, month, requestId, undefined, () => count(connection, 1));
      }
    } finally {
      // Every call made counts against the client's share and the user's cap, those of a refresh
      // that failed or outlived the wait too.
      for (const [connection, made] of calls) await recordUserRead(connection, made, now);
      const total = [...calls.values()].reduce((sum, made) => sum + made, 0);
      await db
        .insert(syncRefreshUse)
        .values({ userId, day: calendarToday(now), calls: total })
        .onConflictDoUpdate({
          target: [syncRefreshUse.userId, syncRefreshUse.day],
          set: { calls: sql`${syncRefreshUse.calls} + ${total}` },
        });
    }
  })();
  // Past the wait, the read ends on its own: its failure is the walk's to record, not a rejection.
  read.catch(() => undefined);
  if (!(await endsWithin(read, refreshWaitMs))) throw new RefreshNotAnsweredError(refreshWaitMs);
  return {
    months,
    calls: [...calls.values()].reduce((sum, made) => sum + made, 0),
    refreshedAt: new Date().toISOString(),
    clients: allowed,
    notRefreshed: refused,
  };
}

/** When the copy of what the page shows was read, for these clients: the oldest read among them. */
async function copyReadAt(
  connections: readonly string[],
  { patentId, freezeMonth }: RefreshTarget,
  known: readonly { connection: string; syncedAt: Date | null }[],
): Promise<Date | null> {
  const times = known.flatMap((row) =>
    connections.includes(row.connection) && row.syncedAt ? [row.syncedAt] : [],
  );
  for (const connection of connections) {
    const asOf = patentId ? (await copyPatentEvents(patentId, connection)).asOf : null;
    if (asOf) times.push(new Date(asOf));
    const frozen = freezeMonth ? await freezesReadAt(connection) : null;
    if (frozen) times.push(frozen);
  }
  return times.length > 0 ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
}

async function refreshPatent(
  patentId: string,
  requestId: string,
  connection: string,
  count: (connection: string, made: number) => void,
): Promise<void> {
  const client = upstreamClient(requestId, connection);
  // Both calls go out at once: each is counted whether or not it is answered.
  count(connection, PATENT_CALLS);
  const [patent, events] = await Promise.all([
    client.getPatent(patentId, { requestId }),
    client.getPatentEvents(patentId, { requestId }),
  ]);
  await rememberPatents([patent.data], connection);
  await storePatentEvents(await getDb(), patentId, events.data, { replaceFuture: true, connection });
}

import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { syncRefreshUse, syncWindow } from '../../db/schema';
import { getEnv } from '../../env';
import { calendarToday } from '../../format/dates';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { DomainError } from '../errors/domain-error';
import { rememberPatents } from '../portfolio/snapshot';
import { storePatentEvents } from './copy';
import { readFreezeMonth, readFreezes } from './documents';
import { endsWithin, syncMonth } from './walk';

/**
 * "Refresh now": a user reads again the months a page shows, at once, instead of waiting for the
 * sync. Every call counts against the one daily quota of the key (spec: Limits 2), so each user
 * has a daily cap (REFRESH_CALLS_PER_USER), judged on the months' cost at their last walk before
 * anything is read.
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
  patentId?: string;
  /** A freeze page: the month's freeze preview and the list of frozen months. */
  freezeMonth?: string;
}

/** A patent's record and whole event list read again: two calls (spec: Endpoints 2–3). */
const PATENT_CALLS = 2;
/** A month's freeze preview and the frozen months (spec: Endpoints 13–14). */
const FREEZE_CALLS = 2;

export async function refreshNow(
  userId: string,
  target: RefreshTarget,
  requestId: string,
  now = new Date(),
): Promise<{ months: string[]; calls: number; refreshedAt: string }> {
  const { months, patentId, freezeMonth } = target;
  const db = await getDb();
  const cap = getEnv().REFRESH_CALLS_PER_USER;
  const [known, [used]] = await Promise.all([
    db
      .select({ month: syncWindow.month, calls: syncWindow.calls })
      .from(syncWindow)
      .where(and(eq(syncWindow.connection, DEFAULT_CONNECTION), inArray(syncWindow.month, [...months]))),
    db
      .select({ calls: syncRefreshUse.calls })
      .from(syncRefreshUse)
      .where(and(eq(syncRefreshUse.userId, userId), eq(syncRefreshUse.day, calendarToday(now)))),
  ]);
  const spent = used?.calls ?? 0;
  const estimate =
    (patentId ? PATENT_CALLS : 0) +
    (freezeMonth ? FREEZE_CALLS : 0) +
    months.reduce((sum, month) => sum + Math.max(1, known.find((row) => row.month === month)?.calls ?? 1), 0);
  if (spent + estimate > cap) throw new RefreshCapError(cap, spent);
  let calls = 0;
  const read = (async () => {
    try {
      if (patentId) calls += await refreshPatent(patentId, requestId);
      if (freezeMonth) {
        await Promise.all([readFreezeMonth(freezeMonth, requestId), readFreezes(requestId)]);
        calls += FREEZE_CALLS;
      }
      const client = upstreamClient(requestId);
      // A month the service does not answer for ends the refresh with that problem: the months
      // after it would wait as long for nothing.
      for (const month of new Set(months))
        await syncMonth(client, db, DEFAULT_CONNECTION, month, requestId, undefined, () => {
          calls += 1;
        });
    } finally {
      // Every call made counts against the cap, those of a refresh that failed or outlived the wait too.
      await db
        .insert(syncRefreshUse)
        .values({ userId, day: calendarToday(now), calls })
        .onConflictDoUpdate({
          target: [syncRefreshUse.userId, syncRefreshUse.day],
          set: { calls: sql`${syncRefreshUse.calls} + ${calls}` },
        });
    }
  })();
  // Past the wait, the read ends on its own: its failure is the walk's to record, not a rejection.
  read.catch(() => undefined);
  if (!(await endsWithin(read, refreshWaitMs))) throw new RefreshNotAnsweredError(refreshWaitMs);
  return { months: [...new Set(months)], calls, refreshedAt: new Date().toISOString() };
}

async function refreshPatent(patentId: string, requestId: string): Promise<number> {
  const client = upstreamClient(requestId);
  const [patent, events] = await Promise.all([
    client.getPatent(patentId, { requestId }),
    client.getPatentEvents(patentId, { requestId }),
  ]);
  await rememberPatents([patent.data]);
  await storePatentEvents(await getDb(), patentId, events.data, { replaceFuture: true });
  return PATENT_CALLS;
}

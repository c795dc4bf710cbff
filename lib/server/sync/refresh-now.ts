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
import { refreshMonths } from './after-write';
import { storePatentEvents } from './copy';
import { readFreezeMonth, readFreezes } from './documents';

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
  let calls = patentId ? await refreshPatent(patentId, requestId) : 0;
  if (freezeMonth) {
    await Promise.all([readFreezeMonth(freezeMonth, requestId), readFreezes(requestId)]);
    calls += FREEZE_CALLS;
  }
  calls += await refreshMonths(months, requestId);
  await db
    .insert(syncRefreshUse)
    .values({ userId, day: calendarToday(now), calls })
    .onConflictDoUpdate({
      target: [syncRefreshUse.userId, syncRefreshUse.day],
      set: { calls: sql`${syncRefreshUse.calls} + ${calls}` },
    });
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

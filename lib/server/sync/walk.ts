import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gte, lt, ne, notExists, sql } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { PatentEvent } from '../../annuity/schemas';
import type { Database } from '../../db';
import { syncEvent, syncPatentEvents, syncWindow } from '../../db/schema';
import { fromExcluded } from '../../db/upsert';
import { monthOf } from '../../format/dates';
import { isRenewalEvent } from '../../renewals/rows';
import { isNotAnswering, noteAnswered, noteNotAnswering } from './health';

/**
 * One month of renewals walked into the copy (spec: Endpoint 9 with include=fees, Pagination
 * envelope). A walk follows `hasMore`, not the page count the first page announced (items added
 * while it reads make more pages); it keeps each event once (an item moved onto the next page is
 * listed twice); and it compares the distinct items it got with `totalItems`. When the list moved
 * under it (the total changed, or an item came twice), it walks again, up to MAX_WALKS times.
 * Only a complete walk replaces the month: events it did not see are gone from the service (a DROP
 * deletes a patent's future events, spec: Instruction rules) and leave the copy. An incomplete
 * walk keeps what it read beside what the copy had, and marks the month incomplete.
 *
 * Pages go into the database as they arrive: the walk holds one page and the ids it saw, never
 * the whole list.
 */
const MAX_WALKS = 3;
/** Pages past the announced count a walk follows `hasMore` for before it gives up on the month. */
const EXTRA_PAGES = 20;

export interface MonthWalk {
  month: string;
  complete: boolean;
  items: number;
  calls: number;
  walks: number;
}

interface OneWalk {
  id: string;
  /** Before its first page was asked for: rows written since are another walk's, or newer. */
  startedAt: Date;
  distinct: number;
  total: number;
  moved: boolean;
  ended: boolean;
}

async function walkOnce(
  client: AnnuityClient,
  db: Database,
  connection: string,
  month: string,
  requestId: string,
  countCall: () => void,
): Promise<OneWalk> {
  const id = randomUUID();
  const startedAt = new Date();
  const seen = new Set<string>();
  let total: number | null = null;
  let moved = false;
  let ended = false;
  let bound = Number.POSITIVE_INFINITY;
  for (let page = 1; page <= bound; page++) {
    // Counted whatever the answer, a failed call's too: the service counts every request (spec: Limits 2).
    const { data } = await client
      .getPatentEventsByPeriod(
        {
          dueMonth: month,
          include: ['fees'],
          // Renewals only (spec: Endpoint 9); events of other kinds are still dropped below.
          eventTypes: ['RENEWAL'],
          currentPage: page,
          itemsPerPage: MAX_PAGE_SIZE,
        },
        { requestId },
      )
      .finally(countCall);
    const { pagination } = data;
    if (total !== null && pagination.totalItems !== total) moved = true;
    total = pagination.totalItems;
    if (page === 1) bound = Math.max(1, pagination.totalPages) + EXTRA_PAGES;
    const fresh: PatentEvent[] = [];
    data.data.forEach((event) => {
      if (seen.has(event.id)) moved = true;
      else {
        seen.add(event.id);
        if (isRenewalEvent(event) && monthOf(event.dueDate) === month) fresh.push(event);
      }
    });
    const size = pagination.itemsPerPage > 0 ? pagination.itemsPerPage : MAX_PAGE_SIZE;
    await storePage(db, connection, month, id, fresh, (page - 1) * size);
    if (!pagination.hasMore || data.data.length === 0) {
      ended = true;
      break;
    }
  }
  return { id, startedAt, distinct: seen.size, total: total ?? 0, moved, ended };
}

async function storePage(
  db: Database,
  connection: string,
  month: string,
  walk: string,
  events: PatentEvent[],
  offset: number,
): Promise<void> {
  if (events.length === 0) return;
  const readAt = new Date();
  await db
    .insert(syncEvent)
    .values(
      events.map((event, at) => ({
        connection,
        eventId: event.id,
        patentId: event.patent.id,
        dueDate: event.dueDate,
        month,
        position: offset + at,
        body: JSON.stringify(event),
        walk,
        readAt,
      })),
    )
    .onConflictDoUpdate({
      target: [syncEvent.connection, syncEvent.eventId],
      set: fromExcluded(syncEvent, ['patentId', 'dueDate', 'month', 'position', 'body', 'walk', 'readAt']),
    });
}

/**
 * Walks of one client's month in this process, one after the other: the last one asked, by
 * client and month. The worker's sync, "Refresh now" and the re-read after a send may each walk
 * the same month at the same moment; one after the other, each still starts after the one asked
 * before it. A view reading a month the copy lacks joins the last one instead (joinMonthWalk).
 */
const walking = new Map<string, Promise<MonthWalk>>();

/**
 * For a view reading a month the copy has never read: the walk of that month already asked in
 * this process (the worker's, another view's), or a new one when there is none. A second walk
 * queued behind it would read the same list again for nothing; a sync, a refresh or a re-read
 * after a write asks syncMonth instead, since it needs a read that starts after it asked.
 * `joined`: the walk was another caller's, so its calls are counted there, not here.
 */
export async function joinMonthWalk(
  client: AnnuityClient,
  db: Database,
  connection: string,
  month: string,
  requestId: string,
  /** Told of every call a new walk makes, a failed walk's included (the quota counts them all). */
  onCall?: () => void,
): Promise<MonthWalk & { joined: boolean }> {
  const running = walking.get(`${connection}:${month}`);
  if (running) return { ...(await running), joined: true };
  return { ...(await syncMonth(client, db, connection, month, requestId, undefined, onCall)), joined: false };
}

/**
 * Waits `ms` at most for a read: true when it ended within it, false when it goes on past it (it
 * is left to end on its own, into the copy); a read that fails within it throws its failure.
 */
export async function endsWithin(read: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([read.then(() => true), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Walks one month into the copy and records the outcome; a failure is recorded and rethrown.
 * `now` is the caller's clock (a sync run's time, a test's pinned time); without it, the clock's.
 */
export async function syncMonth(
  client: AnnuityClient,
  db: Database,
  connection: string,
  month: string,
  requestId: string,
  now?: Date,
  /** Told of every call as it is made, a failed walk's included (the quota counts them all). */
  onCall?: () => void,
): Promise<MonthWalk> {
  const key = `${connection}:${month}`;
  const before = walking.get(key);
  const askedMs = Date.now();
  const mine = (before ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => {
      // A walk queued behind another reads the month only when that one is done: its time is
      // when it began, moved on from the caller's clock by the wait, or the copy's age would read
      // older than what it holds (a walk behind a stalled one waits a minute).
      const waitedMs = before ? Date.now() - askedMs : 0;
      const at = now ? new Date(now.getTime() + waitedMs) : new Date();
      return walkMonth(client, db, connection, month, requestId, at, onCall);
    });
  walking.set(key, mine);
  try {
    return await mine;
  } finally {
    if (walking.get(key) === mine) walking.delete(key);
  }
}

async function walkMonth(
  client: AnnuityClient,
  db: Database,
  connection: string,
  month: string,
  requestId: string,
  now: Date,
  onCall?: () => void,
): Promise<MonthWalk> {
  const startedMs = Date.now();
  let calls = 0;
  const countCall = () => {
    calls += 1;
    onCall?.();
  };
  try {
    let last: OneWalk | null = null;
    let walks = 0;
    while (walks < MAX_WALKS) {
      walks += 1;
      last = await walkOnce(client, db, connection, month, requestId, countCall);
      if (last.ended && !last.moved && last.distinct === last.total) break;
    }
    const walk = last as OneWalk;
    const complete = walk.ended && !walk.moved && walk.distinct === walk.total;
    // What the complete walk did not list is gone from the service, unless a newer answer listed
    // it since the walk began: another instance's walk of the same month wrote it, or its patent
    // was read whole (a re-read without fees keeps the row's older read time, ./copy.ts
    // storePatentEvents, so the patent's own read time says so). Dropping those would lose
    // renewals the service still lists until the next walk (a missed deadline), so they stay;
    // the next complete walk settles them.
    if (complete)
      await db.delete(syncEvent).where(
        and(
          eq(syncEvent.connection, connection),
          eq(syncEvent.month, month),
          ne(syncEvent.walk, walk.id),
          lt(syncEvent.readAt, walk.startedAt),
          notExists(
            db
              .select({ patentId: syncPatentEvents.patentId })
              .from(syncPatentEvents)
              .where(
                and(
                  eq(syncPatentEvents.connection, connection),
                  eq(syncPatentEvents.patentId, syncEvent.patentId),
                  gte(syncPatentEvents.readAt, walk.startedAt),
                ),
              ),
          ),
        ),
      );
    const [{ items } = { items: 0 }] = await db
      .select({ items: sql<number>`count(*)::int` })
      .from(syncEvent)
      .where(and(eq(syncEvent.connection, connection), eq(syncEvent.month, month)));
    await db
      .insert(syncWindow)
      .values({
        connection,
        month,
        syncedAt: complete ? now : null,
        attemptedAt: now,
        complete,
        items,
        calls,
        lastError: complete ? null : 'The list kept changing while it was read.',
        version: 1,
      })
      .onConflictDoUpdate({
        target: [syncWindow.connection, syncWindow.month],
        set: {
          version: sql`${syncWindow.version} + 1`,
          // An incomplete walk keeps the time of the last complete one: that is the copy's age.
          syncedAt: complete ? now : sql`${syncWindow.syncedAt}`,
          attemptedAt: now,
          complete,
          items,
          calls,
          lastError: complete ? null : 'The list kept changing while it was read.',
        },
      });
    await noteAnswered(db, connection, now);
    return { month, complete, items, calls, walks };
  } catch (error) {
    // The failure's own time, not the walk's start: a stalled service fails a walk only after every
    // attempt's time-out (a minute), and pages answer "not answering" at once only for a few
    // seconds after the last failure (./copy.ts, PROBE_AFTER_MS).
    const failedAt = new Date(now.getTime() + (Date.now() - startedMs));
    if (isNotAnswering(error)) await noteNotAnswering(db, connection, error, failedAt);
    await db
      .insert(syncWindow)
      .values({ connection, month, attemptedAt: now, calls, lastError: errorText(error), version: 1 })
      .onConflictDoUpdate({
        target: [syncWindow.connection, syncWindow.month],
        // The pages read before the failure were written: the month's rows changed.
        set: { attemptedAt: now, lastError: errorText(error), version: sql`${syncWindow.version} + 1` },
      });
    throw error;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 300) : 'the walk failed';
}

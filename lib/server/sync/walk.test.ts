import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnuityClient, PeriodQuery } from '../../annuity/client';
import { AnnuityNetworkError } from '../../annuity/errors';
import { feesFixture, patentEventFixture } from '../../annuity/fixtures';
import type { PatentEvent } from '../../annuity/schemas';
import { syncEvent, syncWindow } from '../../db/schema';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../../db/testing';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { storePatentEvents } from './copy';
import { noteAnswered, readHealth } from './health';
import { joinMonthWalk, syncMonth } from './walk';

/**
 * A list walk under a service whose list moves between page reads (spec: Pagination envelope):
 * items added, removed or listed twice while the walk reads. Every renewal is kept once, a walk
 * that could not be completed is said to be incomplete, and a complete walk drops what the
 * service no longer lists.
 */
const MONTH = '2030-03';

function event(day: number): PatentEvent {
  return patentEventFixture({
    id: randomUUID(),
    patent: { id: randomUUID(), providerId: null },
    dueDate: `${MONTH}-${String(day).padStart(2, '0')}`,
  }) as unknown as PatentEvent;
}

/** A stand-in list of events served 100 a page; `onPage` may change the list after a page is read. */
function service(list: PatentEvent[], onPage?: (page: number, list: PatentEvent[]) => void, size = 100) {
  let calls = 0;
  const client = {
    async getPatentEventsByPeriod(query: PeriodQuery) {
      calls += 1;
      const page = query.currentPage ?? 1;
      const totalItems = list.length;
      const totalPages = Math.max(1, Math.ceil(totalItems / size));
      const data = list.slice((page - 1) * size, page * size);
      const answer = {
        data: {
          pagination: {
            totalItems,
            currentPage: page,
            itemsPerPage: size,
            totalPages,
            hasMore: page < totalPages,
          },
          data,
        },
        meta: { operation: 'getPatentEventsByPeriod', status: 200, requestId: null, rateLimit: null },
      };
      onPage?.(page, list);
      return answer;
    },
  } as unknown as AnnuityClient;
  return { client, calls: () => calls };
}

/** A promise and the function that resolves it: where a held walk waits, or says it got there. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.each(testDatabaseKinds)('a month walked into the copy (%s)', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => db?.dispose());

  const stored = async () =>
    (
      await db.db
        .select({ id: syncEvent.eventId })
        .from(syncEvent)
        .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), eq(syncEvent.month, MONTH)))
    )
      .map((row) => row.id)
      .sort();

  it('keeps every renewal once when items are added and listed twice during the walk', async () => {
    const list = Array.from({ length: 250 }, (_, at) => event((at % 28) + 1));
    let moved = false;
    // After page 1, two renewals are added at the front: page 2 repeats two of page 1's items,
    // and the list grows past the page count page 1 announced.
    const { client } = service(list, (page, current) => {
      if (page === 1 && !moved) {
        moved = true;
        current.unshift(event(1), event(2));
      }
    });
    const walk = await syncMonth(client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(walk.complete).toBe(true);
    expect(walk.walks).toBe(2);
    expect(await stored()).toEqual(list.map((item) => item.id).sort());
    expect(walk.items).toBe(252);
  });

  it('follows hasMore past the page count the first page announced', async () => {
    const list = Array.from({ length: 200 }, (_, at) => event((at % 28) + 1));
    const { client } = service(list, (page, current) => {
      // Items arrive at the end after page 1 announced two pages: page 2 says hasMore.
      if (page === 1 && current.length === 200) current.push(event(27), event(28));
    });
    const walk = await syncMonth(client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(await stored()).toEqual(list.map((item) => item.id).sort());
    expect(walk.items).toBe(202);
    expect(walk.complete).toBe(true);
  });

  it('drops what a complete walk no longer lists (a patent dropped elsewhere)', async () => {
    const list = Array.from({ length: 120 }, (_, at) => event((at % 28) + 1));
    await syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    const gone = list.splice(5, 3);
    const walk = await syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(walk.complete).toBe(true);
    const ids = await stored();
    expect(ids).toEqual(list.map((item) => item.id).sort());
    for (const item of gone) expect(ids).not.toContain(item.id);
  });

  it('marks a month incomplete when the list keeps moving, and keeps what it had', async () => {
    const list = Array.from({ length: 150 }, (_, at) => event((at % 28) + 1));
    await syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    const before = await stored();
    const { client, calls } = service(list, (page, current) => {
      if (page === 1) current.splice(0, 1);
    });
    const walk = await syncMonth(client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(walk.complete).toBe(false);
    expect(walk.walks).toBe(3);
    expect(calls()).toBeLessThanOrEqual(6);
    const [walked] = await db.db
      .select()
      .from(syncWindow)
      .where(and(eq(syncWindow.connection, DEFAULT_CONNECTION), eq(syncWindow.month, MONTH)));
    expect(walked?.complete).toBe(false);
    expect(walked?.lastError).toMatch(/kept changing/);
    // Nothing is dropped on an incomplete walk: items it missed stay as last seen.
    for (const id of before) expect(await stored()).toContain(id);
  });

  it('keeps every renewal when two walks of the month run at once', async () => {
    const list = Array.from({ length: 250 }, (_, at) => event((at % 28) + 1));
    await syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    // The first walk stops after its first page until the second has walked the whole month:
    // each writes the rows it reads under its own walk, and each ends by dropping what it did not see.
    const { opened: atPage2, open: reachedPage2 } = gate();
    const { opened: released, open: releaseFirst } = gate();
    const first = service(list).client;
    const held = {
      async getPatentEventsByPeriod(query: PeriodQuery) {
        if ((query.currentPage ?? 1) === 2) {
          reachedPage2();
          await released;
        }
        return first.getPatentEventsByPeriod(query);
      },
    } as unknown as AnnuityClient;
    const walkA = syncMonth(held, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    const walkB = syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    await Promise.race([atPage2, walkB]);
    releaseFirst();
    const walks = await Promise.all([walkA, walkB]);
    expect(walks.map((walk) => walk.complete)).toEqual([true, true]);
    expect(await stored()).toEqual(list.map((item) => item.id).sort());
    expect(walks[1].items).toBe(250);
  });

  it('keeps the rows another instance wrote while the walk read', async () => {
    const list = Array.from({ length: 250 }, (_, at) => event((at % 28) + 1));
    await syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    // Another instance's walk of the same month (it shares no lock with this process) rewrites
    // the first page's rows under its own walk while this walk reads page 2.
    const plain = service(list).client;
    const client = {
      async getPatentEventsByPeriod(query: PeriodQuery) {
        if ((query.currentPage ?? 1) === 2)
          await db.db
            .update(syncEvent)
            .set({ walk: 'another-instance', readAt: new Date(Date.now() + 1_000) })
            .where(
              and(
                eq(syncEvent.connection, DEFAULT_CONNECTION),
                inArray(
                  syncEvent.eventId,
                  list.slice(0, 100).map((item) => item.id),
                ),
              ),
            );
        return plain.getPatentEventsByPeriod(query);
      },
    } as unknown as AnnuityClient;
    const walk = await syncMonth(client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(walk.complete).toBe(true);
    expect(await stored()).toEqual(list.map((item) => item.id).sort());
  });

  it('keeps the read time of fees a patent read without fees did not refresh, and the renewal it listed', async () => {
    // spec: Patent event, `fees` on the per-patent endpoints: "not shown". A patent's list
    // without fees keeps the fees the period walk read, and their time: it did not read them.
    const priced = { ...event(3), fees: feesFixture() } as unknown as PatentEvent;
    const list = [...Array.from({ length: 20 }, (_, at) => event(at + 1)), priced];
    await syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    const readAt = async () =>
      (
        await db.db
          .select({ readAt: syncEvent.readAt })
          .from(syncEvent)
          .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), eq(syncEvent.eventId, priced.id)))
      )[0]?.readAt;
    const walked = await readAt();
    const { fees: _fees, ...bare } = priced as PatentEvent & { fees?: unknown };
    // While the next walk reads, the patent's own list names the renewal (without fees); the
    // month's list no longer does (it moved on between the two answers).
    const rest = list.filter((item) => item.id !== priced.id);
    const plain = service(rest).client;
    const client = {
      async getPatentEventsByPeriod(query: PeriodQuery) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if ((query.currentPage ?? 1) === 1)
          await storePatentEvents(db.db, priced.patent.id, [bare as PatentEvent], { replaceFuture: true });
        return plain.getPatentEventsByPeriod(query);
      },
    } as unknown as AnnuityClient;
    const walk = await syncMonth(client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(walk.complete).toBe(true);
    // The patent's newer answer keeps the renewal until a walk settles it (never a missed deadline)…
    expect(await stored()).toContain(priced.id);
    // …and the copy says its fees are as old as the walk that read them.
    expect((await readAt())?.toISOString()).toBe(walked?.toISOString());
  });

  /** A walk of the month begun and held at its first page until released. */
  async function heldWalk(list: PatentEvent[]) {
    const { opened: atFirstPage, open: reached } = gate();
    const { opened: released, open: release } = gate();
    const plain = service(list).client;
    const held = {
      async getPatentEventsByPeriod(query: PeriodQuery) {
        reached();
        await released;
        return plain.getPatentEventsByPeriod(query);
      },
    } as unknown as AnnuityClient;
    const walk = syncMonth(held, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    await atFirstPage;
    return { walk, release };
  }

  /** A walk held at its first page until released, and a second walk of the month asked meanwhile. */
  async function queuedBehindAHeldWalk(list: PatentEvent[], now?: Date) {
    const { walk: first, release } = await heldWalk(list);
    const asked = Date.now();
    const queued = syncMonth(service(list).client, db.db, DEFAULT_CONNECTION, MONTH, 'test', now);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const releasedAt = Date.now();
    release();
    await Promise.all([first, queued]);
    const [window] = await db.db
      .select()
      .from(syncWindow)
      .where(and(eq(syncWindow.connection, DEFAULT_CONNECTION), eq(syncWindow.month, MONTH)));
    return { asked, releasedAt, window };
  }

  it("joins a view's read of a month to the walk already under way, and walks when none is", async () => {
    const list = Array.from({ length: 150 }, (_, at) => event((at % 28) + 1));
    const { walk: sync, release } = await heldWalk(list);
    // The worker is walking the month: a view asking now reads nothing of its own.
    const view = service(list);
    const joined = joinMonthWalk(view.client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    release();
    const [walked, read] = await Promise.all([sync, joined]);
    expect(view.calls()).toBe(0);
    expect(read).toMatchObject({ joined: true, complete: true, items: walked.items, calls: walked.calls });
    // Nothing under way: the view's read is a walk of its own, its calls its own.
    const alone = service(list);
    const own = await joinMonthWalk(alone.client, db.db, DEFAULT_CONNECTION, MONTH, 'test');
    expect(own).toMatchObject({ joined: false, complete: true, calls: alone.calls() });
    expect(alone.calls()).toBe(2);
  });

  it('records a walk queued behind another at the time it began, not when it was asked', async () => {
    const list = Array.from({ length: 120 }, (_, at) => event((at % 28) + 1));
    const { releasedAt, window } = await queuedBehindAHeldWalk(list);
    expect(window?.complete).toBe(true);
    expect(window?.syncedAt?.getTime()).toBeGreaterThanOrEqual(releasedAt);
    expect(window?.attemptedAt.getTime()).toBeGreaterThanOrEqual(releasedAt);
  });

  it("moves a caller's clock on by the time its walk waited in the queue", async () => {
    const list = Array.from({ length: 120 }, (_, at) => event((at % 28) + 1));
    const pinned = new Date('2030-03-10T12:00:00.000Z');
    const { asked, releasedAt, window } = await queuedBehindAHeldWalk(list, pinned);
    const at = window?.syncedAt?.getTime() ?? 0;
    expect(at).toBeGreaterThanOrEqual(pinned.getTime() + (releasedAt - asked));
    // Still the caller's clock: a few moments past the pinned time, not the machine's.
    expect(at).toBeLessThan(pinned.getTime() + 60_000);
  });

  it('records a failure at the time it came, not when the walk began', async () => {
    const began = new Date(Date.now() - 60_000);
    const stalled = {
      async getPatentEventsByPeriod() {
        await new Promise((resolve) => setTimeout(resolve, 300));
        throw new AnnuityNetworkError('getPatentEventsByPeriod', 'timeout', 1);
      },
    } as unknown as AnnuityClient;
    await expect(syncMonth(stalled, db.db, DEFAULT_CONNECTION, MONTH, 'test', began)).rejects.toThrow();
    const health = await readHealth(db.db, DEFAULT_CONNECTION);
    expect(health.lastFailureAt?.getTime()).toBeGreaterThanOrEqual(began.getTime() + 200);
    await noteAnswered(db.db, DEFAULT_CONNECTION);
  });
});

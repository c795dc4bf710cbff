import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnnuityNetworkError } from '../../annuity/errors';
import { patentEventFixture } from '../../annuity/fixtures';
import { setDatabaseForTests } from '../../db';
import { openTestDatabase, type TestDatabase } from '../../db/testing';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { serviceEnv } from '../connection/testing';
import { errorToProblem } from '../errors/error-mapping';
import { copyAge, copyEventsOfMonths, ensureMonths, setReadWaitForTests } from './copy';
import { noteAnswered, noteNotAnswering, readHealth } from './health';

/**
 * A page asking for a month the copy never read, from a service that accepts connections and does
 * not answer (a stopped process): the page answers within the read's wait with a problem, never an
 * empty list, and the read goes on and fills the copy once the service answers.
 */
type Mode = 'hold' | 'answer' | 'drop';

/** A stand-in service whose period list is held, answered or dropped, as the test says. */
function stalledService() {
  let mode: Mode = 'hold';
  const held: { request: IncomingMessage; response: ServerResponse }[] = [];
  let requests = 0;
  const listed = new Map<string, unknown[]>();
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://service');
    const month = url.searchParams.get('dueMonth') ?? '';
    const data = listed.get(month) ?? [];
    const page = Number(url.searchParams.get('currentPage') ?? '1');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        pagination: {
          totalItems: data.length,
          currentPage: page,
          itemsPerPage: 100,
          totalPages: 1,
          hasMore: false,
        },
        data: page === 1 ? data : [],
      }),
    );
  };
  const server: Server = createServer((request, response) => {
    requests += 1;
    if (mode === 'hold') held.push({ request, response });
    else if (mode === 'drop') request.socket.destroy();
    else answer(request, response);
  });
  return {
    server,
    requests: () => requests,
    list(month: string, events: unknown[]) {
      listed.set(month, events);
    },
    /** From now on every call, the held ones included, is answered (or dropped). */
    become(next: Mode) {
      mode = next;
      for (const { request, response } of held.splice(0)) {
        if (next === 'drop') request.socket.destroy();
        else if (next === 'answer') answer(request, response);
        else held.push({ request, response });
      }
    },
  };
}

/** How a promise ended, or that it had not within `ms` (a guard against the old minute-long wait). */
async function outcome<T>(promise: Promise<T>, ms = 5_000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<{ pending: true }>((resolve) => {
    timer = setTimeout(() => resolve({ pending: true }), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      guard,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function eventsOf(month: string, count: number) {
  return Array.from({ length: count }, (_, at) =>
    patentEventFixture({
      id: randomUUID(),
      patent: { id: randomUUID(), providerId: null },
      dueDate: `${month}-${String(at + 1).padStart(2, '0')}`,
    }),
  );
}

describe('a month the copy never read, from a service that does not answer', () => {
  let db: TestDatabase;
  let service: ReturnType<typeof stalledService>;
  const env = serviceEnv();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    setDatabaseForTests(db);
    service = stalledService();
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    env.point(`http://127.0.0.1:${(service.server.address() as AddressInfo).port}`, '0'.repeat(64));
    // A short wait, so the test needs no minute and no fake clock (the HTTP calls keep real time).
    setReadWaitForTests(150);
    process.on('unhandledRejection', onUnhandled);
  }, 60_000);

  afterEach(() => service.become('hold'));

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    setReadWaitForTests();
    service.server.closeAllConnections();
    await new Promise((resolve) => service.server.close(resolve));
    env.restore();
    setDatabaseForTests(undefined);
    await db?.dispose();
  });

  it('answers within the wait that the month is still being read, and the read fills the copy once the service answers', async () => {
    const month = '2031-04';
    const events = eventsOf(month, 3);
    service.list(month, events);

    const first = await outcome(ensureMonths([month], 'first-view'));
    expect(first).toMatchObject({ error: { code: 'copy_month_still_reading', status: 503 } });
    const problem = errorToProblem((first as { error: unknown }).error, 'first-view');
    expect(problem).toMatchObject({ status: 503, code: 'copy_month_still_reading' });
    expect(problem.detail).toMatch(/April 2031 are being read from the renewal service/);

    // A further view while the read is still held answers within the wait too, and joins the
    // read under way rather than walking the month a second time.
    const second = await outcome(ensureMonths([month], 'second-view'));
    expect(second).toMatchObject({ error: { code: 'copy_month_still_reading' } });
    expect(service.requests()).toBe(1);
    // Nothing of the month is shown meanwhile: it is said to be never read, not empty.
    expect((await copyAge([month])).neverRead).toEqual([month]);

    service.become('answer');
    await vi.waitFor(async () => expect((await copyAge([month])).neverRead).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    const stored = await copyEventsOfMonths(db.db, [month]);
    expect(stored.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(await ensureMonths([month], 'third-view')).toEqual({ calls: 0, reading: false });
    expect(service.requests()).toBe(1);
  });

  it('on a first read, gives a page that shows part of its months what is read so far and how far the read is, then the rest', async () => {
    const [held, reading] = ['2031-06', '2031-07'];
    service.list(held, eventsOf(held, 2));
    service.list(reading, eventsOf(reading, 2));
    service.become('answer');
    await ensureMonths([held], 'earlier-view');
    service.become('hold');
    const months = [held, reading];

    // Today's read: no failure, the months read so far, and how far the read is.
    expect(await ensureMonths(months, 'today-view', undefined, { partial: true })).toMatchObject({
      reading: true,
    });
    const age = await copyAge(months, undefined, undefined, true);
    expect(age.firstRead).toEqual({ read: 1, of: 2 });
    expect(age.neverRead).toEqual([reading]);
    // A page that shows nothing of a month unread still waits, told how far the read is.
    const other = await outcome(ensureMonths(months, 'month-view'));
    expect(errorToProblem((other as { error: unknown }).error, 'month-view').detail).toMatch(
      /1 of 2 months so far/,
    );

    service.become('answer');
    await vi.waitFor(async () => expect((await copyAge(months)).neverRead).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await copyAge(months, undefined, undefined, true)).firstRead).toBeNull();
    expect(await ensureMonths(months, 'later-view', undefined, { partial: true })).toEqual({
      calls: 0,
      reading: false,
    });
  });

  it('says the service is not answering, within the wait, when it was last found not answering', async () => {
    const month = '2031-05';
    const failedAt = new Date(Date.now() - 60_000);
    await noteNotAnswering(
      db.db,
      DEFAULT_CONNECTION,
      new AnnuityNetworkError('getPatentEventsByPeriod', 'timeout', 3),
      failedAt,
    );
    const before = service.requests();

    // Past the few seconds in which a view is told at once, a view tries the service again.
    const view = await outcome(ensureMonths([month], 'probe-view'));
    expect(view).toMatchObject({ error: expect.any(AnnuityNetworkError) });
    expect(errorToProblem((view as { error: unknown }).error, 'probe-view')).toMatchObject({
      status: 502,
      code: 'upstream_unreachable',
    });
    // The view stopped waiting, not the read: its one request may reach the service after the
    // answer on a starved machine.
    await vi.waitFor(() => expect(service.requests()).toBe(before + 1), { timeout: 10_000, interval: 20 });

    // The read the view left fails on its own: recorded as the service's failure, never an
    // unhandled rejection.
    service.become('drop');
    await vi.waitFor(
      async () =>
        expect((await readHealth(db.db, DEFAULT_CONNECTION)).lastFailureAt?.getTime()).toBeGreaterThan(
          failedAt.getTime(),
        ),
      { timeout: 10_000, interval: 50 },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
    expect((await copyAge([month])).neverRead).toEqual([month]);
    await noteAnswered(db.db, DEFAULT_CONNECTION);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncEvent, syncWindow } from '@/lib/db/schema';
import { addMonths } from '@/lib/format/dates';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { runSync } from '@/lib/server/sync/run';
import { syncMonth } from '@/lib/server/sync/walk';
import { jsonRequest, signIn } from './app-harness';
import { eventsBetween, startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * The sync against the stand-in service whose lists move while it reads them (the operator's
 * moveItems fault: items added before or after the walk's cursor, or removed behind it, between
 * page reads; spec: Pagination envelope). Whatever moves, the copy holds every renewal the service
 * lists once, nothing counted twice; a month whose list never holds still is marked incomplete on
 * the page, with what the copy had kept.
 */
let up: UpstreamHarness;
let cookie: string;
/** Months of several pages each (more than 100 renewals), one per case. */
const months: string[] = [];

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'moving', patents: 2_000, seed: 23 });
  cookie = await signIn(up.app.users.paralegal.email);
  // The portfolio first (events carry no office), so each case's calls are the month's own.
  await runSync(up.app.database.db, { now: new Date(), requestId: 'test-sync', months: [], force: true });
  for (let offset = 1; offset <= 24 && months.length < 4; offset++) {
    const month = addMonths(up.currentMonth, offset);
    if ((await renewalsListed(month)).length > 100) months.push(month);
  }
  expect(months).toHaveLength(4);
}, 180_000);
afterAll(async () => up?.stop());
afterEach(async () => up.sandbox.operator.clearFaults());

/** The month's renewals as the service lists them, read directly page by page. */
async function renewalsListed(month: string): Promise<string[]> {
  return (await eventsBetween(up.client, month, month))
    .filter((event) => event.eventType === 'RENEWAL')
    .map((event) => event.id)
    .sort();
}

async function copied(month: string): Promise<string[]> {
  const rows = await up.app.database.db
    .select({ id: syncEvent.eventId })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), eq(syncEvent.month, month)));
  return rows.map((row) => row.id).sort();
}

async function windowOf(month: string) {
  const [row] = await up.app.database.db
    .select()
    .from(syncWindow)
    .where(and(eq(syncWindow.connection, DEFAULT_CONNECTION), eq(syncWindow.month, month)));
  return row;
}

async function monthView(month: string): Promise<RenewalWindowData> {
  const { GET } = await import('@/app/api/renewals/route');
  const response = await GET(jsonRequest(`/api/renewals?month=${month}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as RenewalWindowData;
}

const moveTwice = (mode: 'add' | 'remove' | 'repeat') =>
  up.sandbox.operator.setFaults({ moveItems: { mode, everyPages: 1, times: 2 }, paths: ['patent-events'] });

describe('a month walked while its list moves', () => {
  it.each([
    ['repeat', 'items come back before the cursor: the next page repeats the last one read', 0],
    ['add', 'items come after the cursor, past the pages the first page announced', 1],
  ] as const)('%s: every renewal once when %s', async (mode, _how, index) => {
    const month = months[index] as string;
    await moveTwice(mode);
    const walk = await syncMonth(up.client, up.app.database.db, DEFAULT_CONNECTION, month, 'test-sync');
    // The walk saw the list move and read it again, until a walk found it still.
    expect(walk.walks).toBeGreaterThan(1);
    expect(walk.complete).toBe(true);
    await up.sandbox.operator.clearFaults();
    const listed = await renewalsListed(month);
    expect(await copied(month)).toEqual(listed);
    expect(walk.items).toBe(listed.length);
    // The page shows each renewal once, and the month as complete.
    const view = await monthView(month);
    const shown = view.rows.map((row) => row.eventId);
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort()).toEqual(listed);
    expect(view.copy?.incomplete).toEqual([]);
    expect((await windowOf(month))?.complete).toBe(true);
  });

  it('remove: items gone behind the cursor leave the copy, the one that slid onto a read page is kept', async () => {
    const month = months[2] as string;
    const before = await renewalsListed(month);
    await moveTwice('remove');
    const walk = await syncMonth(up.client, up.app.database.db, DEFAULT_CONNECTION, month, 'test-sync');
    expect(walk.walks).toBeGreaterThan(1);
    expect(walk.complete).toBe(true);
    const copy = await copied(month);
    // Exactly the two removed renewals are missing (a missed one would be a third), none twice.
    expect(copy.every((id) => before.includes(id))).toBe(true);
    expect(before.length - copy.length).toBe(2);
    expect(walk.items).toBe(copy.length);
    // The service lists them again once the fault is cleared; the next sync brings them back.
    await up.sandbox.operator.clearFaults();
    const run = await runSync(up.app.database.db, {
      now: new Date(),
      requestId: 'test-sync',
      months: [month],
      force: true,
    });
    expect(run.walked).toEqual([expect.objectContaining({ month, complete: true, items: before.length })]);
    expect(await copied(month)).toEqual(await renewalsListed(month));
  });

  it('marks a month whose list never holds still incomplete, keeps what it had and counts nothing twice', async () => {
    const month = months[3] as string;
    const db = up.app.database.db;
    await runSync(db, { now: new Date(), requestId: 'test-sync', months: [month], force: true });
    const listed = await renewalsListed(month);
    expect(await copied(month)).toEqual(listed);
    // Every walk meets a move: the sync gives up after its bounded number of walks.
    await up.sandbox.operator.setFaults({
      moveItems: { mode: 'repeat', everyPages: 1, times: 20 },
      paths: ['patent-events'],
    });
    const run = await runSync(db, { now: new Date(), requestId: 'test-sync', months: [month], force: true });
    expect(run.walked).toEqual([expect.objectContaining({ month, complete: false })]);
    const syncWindow = await windowOf(month);
    expect(syncWindow?.complete).toBe(false);
    expect(syncWindow?.lastError).toMatch(/kept changing/);
    // Nothing dropped on an incomplete walk, nothing twice.
    expect(await copied(month)).toEqual(listed);
    const view = await monthView(month);
    expect(view.copy?.incomplete).toEqual([month]);
    const shown = view.rows.map((row) => row.eventId);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toHaveLength(listed.length);
    // Once the list holds still, the next sync completes the month and the page says so.
    await up.sandbox.operator.clearFaults();
    const again = await runSync(db, {
      now: new Date(),
      requestId: 'test-sync',
      months: [month],
      force: true,
    });
    expect(again.walked).toEqual([expect.objectContaining({ month, complete: true, items: listed.length })]);
    expect((await monthView(month)).copy?.incomplete).toEqual([]);
  });
});

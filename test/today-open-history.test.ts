import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkDistinctPages } from '@/lib/annuity/pagination';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { addMonths, monthOf } from '@/lib/format/dates';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { syncMonth } from '@/lib/server/sync/walk';
import { loadToday } from '@/lib/server/today/load';
import { lookBackFrom, TODAY_BUCKET_TEXT } from '@/lib/today/buckets';
import type { BucketView } from '@/lib/today/data';
import { todayWindows } from '@/lib/today/windows';
import { startUpstreamHarness, TODAY, type UpstreamHarness } from './upstream-harness';

/**
 * Every renewal the service leaves open is on the paralegal's Today, whatever its due date. A
 * tenant made through the operator API keeps its generated history as it is (nobody tidied it):
 * a few lapsed renewals from years back were never decided. The service keeps each open, offering
 * SKIP_THIS_TIME and DROP, and refuses the patent's later renewals with EARLIER_EVENT_PENDING until
 * someone decides it (spec: Instruction rules). Today looked back twelve months only, so those
 * renewals were on no bucket at all.
 */
let up: UpstreamHarness;

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'open-history', patents: 600, seed: 20240501 });
}, 180_000);
afterAll(async () => up?.stop());

/**
 * The service's whole list of renewals, from the API itself: one window over every due date it
 * could hold, every page, following hasMore (spec: Endpoint 9, Pagination envelope).
 */
async function everyRenewal(): Promise<PatentEvent[]> {
  const events: PatentEvent[] = [];
  for await (const { items } of walkDistinctPages<PatentEvent>((currentPage, itemsPerPage) =>
    up.client.getPatentEventsByPeriod({
      dueFrom: '1900-01-01',
      dueTo: '2199-12-31',
      eventTypes: ['RENEWAL'],
      currentPage,
      itemsPerPage,
    }),
  ))
    events.push(...items);
  return events;
}

describe("the paralegal's Today on a history nobody tidied", () => {
  it('shows every renewal the service allows an instruction on now, lapsed ones due years ago included', async () => {
    const all = await everyRenewal();
    // spec: Instruction rules: an instruction is accepted while none is applied and it is allowed.
    const open = all.filter((event) => event.appliedDecision === null && event.instructability?.isAllowed);
    const lookBack = lookBackFrom(TODAY);
    const older = open.filter((event) => event.dueDate < lookBack);
    // The case the issue is about: lapsed renewals due before Today's look-back, still open.
    expect(older.length).toBeGreaterThan(0);
    for (const event of older) {
      expect(event.duePeriod).toBe('LAPSED');
      expect(event.instructability?.allowedDecisions).toEqual(['SKIP_THIS_TIME', 'DROP']);
    }

    // The whole history into the copy, month by month, from the earliest due date to the last
    // month whose renewals can be open now (Today's horizon).
    const earliest = monthOf(all.map((event) => event.dueDate).sort()[0] as string);
    const horizon = monthOf(todayWindows(TODAY).at(-1)?.to as string);
    const noon = new Date(`${TODAY}T12:00:00Z`);
    for (let month = earliest; month <= horizon; month = addMonths(month, 1))
      await syncMonth(up.client, up.app.database.db, DEFAULT_CONNECTION, month, 'test-history', noon);

    const data = await loadToday(
      { userId: up.app.users.paralegal.id, role: 'paralegal' },
      'today-open-history',
      noon,
    );
    if (!data.renewals?.ok) throw new Error(`no renewals section: ${JSON.stringify(data.renewals)}`);
    const section = data.renewals.data;
    const buckets: BucketView[] = section.buckets;
    // No bucket is capped here, so the items are the whole of Today (its counts are the items).
    for (const bucket of buckets) expect(bucket.items.length).toBe(bucket.count);
    const bucketOf = new Map(
      buckets.flatMap((bucket) => bucket.items.map((item) => [item.row.eventId, bucket.id] as const)),
    );
    const missing = open.filter((event) => !bucketOf.has(event.id));
    expect(missing.map((event) => `${event.id} due ${event.dueDate}`)).toEqual([]);

    // The old ones are in their own bucket, which says why they matter, and counted as read.
    const blocking = buckets.find((bucket) => bucket.id === 'lapsed-blocking');
    expect(blocking?.items.map((item) => item.row.eventId).sort()).toEqual(
      older.map((event) => event.id).sort(),
    );
    expect(TODAY_BUCKET_TEXT['lapsed-blocking'].description).toContain(
      "Blocks this patent's next renewal until skipped or dropped",
    );
    expect(section.openOutside).toBe(older.length);
    // Each still has its patent's details, joined as the window's rows are.
    for (const item of blocking?.items ?? []) expect(item.row.office).not.toBeNull();

    // Skipped at the service and its month read again, one leaves the bucket; the others stay.
    const skipped = older[0] as PatentEvent;
    await up.client.postPatentInstructions({
      instructions: [{ eventId: skipped.id, decision: 'SKIP_THIS_TIME' }],
    });
    await syncMonth(
      up.client,
      up.app.database.db,
      DEFAULT_CONNECTION,
      monthOf(skipped.dueDate),
      'test-skip',
      noon,
    );
    const after = await loadToday(
      { userId: up.app.users.paralegal.id, role: 'paralegal' },
      'today-after-skip',
      noon,
    );
    const left = after.renewals?.ok
      ? after.renewals.data.buckets.find((bucket) => bucket.id === 'lapsed-blocking')
      : undefined;
    expect(left?.items.map((item) => item.row.eventId).sort()).toEqual(
      older
        .filter((event) => event.id !== skipped.id)
        .map((event) => event.id)
        .sort(),
    );
  }, 300_000);
});

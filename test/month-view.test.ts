import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioPatent } from '@/lib/db/schema';
import { addMonths } from '@/lib/format/dates';
import { badgeKind } from '@/lib/renewals/instructability';
import { totalsByCurrency } from '@/lib/renewals/view-model';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { runSync } from '@/lib/server/sync/run';
import { jsonRequest, signIn } from './app-harness';
import { eventsBetween, startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * The month view's data against the stand-in service, with every upstream call counted by the
 * service's usage report: a warm month view costs exactly ceil(events / 100) calls.
 */
const PATENTS = 1_200;
let up: UpstreamHarness;
let cookie: string;

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'viewer', patents: PATENTS, seed: 31 });
  cookie = await signIn(up.app.users.paralegal.email);
}, 180_000);
afterAll(async () => up?.stop());

async function monthView(query: string) {
  const { GET } = await import('@/app/api/renewals/route');
  const response = await GET(jsonRequest(`/api/renewals?${query}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as RenewalWindowData;
}

describe('the month view against the service', () => {
  it('reads a month the copy lacks once (with the portfolio), then serves it from the copy at no call', async () => {
    const month = addMonths(up.currentMonth, 1);
    await up.resetUsage();
    const cold = await monthView(`month=${month}`);
    const events = cold.rows.length;
    expect(events).toBeGreaterThan(100);
    expect(await up.calls('getPatents')).toBe(Math.ceil(PATENTS / 100));
    expect(await up.calls('getPatentEventsByPeriod')).toBe(Math.ceil(events / 100));

    await up.resetUsage();
    const warm = await monthView(`month=${month}`);
    const usage = await up.sandbox.operator.getUsage(up.tenant);
    expect(usage.operations).toEqual({});
    expect(warm.upstreamCalls).toBe(0);
    expect(warm.rows.map((row) => row.eventId)).toEqual(cold.rows.map((row) => row.eventId));
    // The page says how old the copy is: the time of that one read.
    expect(warm.copy?.asOf).toBe(cold.copy?.asOf);
    expect(warm.fetchedAt).toBe(cold.copy?.asOf);
    expect(warm.copy).toMatchObject({ incomplete: [], neverRead: [], notAnsweringSince: null });
  });

  it('joins every renewal to its patent: office, title, owner, case reference', async () => {
    const month = up.currentMonth;
    const data = await monthView(`month=${month}`);
    const withOffice = data.rows.filter((row) => row.office !== null);
    expect(withOffice).toHaveLength(data.rows.length);
    const sample = data.rows[0];
    const patent = (await up.client.getPatent(sample?.patentId ?? '')).data;
    expect(sample).toMatchObject({
      office: patent.office,
      title: patent.title,
      owner: patent.owner,
      caseReference: patent.clientCaseReference,
    });
  });

  it('shows what the service lists: the same renewals, badges and totals per currency', async () => {
    const month = addMonths(up.currentMonth, 2);
    const data = await monthView(`month=${month}`);
    const listed = (await eventsBetween(up.client, month, month)).filter(
      (event) => event.eventType === 'RENEWAL',
    );
    expect(data.rows.map((row) => row.eventId).sort()).toEqual(listed.map((event) => event.id).sort());
    const byId = new Map(listed.map((event) => [event.id, event]));
    for (const row of data.rows) {
      expect(badgeKind(row.instructability)).toBe(badgeKind(byId.get(row.eventId)?.instructability ?? null));
      expect(row.fees?.total).toBe(byId.get(row.eventId)?.fees?.total);
    }
    expect(totalsByCurrency(data.rows).length).toBeGreaterThan(1);
  });

  it('sends office filters to the service and keeps only those offices', async () => {
    const month = up.currentMonth;
    const all = await monthView(`month=${month}`);
    const office = all.rows[0]?.office as string;
    await up.resetUsage();
    const filtered = await monthView(`month=${month}&offices=${office}`);
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((row) => row.office === office)).toBe(true);
    expect(filtered.rows.length).toBe(all.rows.filter((row) => row.office === office).length);
    // The filter runs on the copy, joined to the portfolio snapshot: no call.
    expect(await up.calls('getPatentEventsByPeriod')).toBe(0);
  });

  it('leaves patents the snapshot does not know to the sync, which reads a few one by one', async () => {
    const month = up.currentMonth;
    const data = await monthView(`month=${month}`);
    const forgotten = [...new Set(data.rows.map((row) => row.patentId))].slice(0, 3);
    const db = up.app.database.db;
    for (const id of forgotten) await db.delete(portfolioPatent).where(eq(portfolioPatent.id, id));
    await up.resetUsage();
    const before = await monthView(`month=${month}`);
    expect(await up.calls('getPatent')).toBe(0);
    expect(before.snapshot.unknownPatents).toBe(forgotten.length);
    expect(
      before.rows.filter((row) => forgotten.includes(row.patentId)).every((row) => row.office === null),
    ).toBe(true);
    await runSync(db, { now: new Date(), requestId: 'test-sync', months: [] });
    expect(await up.calls('getPatent')).toBe(forgotten.length);
    const after = await monthView(`month=${month}`);
    expect(after.snapshot.unknownPatents).toBe(0);
    expect(
      after.rows.filter((row) => forgotten.includes(row.patentId)).every((row) => row.office !== null),
    ).toBe(true);
  });

  it('has the sync refresh the snapshot instead of reading many unknown patents one by one', async () => {
    const month = up.currentMonth;
    const db = up.app.database.db;
    await db.delete(portfolioPatent);
    await up.resetUsage();
    const data = await monthView(`month=${month}`);
    expect(data.snapshot.unknownPatents).toBeGreaterThan(20);
    await runSync(db, { now: new Date(), requestId: 'test-sync', months: [] });
    expect(await up.calls('getPatent')).toBe(0);
    expect(await up.calls('getPatents')).toBe(Math.ceil(PATENTS / 100));
    const [stored] = await db.select({ n: count() }).from(portfolioPatent);
    expect(stored?.n ?? 0).toBeGreaterThanOrEqual(PATENTS);
    const after = await monthView(`month=${month}`);
    expect(after.snapshot.unknownPatents).toBe(0);
  });
});

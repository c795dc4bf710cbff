import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { syncEvent } from '@/lib/db/schema';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { ensureMonths } from '@/lib/server/sync/copy';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * A page never shows a renewal as too early once the service has opened it. Renewals open on the
 * first day of the month two months before their due month, at the service's midnight (spec:
 * Instruction rules, opensAt): a month the copy read the evening before still says TOO_EARLY, and
 * the first page that shows it after midnight reads it again before answering, without waiting
 * for the sync's next turn. Against the real stand-in, its clock moved across the month start.
 */
let up: UpstreamHarness;
/** Due in February 2027: its renewals open on 1 December 2026. */
const MONTH = '2027-02';

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'opened-month', patents: 400, seed: 17 });
}, 120_000);

afterAll(async () => {
  await up?.stop();
});

afterEach(() => {
  vi.useRealTimers();
});

async function copied(): Promise<PatentEvent[]> {
  const rows = await up.app.database.db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), eq(syncEvent.month, MONTH)));
  return rows.map((row) => JSON.parse(row.body) as PatentEvent);
}

/**
 * A day at the time of day the stand-in's own clock reads: it announces its midnight as seconds
 * from now (spec: Limits 3, RateLimit-Reset), from which the service's day is told, so this
 * process's moved clock keeps its time of day.
 */
const DAY_MS = 86_400_000;
const onDay = (date: string) => new Date(Date.parse(date) + (Date.now() % DAY_MS));

const tooEarly = (events: PatentEvent[]) =>
  events.filter((event) => event.instructability?.blockedReason === 'TOO_EARLY');

describe('a month whose renewals the service opened since the copy read it', () => {
  it('is read again by the first page that shows it, and then not again that day', async () => {
    // Read the day before the month starts: every renewal of the month is too early.
    vi.useFakeTimers({ toFake: ['Date'], now: onDay('2026-11-30') });
    await ensureMonths([MONTH], 'test-day-before', [DEFAULT_CONNECTION]);
    const before = await copied();
    expect(before.length).toBeGreaterThan(0);
    expect(tooEarly(before).length).toBe(before.length);
    expect(before.every((event) => event.instructability?.opensAt === '2026-12-01')).toBe(true);

    // The service's midnight passes; the sync has not run since.
    await up.sandbox.operator.setToday('2026-12-01');
    vi.setSystemTime(onDay('2026-12-01'));
    await up.resetUsage();
    const first = await ensureMonths([MONTH], 'test-after-midnight', [DEFAULT_CONNECTION]);
    expect(first.calls).toBeGreaterThan(0);
    const morning = await copied();
    expect(tooEarly(morning)).toEqual([]);
    expect(morning.some((event) => event.instructability?.isAllowed === true)).toBe(true);

    // Read since the service's day began: the next view costs no call.
    await up.resetUsage();
    const second = await ensureMonths([MONTH], 'test-next-view', [DEFAULT_CONNECTION]);
    expect(second.calls).toBe(0);
    expect(await up.calls('getPatentEventsByPeriod')).toBe(0);
  });
});

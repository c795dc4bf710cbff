import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { syncEvent, syncWindow } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { addMonths } from '@/lib/format/dates';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { runSync, syncPlanView } from '@/lib/server/sync/run';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * Nothing open out of sight: the sync keeps reading, at the urgent cadence, every month of the
 * copy that holds a renewal the service still leaves open or whose processing still moves, however
 * long ago it fell due (spec: Instruction rules, a LAPSED renewal stays open for SKIP_THIS_TIME or
 * DROP and blocks the next one; Event processing status, UNPROCESSABLE may come weeks later;
 * Events, nothing is pushed). The first sync reads the whole history once, and a month whose
 * TOO_EARLY renewals the service opened at its midnight is read at once. Against the real stand-in,
 * with the runs' clocks given and the cadences set low (urgent 5 min, the rest hours and days).
 */
let up: UpstreamHarness;
const saved = {
  urgent: process.env.SYNC_URGENT_MINUTES,
  soon: process.env.SYNC_SOON_MINUTES,
  far: process.env.SYNC_FAR_MINUTES,
};
/** The first sync's clock: the stand-in's today is the 15th of the same month. */
const FIRST = new Date('2026-11-27T12:00:00.000Z');
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);
let firstWalked: string[] = [];

beforeAll(async () => {
  process.env.SYNC_URGENT_MINUTES = '5';
  process.env.SYNC_SOON_MINUTES = '600';
  process.env.SYNC_FAR_MINUTES = '43200';
  up = await startUpstreamHarness({ name: 'open-history', patents: 1_200, seed: 71 });
  expect(up.currentMonth).toBe('2026-11');
  const run = await runSync(up.app.database.db, { now: FIRST, requestId: 'test-first-sync' });
  expect(run.stopped).toBeNull();
  expect(run.walked.length).toBeGreaterThan(30);
  firstWalked = run.walked.map((walk) => walk.month);
}, 240_000);

afterAll(async () => {
  await up?.stop();
  for (const [name, value] of [
    ['SYNC_URGENT_MINUTES', saved.urgent],
    ['SYNC_SOON_MINUTES', saved.soon],
    ['SYNC_FAR_MINUTES', saved.far],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
});

async function copiedEvents(month: string): Promise<PatentEvent[]> {
  const rows = await up.app.database.db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), eq(syncEvent.month, month)));
  return rows.map((row) => JSON.parse(row.body) as PatentEvent);
}

/**
 * The open months' cadence as the administrator's plan shows it: the urgent one, stretched alike
 * with every other when the plan would spend more than the sync's share (spec: Limits 2–3).
 */
async function openCadence(month: string, now: Date): Promise<number> {
  const view = await syncPlanView(DEFAULT_CONNECTION, now);
  const open = view.plan.tiers.find((tier) => tier.name === 'open');
  expect(open?.label).toBe('Open or still moving');
  expect(open?.months).toContain(month);
  // The history was read whole by the first sync: nothing of it is left to read.
  expect(view.plan.tiers.find((tier) => tier.name === 'history')?.months).toEqual([]);
  expect(open?.effectiveMinutes).toBe(
    view.plan.tiers.find((tier) => tier.name === 'urgent')?.effectiveMinutes,
  );
  return open?.effectiveMinutes ?? Number.NaN;
}

/** When the month was last read completely: the next read is due one urgent cadence later. */
async function readAt(month: string): Promise<Date> {
  const [row] = await up.app.database.db
    .select({ syncedAt: syncWindow.syncedAt })
    .from(syncWindow)
    .where(and(eq(syncWindow.connection, DEFAULT_CONNECTION), eq(syncWindow.month, month)));
  if (!row?.syncedAt) throw new Error(`${month} was never read`);
  return row.syncedAt;
}

async function copiedEvent(eventId: string): Promise<PatentEvent | undefined> {
  const [row] = await up.app.database.db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), eq(syncEvent.eventId, eventId)));
  return row ? (JSON.parse(row.body) as PatentEvent) : undefined;
}

/** The months due 8 to 10 months ago, far behind the urgent tier (M−6 … M+2). */
const longAgo = () => [
  addMonths(up.currentMonth, -8),
  addMonths(up.currentMonth, -9),
  addMonths(up.currentMonth, -10),
];

describe('the first sync', () => {
  it('reads the whole history once, back past the renewals the service holds', async () => {
    // The months from M−7 back to the portfolio's earliest filing, the history's renewals among them.
    for (const month of [...longAgo(), addMonths(up.currentMonth, -7), addMonths(up.currentMonth, -24)])
      expect(firstWalked).toContain(month);
    // Once each.
    expect(new Set(firstWalked).size).toBe(firstWalked.length);
    const windows = await up.app.database.db
      .select({ month: syncWindow.month, complete: syncWindow.complete })
      .from(syncWindow)
      .where(eq(syncWindow.connection, DEFAULT_CONNECTION));
    expect(windows.filter((row) => !row.complete)).toEqual([]);
    // The plan is each client's own (its key, its quota, its copy): a client whose copy holds
    // nothing has no open months and no history to read.
    const other = await syncPlanView('other-client', minutesAfter(FIRST, 1));
    expect(other.connection).toBe('other-client');
    expect(other.plan.tiers.find((tier) => tier.name === 'open')?.months).toEqual([]);
    expect(other.plan.tiers.find((tier) => tier.name === 'history')?.months).toEqual([]);
    const own = await syncPlanView(DEFAULT_CONNECTION, minutesAfter(FIRST, 1));
    expect(own.plan.tiers.find((tier) => tier.name === 'open')?.months.length).toBeGreaterThan(0);
    // A minute later nothing is due: the history is not read again, the urgent months are fresh.
    const again = await runSync(up.app.database.db, { now: minutesAfter(FIRST, 1), requestId: 'test-again' });
    expect(again.walked).toEqual([]);
  });
});

describe('a month due long ago with a renewal still open', () => {
  let lapsed: PatentEvent;

  it('shows a skip done at the service within the urgent cadence', async () => {
    const open = (await Promise.all(longAgo().map(copiedEvents)))
      .flat()
      .filter(
        (event) =>
          event.appliedDecision === null &&
          event.duePeriod === 'LAPSED' &&
          event.instructability?.isAllowed === true &&
          (event.instructability.allowedDecisions ?? []).includes('SKIP_THIS_TIME'),
      );
    expect(open.length).toBeGreaterThan(0);
    lapsed = open[0] as PatentEvent;
    // Decided at the service itself (the API, not this console): nothing here knows of it.
    await up.client.postPatentInstructions(
      { instructions: [{ eventId: lapsed.id, decision: 'SKIP_THIS_TIME' }] },
      { requestId: 'test-skip-at-service' },
    );
    expect((await copiedEvent(lapsed.id))?.appliedDecision).toBeNull();
    const month = lapsed.dueDate.slice(0, 7);
    const run = await runSync(up.app.database.db, {
      now: minutesAfter(await readAt(month), await openCadence(month, await readAt(month))),
      requestId: 'test-open',
    });
    expect(run.walked.map((walk) => walk.month)).toContain(month);
    const copied = await copiedEvent(lapsed.id);
    expect(copied?.appliedDecision).toBe('SKIP_THIS_TIME');
    expect(copied?.processingStatus).toBe('INSTRUCTED');
  });

  it('shows an UNPROCESSABLE the service sets weeks later on an instructed renewal', async () => {
    // Instructed and not FULFILLED: its month is still read at the urgent cadence.
    await up.sandbox.operator.progressEvent(lapsed.id, 'UNPROCESSABLE');
    const month = lapsed.dueDate.slice(0, 7);
    const run = await runSync(up.app.database.db, {
      now: minutesAfter(await readAt(month), await openCadence(month, await readAt(month))),
      requestId: 'test-moving',
    });
    expect(run.walked.map((walk) => walk.month)).toContain(month);
    expect((await copiedEvent(lapsed.id))?.processingStatus).toBe('UNPROCESSABLE');
  });
});

describe('renewals the service opens at its midnight', () => {
  it('are read as open on the first run after the month starts, whatever the tier', async () => {
    const month = '2027-02';
    const beforeMidnight = new Date('2026-11-30T23:58:00.000Z');
    // Read two minutes before the month ends (a month of the soon tier then, read every 10 h):
    // its renewals open on 1 December (spec: Instruction rules, opensAt).
    await runSync(up.app.database.db, { now: beforeMidnight, requestId: 'test-before', months: [month] });
    const tooEarly = (await copiedEvents(month)).filter(
      (event) => event.instructability?.blockedReason === 'TOO_EARLY',
    );
    expect(tooEarly.length).toBeGreaterThan(0);
    expect(tooEarly.every((event) => event.instructability?.opensAt === '2026-12-01')).toBe(true);
    // The service's clock crosses the month start; three minutes later (within the urgent
    // cadence of five) the next run reads the month again and finds them open.
    await up.sandbox.operator.setToday('2026-12-01');
    const run = await runSync(up.app.database.db, {
      now: new Date('2026-12-01T00:01:00.000Z'),
      requestId: 'test-after',
    });
    expect(run.walked.map((walk) => walk.month)).toContain(month);
    const events = await copiedEvents(month);
    expect(events.filter((event) => event.instructability?.blockedReason === 'TOO_EARLY')).toEqual([]);
    expect(events.some((event) => event.instructability?.isAllowed === true)).toBe(true);
  });
});

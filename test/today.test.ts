import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { syncDocument } from '@/lib/db/schema';
import type { DraftEntry } from '@/lib/decisions/draft';
import { addDays } from '@/lib/format/dates';
import { badgeKind } from '@/lib/renewals/instructability';
import { monthsOfWindow } from '@/lib/server/sync/copy';
import { runSync } from '@/lib/server/sync/run';
import { loadToday } from '@/lib/server/today/load';
import type { BucketView, TodayData } from '@/lib/today/data';
import { todayWindows } from '@/lib/today/windows';
import { jsonRequest, signIn } from './app-harness';
import { renewalsDueIn, startUpstreamHarness, TODAY, type UpstreamHarness } from './upstream-harness';

/**
 * Today against the stand-in service, its clock moved through the operator API: the
 * buckets agree with the service's own periods, a warm Today costs exactly the pages of its
 * windows, and one action moves a bucket into the draft.
 */
const PATENTS = 700;
let up: UpstreamHarness;
let paralegal: string;

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'today', patents: PATENTS, seed: 47 });
  paralegal = await signIn(up.app.users.paralegal.email);
}, 180_000);
afterAll(async () => up?.stop());

/** The service's clock moved: the copy of Today's months is read again, as a refresh would. */
async function syncToday(day: string) {
  const months = [
    ...new Set(todayWindows(day).flatMap((dueWindow) => monthsOfWindow(dueWindow.from, dueWindow.to))),
  ];
  await runSync(up.app.database.db, { now: noon(day), requestId: 'test-sync', months, force: true });
}

async function setToday(day: string) {
  await up.sandbox.operator.setToday(day);
  await syncToday(day);
}

async function serviceEvents(day: string): Promise<PatentEvent[]> {
  const events: PatentEvent[] = [];
  for (const dueWindow of todayWindows(day)) events.push(...(await renewalsDueIn(up.client, dueWindow)));
  return events;
}

function paralegalBuckets(data: TodayData): BucketView[] {
  if (!data.renewals?.ok) throw new Error(`no renewals section: ${JSON.stringify(data.renewals)}`);
  return data.renewals.data.buckets;
}

const bucketOf = (buckets: BucketView[], id: BucketView['id']) =>
  buckets.find((bucket) => bucket.id === id) as BucketView;

function viewer(role: 'paralegal' | 'finance' | 'manager' | 'admin') {
  return { userId: up.app.users[role].id, role };
}

describe('Today against the service', () => {
  it('reads its months into the copy once, then costs no call', async () => {
    await setToday(TODAY);
    await loadToday(viewer('paralegal'), 'today-cold', noon(TODAY));
    await up.resetUsage();
    const data = await loadToday(viewer('paralegal'), 'today-warm', noon(TODAY));
    const usage = await up.sandbox.operator.getUsage(up.tenant);
    const events = await serviceEvents(TODAY);
    expect(usage.operations).toEqual({});
    const renewals = data.renewals?.ok ? data.renewals.data : null;
    expect(renewals?.renewalsRead).toBe(events.length);
    expect(renewals?.upstreamCalls).toBe(0);
  });

  it('counts per bucket match the periods the service reports', async () => {
    await setToday(TODAY);
    const data = await loadToday(viewer('paralegal'), 'today-counts', noon(TODAY));
    const buckets = paralegalBuckets(data);
    const undecided = (await serviceEvents(TODAY)).filter(
      (event) =>
        event.appliedDecision === null && badgeKind(event.instructability ?? null) !== 'already-instructed',
    );
    const inGrace = undecided.filter((event) => event.duePeriod === 'GRACE_PERIOD');
    const lapsed = undecided.filter((event) => event.duePeriod === 'LAPSED');
    const month = TODAY.slice(0, 7);
    const dueThisMonth = undecided.filter(
      (event) =>
        event.dueDate.startsWith(month) &&
        event.dueDate >= TODAY &&
        badgeKind(event.instructability ?? null) !== 'too-early',
    );
    expect(inGrace.length).toBeGreaterThan(0);
    expect(bucketOf(buckets, 'lapsing-soon').items.length + bucketOf(buckets, 'in-grace').items.length).toBe(
      inGrace.length,
    );
    expect(bucketOf(buckets, 'lapsed').items.length).toBe(lapsed.length);
    expect(bucketOf(buckets, 'due-this-month').items.length).toBe(dueThisMonth.length);
    // Each bucket is ordered by its deadline.
    for (const bucket of buckets) {
      const deadlines = bucket.items.map((item) => item.deadline);
      expect(deadlines).toEqual([...deadlines].sort());
    }
  });

  it('moves a renewal from lapsing soon (last day) to lapsed as the service clock passes its grace end', async () => {
    await setToday(TODAY);
    const before = paralegalBuckets(await loadToday(viewer('paralegal'), 'today-grace', noon(TODAY)));
    const target = [...bucketOf(before, 'lapsing-soon').items, ...bucketOf(before, 'in-grace').items].find(
      (item) => item.decisions.includes('PROCEED'),
    );
    expect(target).toBeDefined();
    const graceEnd = target?.row.gracePeriodEndDate as string;

    await setToday(graceEnd);
    const lastDay = paralegalBuckets(await loadToday(viewer('paralegal'), 'today-last-day', noon(graceEnd)));
    const onLastDay = bucketOf(lastDay, 'lapsing-soon').items.find(
      (item) => item.row.eventId === target?.row.eventId,
    );
    expect(onLastDay?.daysLeft).toBe(0);
    expect(onLastDay?.surcharge?.currency).toBe(onLastDay?.row.fees?.currency);

    const dayAfter = addDays(graceEnd, 1);
    await setToday(dayAfter);
    const after = paralegalBuckets(await loadToday(viewer('paralegal'), 'today-lapsed', noon(dayAfter)));
    const lapsed = bucketOf(after, 'lapsed').items.find((item) => item.row.eventId === target?.row.eventId);
    expect(lapsed).toBeDefined();
    // spec: Instruction rules: PROCEED is not offered on a LAPSED event.
    expect(lapsed?.decisions).not.toContain('PROCEED');
    await setToday(TODAY);
  });

  it('names the earlier renewal that blocks a renewal, the earliest undecided one of its patent', async () => {
    await setToday(TODAY);
    const buckets = paralegalBuckets(await loadToday(viewer('paralegal'), 'today-chain', noon(TODAY)));
    const blocked = buckets
      .flatMap((bucket) => bucket.items)
      .filter((item) => item.badge === 'earlier-pending');
    expect(blocked.length).toBeGreaterThan(0);
    for (const item of blocked.slice(0, 5)) {
      const events = (await up.client.getPatentEvents(item.row.patentId)).data
        .filter((event) => event.appliedDecision === null && event.eventType === 'RENEWAL')
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
      const earliest = events[0];
      expect(item.earlier?.patentId).toBe(item.row.patentId);
      if (item.earlier?.eventId) expect(item.earlier.eventId).toBe(earliest?.id);
      else expect((earliest?.dueDate ?? '') < (todayWindows(TODAY)[0]?.from ?? '')).toBe(true);
    }
  });

  it('adds a whole bucket to the draft with one decision, within each renewal’s allowed decisions', async () => {
    await setToday(TODAY);
    const { GET } = await import('@/app/api/today/route');
    const response = await GET(jsonRequest('/api/today', { cookie: paralegal }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as TodayData;
    const { entryFromRow } = await import('@/lib/decisions/entry-from-row');
    const bucket = paralegalBuckets(data).find((candidate) => candidate.decidable > 0) as BucketView;
    const decidable = bucket.items.filter((item) => item.decisions.includes('SKIP_THIS_TIME'));
    const entries: DraftEntry[] = decidable.map((item) => entryFromRow(item.row, 'SKIP_THIS_TIME'));
    // One renewal the service does not offer PROCEED for, sent anyway: refused, not added.
    const refusedRow = bucketOf(paralegalBuckets(data), 'lapsed').items.find(
      (item) => !item.decisions.includes('PROCEED'),
    );
    if (refusedRow) entries.push(entryFromRow(refusedRow.row, 'PROCEED'));

    const { POST } = await import('@/app/api/today/draft/route');
    const added = await POST(
      jsonRequest('/api/today/draft', { method: 'POST', cookie: paralegal, body: { entries } }),
    );
    expect(added.status).toBe(200);
    const result = (await added.json()) as {
      added: number;
      refused: { eventId: string }[];
      draft: { entries: DraftEntry[] };
    };
    const patents = new Set(decidable.map((item) => item.row.patentId));
    expect(result.added).toBe(patents.size);
    if (refusedRow) expect(result.refused.map((entry) => entry.eventId)).toContain(refusedRow.row.eventId);
    const { GET: readDraft } = await import('@/app/api/decisions/draft/route');
    const draft = (await (
      await readDraft(jsonRequest('/api/decisions/draft', { cookie: paralegal }))
    ).json()) as {
      entries: DraftEntry[];
    };
    expect(draft.entries).toHaveLength(patents.size);
    for (const entry of draft.entries) expect(entry.allowedDecisions).toContain(entry.decision);

    // Again: nothing new, the draft keeps its version.
    const again = await POST(
      jsonRequest('/api/today/draft', { method: 'POST', cookie: paralegal, body: { entries } }),
    );
    expect(((await again.json()) as { added: number }).added).toBe(0);
  });

  it('answers every role with its own sections, each loaded', async () => {
    for (const role of ['finance', 'manager', 'admin'] as const) {
      const cookie = await signIn(up.app.users[role].email);
      const { GET } = await import('@/app/api/today/route');
      const data = (await (await GET(jsonRequest('/api/today', { cookie }))).json()) as TodayData;
      expect(data.role).toBe(role);
      expect(data.changes?.ok).toBe(true);
      if (role === 'finance') {
        expect(data.finance?.ok).toBe(true);
        expect(data.renewals).toBeNull();
      }
      if (role === 'manager') {
        expect(data.manager?.ok, JSON.stringify(data.manager)).toBe(true);
        expect(data.finance?.ok).toBe(true);
      }
      if (role === 'admin') {
        expect(data.admin?.ok).toBe(true);
        expect(data.renewals).toBeNull();
        expect(data.finance).toBeNull();
      }
    }
  });

  it('shows a failing section as its problem, the others still answering', { timeout: 120_000 }, async () => {
    // The frozen months were never read into the copy, and the service is down: the manager's
    // section says so; the rest of Today answers from the copy.
    await up.app.database.db.delete(syncDocument);
    await up.sandbox.operator.setFaults({ dropRate: 1 });
    try {
      const data = await loadToday(viewer('manager'), 'today-down', noon(TODAY));
      expect(data.manager?.ok).toBe(false);
      expect(data.changes?.ok).toBe(true);
      if (data.manager && !data.manager.ok) expect(data.manager.problem.requestId).toBe('today-down');
    } finally {
      await up.sandbox.operator.clearFaults();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { syncEvent, syncWindow } from '@/lib/db/schema';
import { entryFromRow } from '@/lib/decisions/entry-from-row';
import { draftEntryOf } from '@/lib/decisions/testing';
import { resetEnvForTests } from '@/lib/env';
import { addMonths } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import type { FreezeMonthData } from '@/lib/rate-freezes/data';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { loadPatentDetail } from '@/lib/server/portfolio/patents';
import { storePatentEvents } from '@/lib/server/sync/copy';
import { draftAgainstCopy } from '@/lib/server/sync/draft-against-copy';
import { copyMonthRows } from '@/lib/server/sync/month-rows';
import { setRefreshWaitForTests } from '@/lib/server/sync/refresh-now';
import { plannedMonths, runSync } from '@/lib/server/sync/run';
import type { TodayData } from '@/lib/today/data';
import type { TrackingData } from '@/lib/tracking/data';
import { jsonRequest, signIn } from './app-harness';
import { putDraftAs } from './draft-fixtures';
import { startUpstreamHarness, TODAY, type UpstreamHarness } from './upstream-harness';

/**
 * Every page reads the synced copy: once the sync has run, a page view costs no upstream call, and
 * with the service stopped (a stalled process, SIGSTOP) the pages still show their renewals within
 * a second; with it back, the next sync needs no one.
 */
let up: UpstreamHarness;
let manager: string;
const noon = (day: string) => new Date(`${day}T12:00:00.000Z`);

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'copy', patents: 800, seed: 83 });
  manager = await signIn(up.app.users.manager.email);
  const run = await runSync(up.app.database.db, {
    now: noon(TODAY),
    requestId: 'test-first-sync',
    months: plannedMonths(noon(TODAY)),
    force: true,
  });
  expect(run.stopped).toBeNull();
}, 180_000);
afterAll(async () => up?.stop());

async function get<T>(route: string, url: string): Promise<{ status: number; body: T; ms: number }> {
  const started = performance.now();
  const { GET } = (await import(/* @vite-ignore */ route)) as {
    GET: (request: Request) => Promise<Response>;
  };
  const response = await GET(jsonRequest(url, { cookie: manager }));
  return { status: response.status, body: (await response.json()) as T, ms: performance.now() - started };
}

const month = () => addMonths(up.currentMonth, 1);

async function views() {
  const renewals = await get<RenewalWindowData>('@/app/api/renewals/route', `/api/renewals?month=${month()}`);
  const today = await get<TodayData>('@/app/api/today/route', '/api/today');
  const portfolio = await get<{ data: unknown[] }>(
    '@/app/api/portfolio/route',
    '/api/portfolio?page=2&size=25',
  );
  const tracking = await get<TrackingData>(
    '@/app/api/tracking/route',
    `/api/tracking?month=${up.currentMonth}`,
  );
  return { renewals, today, portfolio, tracking };
}

describe('pages on the synced copy', () => {
  it('cost no upstream call: twenty views of Today, the month view, the portfolio and tracking', async () => {
    const first = await views();
    const patentId = first.renewals.body.rows[0]?.patentId as string;
    await loadPatentDetail(patentId, 'warm-patent');
    await up.resetUsage();
    for (let round = 0; round < 5; round++) {
      const seen = await views();
      expect(seen.renewals.status).toBe(200);
      expect(seen.renewals.body.rows.length).toBe(first.renewals.body.rows.length);
      expect(seen.today.status).toBe(200);
      expect(seen.portfolio.body.data).toHaveLength(25);
      expect(seen.tracking.status).toBe(200);
      expect((await loadPatentDetail(patentId, 'patent')).events.length).toBeGreaterThan(0);
    }
    expect((await up.sandbox.operator.getUsage(up.tenant)).operations).toEqual({});
  });

  it('show their renewals within a second while the service is stopped, and recover by themselves', async () => {
    const patentId = (await views()).renewals.body.rows[0]?.patentId as string;
    const pid = up.sandbox.pid as number;
    process.kill(-pid, 'SIGSTOP');
    try {
      const seen = await views();
      for (const [page, view] of Object.entries(seen)) {
        expect(view.status, page).toBe(200);
        expect(view.ms, page).toBeLessThan(1_000);
      }
      expect(seen.renewals.body.rows.length).toBeGreaterThan(0);
      expect(seen.renewals.body.copy?.asOf).not.toBeNull();
      expect(seen.tracking.body.rows.length).toBeGreaterThan(0);
      const started = performance.now();
      const patent = await loadPatentDetail(patentId, 'stalled-patent');
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(patent.events.length).toBeGreaterThan(0);
      expect(patent.copy.asOf).not.toBeNull();
    } finally {
      process.kill(-pid, 'SIGCONT');
    }
    const run = await runSync(up.app.database.db, {
      now: new Date(),
      requestId: 'test-after-stall',
      months: [month()],
      force: true,
    });
    expect(run.stopped).toBeNull();
    expect(run.walked[0]?.complete).toBe(true);
  });

  it('tells the review what changed since the user decided: a moved estimate, a decision no longer offered, a renewal gone', async () => {
    const rows = (await views()).renewals.body.rows.filter(
      (row) => row.fees?.total && row.instructability?.isAllowed,
    );
    const [moved, blocked, gone] = rows as [RenewalRow, RenewalRow, RenewalRow];
    const movedEntry = entryFromRow(moved, 'PROCEED');
    const entries = [
      { ...movedEntry, estimate: movedEntry.estimate && { ...movedEntry.estimate, amount: '1.00' } },
      // A decision the service does not offer on it now.
      { ...entryFromRow(blocked, 'PROCEED'), decision: 'UNKNOWN_DECISION' as 'PROCEED' },
      { ...entryFromRow(gone, 'SKIP_THIS_TIME'), eventId: randomUUID() },
      entryFromRow(rows[3] as RenewalRow, 'PROCEED'),
    ];
    await up.resetUsage();
    const changes = await draftAgainstCopy(entries);
    expect((await up.sandbox.operator.getUsage(up.tenant)).operations).toEqual({});
    expect(changes).toEqual([
      {
        eventId: moved.eventId,
        kind: 'estimate-moved',
        was: '1.00',
        now: moved.fees?.total,
        currency: moved.fees?.currency,
      },
      expect.objectContaining({ eventId: blocked.eventId, kind: 'not-decidable' }),
      { eventId: entries[2]?.eventId, kind: 'gone' },
    ]);
  });

  it("shows the user's own writes at once: the decision, the patent's next renewal opening, a DROP's future renewals gone", async () => {
    const paralegal = await signIn(up.app.users.paralegal.email);
    const held = await copyEvents();
    // Two patents each with an open renewal and a later one the copy holds.
    const withLater = (decision: string) =>
      held.find(
        (event) =>
          event.instructability?.allowedDecisions.includes(decision) &&
          !used.has(event.patent.id) &&
          held.some((later) => later.patent.id === event.patent.id && later.dueDate > event.dueDate),
      ) as PatentEvent;
    const proceed = withLater('PROCEED');
    used.add(proceed.patent.id);
    const drop = withLater('DROP');
    used.add(drop.patent.id);
    const draft = await putDraftAs(paralegal, [draftEntryOf(proceed, 'PROCEED'), draftEntryOf(drop, 'DROP')]);
    const { POST } = await import('@/app/api/decisions/batches/route');
    const sent = await POST(
      jsonRequest('/api/decisions/batches', {
        method: 'POST',
        cookie: paralegal,
        body: {
          batchKey: draft.batchKey,
          dropConfirmations: [
            {
              eventId: drop.id,
              patentName: patentName(draftEntryOf(drop, 'DROP')),
              rationale: 'Not worth renewing',
            },
          ],
          requestApproval: true,
        },
      }),
    );
    expect([201, 202]).toContain(sent.status);
    if (sent.status === 202) {
      // The DROP waits for a manager (the default policy): approve it.
      const { batch } = (await sent.json()) as { batch: { id: string } };
      const { POST: approve } = await import('@/app/api/approvals/[batchId]/approve/route');
      const approved = await approve(
        jsonRequest(`/api/approvals/${batch.id}/approve`, { method: 'POST', cookie: manager }),
        { params: Promise.resolve({ batchId: batch.id }) },
      );
      expect(approved.status).toBe(201);
    }
    const after = await copyEvents();
    expect(after.find((event) => event.id === proceed.id)?.appliedDecision).toBe('PROCEED');
    const next = after
      .filter((event) => event.patent.id === proceed.patent.id && event.dueDate > proceed.dueDate)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
    expect(next?.instructability?.blockedReason).not.toBe('EARLIER_EVENT_PENDING');
    expect(after.find((event) => event.id === drop.id)?.appliedDecision).toBe('DROP');
    expect(
      after.filter((event) => event.patent.id === drop.patent.id && event.dueDate > drop.dueDate),
    ).toEqual([]);
  });

  it('refreshes what a page shows on request, within a daily cap per user, and names a bad field', async () => {
    const { POST } = await import('@/app/api/copy/refresh/route');
    const refresh = (body: unknown, cookie = manager) =>
      POST(jsonRequest('/api/copy/refresh', { method: 'POST', cookie, body }));
    const event = (await copyEvents()).find(
      (candidate) => candidate.instructability?.isAllowed,
    ) as PatentEvent;
    // The office moves a renewal along: the copy learns it on Refresh now, not before.
    await up.client.postPatentInstructions({
      instructions: [{ eventId: event.id, decision: 'SKIP_THIS_TIME' }],
    });
    expect((await copyEvents()).find((candidate) => candidate.id === event.id)?.appliedDecision).toBeNull();
    const month = event.dueDate.slice(0, 7);
    const answer = await refresh({ months: [month] });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { calls: number }).calls).toBeGreaterThan(0);
    expect((await copyEvents()).find((candidate) => candidate.id === event.id)?.appliedDecision).toBe(
      'SKIP_THIS_TIME',
    );

    const bad = await refresh({ months: ['2026-13'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('months');
    const paralegal = await signIn(up.app.users.paralegal.email);
    expect((await refresh({ freezeMonth: month }, paralegal)).status).toBe(403);

    // The cap: judged before anything is read.
    process.env.REFRESH_CALLS_PER_USER = '1';
    resetEnvForTests();
    try {
      await up.resetUsage();
      const capped = await refresh({ months: [month, addMonths(month, 1)] });
      expect(capped.status).toBe(429);
      expect(((await capped.json()) as { code: string }).code).toBe('refresh_cap_reached');
      expect((await up.sandbox.operator.getUsage(up.tenant)).operations).toEqual({});
    } finally {
      delete process.env.REFRESH_CALLS_PER_USER;
      resetEnvForTests();
    }
  });

  it('ends Refresh now within its wait, saying why, while the service does not answer, and lets it be tried again', async () => {
    const { POST } = await import('@/app/api/copy/refresh/route');
    const refresh = () =>
      POST(
        jsonRequest('/api/copy/refresh', { method: 'POST', cookie: manager, body: { months: [month()] } }),
      );
    const pid = up.sandbox.pid as number;
    setRefreshWaitForTests(1_000);
    process.kill(-pid, 'SIGSTOP');
    try {
      const started = performance.now();
      const stalled = await refresh();
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(stalled.status).toBe(504);
      expect(await stalled.json()).toMatchObject({
        code: 'refresh_not_answered',
        title: 'The renewal service did not answer',
        detail: expect.stringContaining('Try Refresh now again'),
      });
    } finally {
      process.kill(-pid, 'SIGCONT');
      setRefreshWaitForTests();
    }
    // Answering again, the service is read: the same button works.
    const again = await refresh();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { calls: number }).calls).toBeGreaterThan(0);
  });

  it('says how old a freeze preview is, and Refresh now reads it again', async () => {
    const { GET } = await import('@/app/api/rate-freezes/[yearMonth]/route');
    const { POST } = await import('@/app/api/copy/refresh/route');
    const yearMonth = addMonths(up.currentMonth, 1);
    const read = async () => {
      const response = await GET(jsonRequest(`/api/rate-freezes/${yearMonth}`, { cookie: manager }), {
        params: Promise.resolve({ yearMonth }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as FreezeMonthData;
    };
    const before = await read();
    expect(before.copy).toEqual({
      asOf: before.fetchedAt,
      incomplete: [],
      neverRead: [],
      notAnsweringSince: null,
    });
    const refreshed = await POST(
      jsonRequest('/api/copy/refresh', { method: 'POST', cookie: manager, body: { freezeMonth: yearMonth } }),
    );
    expect(refreshed.status).toBe(200);
    const after = await read();
    expect(Date.parse(after.copy.asOf ?? '')).toBeGreaterThan(Date.parse(before.copy.asOf ?? ''));
  });

  it('keeps whole months parsed only while the copy of the month is unchanged', async () => {
    const month = addMonths(up.currentMonth, 1);
    const first = await copyMonthRows([month]);
    const again = await copyMonthRows([month]);
    expect(again.changed).toBe(false);
    expect(again.byMonth.get(month)?.rows).toBe(first.byMonth.get(month)?.rows);
    // A patent read whole (a write, a refresh) changes the month: the next use reads it anew.
    const row = first.byMonth.get(month)?.rows[0] as RenewalRow;
    const events = (await copyEvents()).filter((event) => event.patent.id === row.patentId);
    const changedEvents = events.map((event) =>
      event.id === row.eventId ? { ...event, processingStatus: 'UNPROCESSABLE' } : event,
    );
    await storePatentEvents(up.app.database.db, row.patentId, changedEvents);
    const after = await copyMonthRows([month]);
    expect(after.changed).toBe(true);
    expect(after.byMonth.get(month)?.rows.find((r) => r.eventId === row.eventId)?.processingStatus).toBe(
      'UNPROCESSABLE',
    );
  });

  it("dates each month a run walks when its walk began, on the run's clock", async () => {
    // Every page of the month list answers 300 ms late: the second month's walk begins well
    // into the run, and the copy's age must not read older than what it holds.
    await up.sandbox.operator.setFaults({ latencyMs: 300, paths: ['patent-events'] });
    const months = [addMonths(up.currentMonth, 1), addMonths(up.currentMonth, 2)];
    const now = noon(TODAY);
    try {
      const began = Date.now();
      const run = await runSync(up.app.database.db, {
        now,
        requestId: 'test-dated-walks',
        months,
        force: true,
      });
      expect(run.walked.map((walk) => walk.complete)).toEqual([true, true]);
      const windows = await up.app.database.db
        .select()
        .from(syncWindow)
        .where(inArray(syncWindow.month, months));
      const dated = new Map(windows.map((window) => [window.month, window.syncedAt?.getTime() ?? 0]));
      const first = dated.get(months[0] as string) ?? 0;
      const second = dated.get(months[1] as string) ?? 0;
      expect(first).toBeGreaterThanOrEqual(now.getTime());
      expect(first).toBeLessThan(now.getTime() + 60_000);
      // At least the first month's 300 ms pages later, and no later than the run took.
      expect(second - first).toBeGreaterThanOrEqual(run.walked[0]?.calls ? 300 * run.walked[0].calls : 300);
      expect(second).toBeLessThanOrEqual(now.getTime() + (Date.now() - began));
    } finally {
      await up.sandbox.operator.clearFaults();
    }
  });
});

const used = new Set<string>();

async function copyEvents(): Promise<PatentEvent[]> {
  const rows = await up.app.database.db.select({ body: syncEvent.body }).from(syncEvent);
  return rows.map((row) => JSON.parse(row.body) as PatentEvent);
}

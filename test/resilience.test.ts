import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView } from '@/lib/decisions/batch';
import type { DraftEntry } from '@/lib/decisions/draft';
import { entryFromRow } from '@/lib/decisions/entry-from-row';
import { addMonths } from '@/lib/format/dates';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { runSync } from '@/lib/server/sync/run';
import { jsonRequest, signIn } from './app-harness';
import { getDraftAs, putDraftAs } from './draft-fixtures';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * The dashboard when the service is slow, failing or gone, with the stand-in
 * service's fault injection. Faults are deterministic (`every`), so retries are tested, not hoped.
 */
let up: UpstreamHarness;
let cookie: string;
let baseline: RenewalWindowData;

async function monthView(month: string = up.currentMonth) {
  const { GET } = await import('@/app/api/renewals/route');
  const response = await GET(jsonRequest(`/api/renewals?month=${month}`, { cookie }));
  return {
    status: response.status,
    body: (await response.json()) as RenewalWindowData & { code?: string; detail?: string },
  };
}

const ids = (data: RenewalWindowData) => data.rows.map((row) => row.eventId).sort();

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'resilient', patents: 1_500, seed: 77 });
  cookie = await signIn(up.app.users.paralegal.email);
  const first = await monthView();
  expect(first.status).toBe(200);
  baseline = first.body;
  // Several pages, so a fault in the middle of a walk is exercised too.
  expect(baseline.rows.length).toBeGreaterThan(100);
}, 180_000);
afterAll(async () => up?.stop());
afterEach(async () => up.sandbox.operator.clearFaults());

describe('reads under faults', () => {
  const sync = (month = up.currentMonth) =>
    runSync(up.app.database.db, { now: new Date(), requestId: 'test-sync', months: [month], force: true });

  it('answer from the copy without waiting for a slow service', async () => {
    await up.sandbox.operator.setFaults({ latencyMs: 500 });
    const started = Date.now();
    const { status, body } = await monthView();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(ids(baseline));
    expect(Date.now() - started).toBeLessThan(500);
    // The sync still reads the slow service completely.
    const run = await sync();
    expect(run.walked).toEqual([expect.objectContaining({ complete: true, items: baseline.rows.length })]);
  });

  it('recover from 20 % of calls failing with 503, by retrying', async () => {
    await up.sandbox.operator.setFaults({ every: 5, errorStatus: 503 });
    for (let round = 0; round < 3; round++) {
      const run = await sync();
      expect(run.stopped).toBeNull();
      const { status, body } = await monthView();
      expect(status).toBe(200);
      expect(ids(body)).toEqual(ids(baseline));
    }
    const { GET } = await import('@/app/api/portfolio/route');
    for (const page of [1, 2, 3, 4, 5]) {
      expect((await GET(jsonRequest(`/api/portfolio?page=${page}&size=100`, { cookie }))).status).toBe(200);
    }
  });

  it('recover from dropped connections, by retrying', async () => {
    await up.sandbox.operator.setFaults({ every: 3, dropRate: 1 });
    const run = await sync();
    expect(run.stopped).toBeNull();
    const { status, body } = await monthView();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(ids(baseline));
  });

  it('show the copy with its age while the service is down, and say plainly when there is no copy', async () => {
    await up.sandbox.operator.setFaults({ dropRate: 1 });
    const run = await sync();
    expect(run.stopped).toBe('not-answering');
    const { status, body } = await monthView();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(ids(baseline));
    expect(body.copy?.notAnsweringSince).not.toBeNull();
    expect(body.copy?.asOf).not.toBeNull();
    // A month the copy never read: the service's problem, never "no results".
    const never = addMonths(up.currentMonth, 30);
    const missing = await monthView(never);
    expect(missing.status).toBe(502);
    expect(missing.body.code).toBe('upstream_unreachable');
    expect(missing.body.detail).toMatch(/not answering/);
    expect(missing.body.rows).toBeUndefined();
    const { GET } = await import('@/app/api/tracking/route');
    const tracking = await GET(jsonRequest(`/api/tracking?month=${never}`, { cookie }));
    expect(tracking.status).toBe(502);
    // Back: the next sync clears the outage by itself.
    await up.sandbox.operator.clearFaults();
    expect((await sync()).stopped).toBeNull();
    expect((await monthView()).body.copy?.notAnsweringSince).toBeNull();
  });

  it('say the service is failing when it answers errors to every attempt', async () => {
    await up.sandbox.operator.setFaults({ errorRate: 1, errorStatus: 500 });
    const { status, body } = await monthView(addMonths(up.currentMonth, 31));
    expect(status).toBe(502);
    expect(body.code).toBe('upstream_failing');
  });
});

describe('decisions under faults', () => {
  const putDraft = (entries: DraftEntry[]) => putDraftAs(cookie, entries);
  async function send(batchKey: string) {
    const { POST } = await import('@/app/api/decisions/batches/route');
    const response = await POST(
      jsonRequest('/api/decisions/batches', { method: 'POST', cookie, body: { batchKey } }),
    );
    return { status: response.status, body: (await response.json()) as { batch?: BatchView; code?: string } };
  }
  const draft = () => getDraftAs(cookie);

  it('keep the renewal in its batch, checking with the service, when the POST fails, then send the same batch again', async () => {
    const row = baseline.rows.find(
      (candidate) =>
        candidate.instructability?.isAllowed &&
        candidate.instructability.allowedDecisions.includes('PROCEED'),
    );
    expect(row).toBeDefined();
    const open = row as NonNullable<typeof row>;
    // The entry the month view puts in the draft for this row.
    const first = await putDraft([entryFromRow(open, 'PROCEED')]);
    await up.resetUsage();
    await up.sandbox.operator.setFaults({ errorRate: 1, errorStatus: 503, paths: ['patent-instructions'] });
    const failed = await send(first.batchKey);
    // A 5xx says nothing certain about a POST: the batch stays "checking with the service" and the
    // renewal, still undecided there, is "not confirmed" (spec: Errors, 5xx "not shown").
    expect(failed.status).toBe(202);
    expect(failed.body.batch?.state).toBe('outcome_unknown');
    expect(failed.body.batch?.items[0]?.problemCode).toBe('not_confirmed');
    const kept = await draft();
    expect(kept.entries.map((e) => e.eventId)).toEqual([open.eventId]);
    expect(kept.beingSent).toEqual({ [open.eventId]: failed.body.batch?.id });
    // Sending the failed attempt's key again replays it; nothing reaches the service (the
    // injected 503 answers before it, like a failing gateway).
    expect((await send(first.batchKey)).body.batch?.id).toBe(failed.body.batch?.id);
    expect(await up.calls('postPatentInstructions')).toBe(0);

    await up.sandbox.operator.clearFaults();
    // The retry sends the same batch again, never a second one.
    const batchId = failed.body.batch?.id as string;
    const { POST } = await import('@/app/api/decisions/batches/[batchId]/resend/route');
    const sent = await POST(
      jsonRequest(`/api/decisions/batches/${batchId}/resend`, { method: 'POST', cookie }),
      { params: Promise.resolve({ batchId }) },
    );
    expect(sent.status).toBe(201);
    expect(await up.calls('postPatentInstructions')).toBe(1);
    expect((await draft()).entries).toEqual([]);
  });
});

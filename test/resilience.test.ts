import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView } from '@/lib/decisions/batch';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { jsonRequest, signIn } from './app-harness';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * The dashboard when the service is slow, failing or gone (issue 10: resilience), with the stand-in
 * service's fault injection. Faults are deterministic (`every`), so retries are tested, not hoped.
 */
let up: UpstreamHarness;
let cookie: string;
let baseline: RenewalWindowData;

async function monthView(month = up.currentMonth) {
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
  it('still answer with 500 ms of latency on every call', async () => {
    await up.sandbox.operator.setFaults({ latencyMs: 500 });
    const started = Date.now();
    const { status, body } = await monthView();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(ids(baseline));
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('recover from 20 % of calls failing with 503, by retrying', async () => {
    await up.sandbox.operator.setFaults({ every: 5, errorStatus: 503 });
    for (let round = 0; round < 3; round++) {
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
    const { status, body } = await monthView();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(ids(baseline));
  });

  it('say plainly that the service cannot be reached when it is down, never "no results"', async () => {
    await up.sandbox.operator.setFaults({ dropRate: 1 });
    const { status, body } = await monthView();
    expect(status).toBe(502);
    expect(body.code).toBe('upstream_unreachable');
    expect(body.detail).toMatch(/not answering/);
    expect(body.rows).toBeUndefined();
    const { GET } = await import('@/app/api/tracking/route');
    const tracking = await GET(jsonRequest(`/api/tracking?month=${up.currentMonth}`, { cookie }));
    expect(tracking.status).toBe(502);
  });

  it('say the service is failing when it answers errors to every attempt', async () => {
    await up.sandbox.operator.setFaults({ errorRate: 1, errorStatus: 500 });
    const { status, body } = await monthView();
    expect(status).toBe(502);
    expect(body.code).toBe('upstream_failing');
  });
});

describe('decisions under faults', () => {
  async function putDraft(entries: DraftEntry[]): Promise<Draft> {
    const { PUT } = await import('@/app/api/decisions/draft/route');
    return (await (
      await PUT(jsonRequest('/api/decisions/draft', { method: 'PUT', cookie, body: { entries } }))
    ).json()) as Draft;
  }
  async function send(batchKey: string) {
    const { POST } = await import('@/app/api/decisions/batches/route');
    const response = await POST(
      jsonRequest('/api/decisions/batches', { method: 'POST', cookie, body: { batchKey } }),
    );
    return { status: response.status, body: (await response.json()) as { batch?: BatchView; code?: string } };
  }
  async function draft(): Promise<Draft> {
    const { GET } = await import('@/app/api/decisions/draft/route');
    return (await (await GET(jsonRequest('/api/decisions/draft', { cookie }))).json()) as Draft;
  }

  it('keep the draft and post nothing twice when the service fails the POST, then send it once', async () => {
    const row = baseline.rows.find(
      (candidate) =>
        candidate.instructability?.isAllowed &&
        candidate.instructability.allowedDecisions.includes('PROCEED'),
    );
    expect(row).toBeDefined();
    const open = row as NonNullable<typeof row>;
    const entry: DraftEntry = {
      eventId: open.eventId,
      patentId: open.patentId,
      decision: 'PROCEED',
      caseReference: open.caseReference,
      providerId: open.providerId,
      title: open.title,
      office: open.office,
      dueDate: open.dueDate,
      annuityYear: open.annuityYear,
      allowedDecisions: open.instructability?.allowedDecisions ?? [],
      estimate: null,
    };
    const first = await putDraft([entry]);
    await up.resetUsage();
    await up.sandbox.operator.setFaults({ errorRate: 1, errorStatus: 503, paths: ['patent-instructions'] });
    const failed = await send(first.batchKey);
    // A 5xx says nothing certain about a POST: the renewal is read again, and it was not executed.
    expect(failed.status).toBe(200);
    expect(failed.body.batch?.state).toBe('reconciled');
    expect(failed.body.batch?.items[0]?.outcome).toBe('not_executed');
    const kept = await draft();
    expect(kept.entries.map((e) => e.eventId)).toEqual([open.eventId]);
    expect(kept.batchKey).not.toBe(first.batchKey);
    // Sending the failed attempt's key again replays it; nothing reaches the service.
    expect((await send(first.batchKey)).body.batch?.id).toBe(failed.body.batch?.id);
    expect(await up.calls('postPatentInstructions')).toBe(0);

    await up.sandbox.operator.clearFaults();
    const sent = await send(kept.batchKey);
    expect(sent.status).toBe(201);
    expect(await up.calls('postPatentInstructions')).toBe(1);
    expect((await draft()).entries).toEqual([]);
  });
});

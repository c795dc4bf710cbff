import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedSandbox, startSandbox } from '../testing';

/**
 * Any valid window is answered quickly and in bounded memory (spec: Endpoints 9: a window is
 * `dueMonth`, or both `dueFrom` and `dueTo`, any valid dates). A period-list request for 9999-12
 * once made the service grow by gigabytes until it died: the real process, with a heap cap of
 * 512 MB, must answer such requests and stay up.
 */
const HEAP_CAP_MB = 512;
let sandbox: StartedSandbox;

function residentMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function periodList(query: string) {
  const started = Date.now();
  const response = await fetch(`${sandbox.baseUrl}/api/v2/external/patent-events?${query}`, {
    headers: { 'x-api-key': sandbox.demoKey },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { pagination: { totalItems: number }; data: unknown[] };
  return { status: response.status, body, ms: Date.now() - started };
}

describe('far-future and decades-wide windows', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    sandbox = await startSandbox({
      today: '2026-11-26',
      env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}` },
    });
  }, 120_000);
  afterAll(async () => sandbox?.stop());

  it('answers a month in 9999 at once with nothing due, and keeps serving', async () => {
    const before = residentMb(sandbox.pid);
    const far = await periodList('dueMonth=9999-12&include=fees&eventTypes=RENEWAL&itemsPerPage=100');
    expect(far.status).toBe(200);
    expect(far.body.pagination.totalItems).toBe(0);
    expect(far.ms).toBeLessThan(5_000);

    // The widest window the calendar allows reads every event once, no more.
    const all = await periodList('dueFrom=0001-01-01&dueTo=9999-12-31&itemsPerPage=1');
    expect(all.status).toBe(200);
    expect(all.body.pagination.totalItems).toBeGreaterThan(1000);
    expect(all.ms).toBeLessThan(5_000);

    const near = await periodList('dueMonth=2026-12&itemsPerPage=1');
    expect(near.status).toBe(200);
    expect(near.body.pagination.totalItems).toBeGreaterThan(0);
    expect(residentMb(sandbox.pid) - before).toBeLessThan(200);
  });
});

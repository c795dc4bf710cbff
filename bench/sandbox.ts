/**
 * `npm run bench:sandbox`: the stand-in service's latency on a 50,000-patent tenant, measured over
 * HTTP against the real process (sandbox/main.ts with a PGlite store in a temporary dir, so batches
 * pay for persistence). Prints a table and writes bench/results-sandbox.json.
 *
 * Options: --patents N (default 50000), --pages N (page samples, default 500), --batches N
 * (100-instruction batches, default 30).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCOPES } from '../lib/annuity/schemas';
import { startSandbox } from '../sandbox/testing';
import { numericOptions } from './lib/args';

const root = fileURLToPath(new URL('..', import.meta.url));
const {
  patents: PATENTS,
  pages: PAGE_SAMPLES,
  batches: BATCHES,
} = numericOptions({ patents: 50_000, pages: 500, batches: 30 });
const BATCH_SIZE = 100;
const TODAY = '2026-03-10';
const API = '/api/v2/external';

interface EventSummary {
  id: string;
  patent: { id: string };
  instructability?: { isAllowed: boolean; allowedDecisions: string[] };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    samples: samples.length,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-bench-')), 'store');
  console.log(`Starting the sandbox (PGlite in ${dataDir}, today ${TODAY})…`);
  const sandbox = await startSandbox({ today: TODAY, dataDir, timeoutMs: 120_000 });
  try {
    const rssBefore = rssMb(sandbox.pid);
    let started = performance.now();
    await sandbox.operator.createTenant({ name: 'bench', patents: PATENTS, seed: 7 });
    const tenantCreateMs = Math.round(performance.now() - started);
    const rssAfter = rssMb(sandbox.pid);
    const { key } = await sandbox.operator.createKey({
      tenant: 'bench',
      scopes: [...SCOPES],
      dailyLimit: 10_000_000,
    });
    console.log(
      `Created a ${PATENTS}-patent tenant in ${tenantCreateMs} ms (RSS ${rssBefore} → ${rssAfter} MB).`,
    );

    const get = async (pathAndQuery: string) => {
      const response = await fetch(`${sandbox.baseUrl}${API}${pathAndQuery}`, {
        headers: { 'x-api-key': key },
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${body}`);
      return JSON.parse(body) as { pagination: { totalPages: number }; data: EventSummary[] };
    };

    // Page latency: 100-item pages with fees over the months around today, pages spread over each month.
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07'];
    const pagesPerMonth = new Map<string, number>();
    for (const month of months) {
      const first = await get(`/patent-events?dueMonth=${month}&include=fees&itemsPerPage=100`);
      pagesPerMonth.set(month, Math.max(1, first.pagination.totalPages));
    }
    for (let warmUp = 0; warmUp < 30; warmUp++)
      await get(
        `/patent-events?dueMonth=2026-03&include=fees&itemsPerPage=100&currentPage=${(warmUp % 5) + 1}`,
      );
    const pageSamples: number[] = [];
    for (let sample = 0; sample < PAGE_SAMPLES; sample++) {
      const month = months[sample % months.length] as string;
      const page = (Math.floor(sample / months.length) % (pagesPerMonth.get(month) ?? 1)) + 1;
      started = performance.now();
      await get(`/patent-events?dueMonth=${month}&include=fees&itemsPerPage=100&currentPage=${page}`);
      pageSamples.push(performance.now() - started);
    }

    // Batch latency: 100 instructions each, on events open now (one per patent, the earliest undecided).
    const candidates: EventSummary[] = [];
    const seenPatents = new Set<string>();
    for (const month of ['2026-03', '2026-04', '2026-05', '2026-02', '2026-01']) {
      for (let page = 1; page <= (pagesPerMonth.get(month) ?? 1); page++) {
        const { data } = await get(`/patent-events?dueMonth=${month}&itemsPerPage=100&currentPage=${page}`);
        for (const event of data) {
          if (!event.instructability?.isAllowed || seenPatents.has(event.patent.id)) continue;
          seenPatents.add(event.patent.id);
          candidates.push(event);
        }
        if (candidates.length >= BATCHES * BATCH_SIZE) break;
      }
      if (candidates.length >= BATCHES * BATCH_SIZE) break;
    }
    const batches = Math.min(BATCHES, Math.floor(candidates.length / BATCH_SIZE));
    const batchSamples: number[] = [];
    for (let batch = 0; batch < batches; batch++) {
      const instructions = candidates
        .slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE)
        .map((event, index) => ({
          eventId: event.id,
          decision:
            index % 10 === 0
              ? 'SKIP_THIS_TIME'
              : (event.instructability?.allowedDecisions[0] ?? 'SKIP_THIS_TIME'),
        }));
      started = performance.now();
      const response = await fetch(`${sandbox.baseUrl}${API}/patent-instructions`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ instructions }),
      });
      const text = await response.text();
      batchSamples.push(performance.now() - started);
      if (response.status !== 201) throw new Error(`batch ${batch}: ${response.status} ${text}`);
    }

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
      tenant: { patents: PATENTS, createMs: tenantCreateMs, rssBeforeMb: rssBefore, rssAfterMb: rssAfter },
      patentEventsPage: { query: 'dueMonth, include=fees, itemsPerPage=100', ...summary(pageSamples) },
      instructionBatch: { size: BATCH_SIZE, store: 'pglite', ...summary(batchSamples) },
    };
    console.log('');
    console.table({
      'patent-events page (100, include=fees)': results.patentEventsPage,
      [`instruction batch (${BATCH_SIZE})`]: results.instructionBatch,
    });
    const file = path.join(root, 'bench', 'results-sandbox.json');
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Written to ${path.relative(root, file)}. Aim: page p99 < 50 ms.`);
  } finally {
    await sandbox.stop();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

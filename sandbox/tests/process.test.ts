import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnnuityClient } from '../../lib/annuity/client';
import { strict } from '../../lib/annuity/schemas';
import { type StartedSandbox, startSandbox } from '../testing';
import { expectStrict } from './harness';

/**
 * The real process, as scripts/start.ts and other suites run it: `sandbox/main.ts` spawned through
 * sandbox/testing.ts, talking HTTP on a real socket.
 */
const TODAY = '2026-03-10';
type Client = ReturnType<typeof createAnnuityClient>;

async function instructableEvent(client: Client, month: string) {
  const page = await client.getPatentEventsByPeriod({ dueMonth: month, itemsPerPage: 100 });
  const event = page.data.data.find((candidate) =>
    candidate.instructability?.allowedDecisions.includes('PROCEED'),
  );
  if (!event) throw new Error(`no instructable event in ${month}`);
  return event;
}

// Each test starts a real process on a fresh PGlite data dir (initdb): a minute on a busy 2-core
// machine, far more than the 30 s default.
describe('the sandbox as a process', { timeout: 180_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sandbox-process-'));
  const started: StartedSandbox[] = [];
  afterAll(async () => {
    await Promise.all(started.map((sandbox) => sandbox.stop()));
    rmSync(root, { recursive: true, force: true });
  });
  const start = async (options: Parameters<typeof startSandbox>[0]) => {
    const sandbox = await startSandbox(options);
    started.push(sandbox);
    return sandbox;
  };

  it('starts on a free port with the demo tenant, stops cleanly on SIGTERM, and keeps its state', async () => {
    const dataDir = path.join(root, 'store');
    const first = await start({ today: TODAY, dataDir });
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.output()).toMatch(/sandbox listening on http:\/\/\S+/);
    const client = createAnnuityClient({ baseUrl: first.baseUrl, apiKey: first.demoKey, retries: 0 });
    const patents = await client.getPatents({ itemsPerPage: 3 });
    expect(patents.data.pagination.totalItems).toBe(2000);
    expect(patents.meta.rateLimit?.limit).toBe(100_000);
    const event = await instructableEvent(client, '2026-04');
    const receipt = await client.postPatentInstructions({
      instructions: [{ eventId: event.id, decision: 'PROCEED' }],
    });
    expect(receipt.meta.status).toBe(201);
    await client.putExchangeRateFreeze('2026-05');
    const clock = await first.operator.getClock();
    expect(clock).toMatchObject({ today: TODAY, isPinned: true });

    await first.stop();
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('closing the store');

    const second = await start({ dataDir });
    expect(second.output()).not.toContain('created the demo tenant');
    const again = createAnnuityClient({ baseUrl: second.baseUrl, apiKey: second.demoKey, retries: 0 });
    const kept = await again.getPatentEvent(event.patent.id, event.id);
    expect(kept.data).toMatchObject({
      appliedDecision: 'PROCEED',
      processingStatus: 'INSTRUCTED',
      feesStatus: 'INVOICED',
    });
    expect((await again.getExchangeRateFreezes()).data).toEqual([
      { object: 'exchangeRateFreeze', yearMonth: '2026-05' },
    ]);
    const raw = await fetch(
      `${second.baseUrl}/api/v2/external/patents/${event.patent.id}/events/${event.id}`,
      {
        headers: { 'x-api-key': second.demoKey },
      },
    );
    expectStrict(strict.patentEvent, await raw.json());
    await second.stop();
    expect(await second.exited).toBe(0);
  });

  it('drops connections on a real socket when told to, and demo mode moves decisions by itself', async () => {
    const sandbox = await start({ today: TODAY, demo: true, demoStepSeconds: 1 });
    const client = createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.demoKey, retries: 0 });
    await sandbox.operator.setFaults({ dropRate: 1, paths: ['patents'] });
    await expect(
      fetch(`${sandbox.baseUrl}/api/v2/external/patents`, { headers: { 'x-api-key': sandbox.demoKey } }),
    ).rejects.toThrow();
    await sandbox.operator.clearFaults();

    const event = await instructableEvent(client, '2026-04');
    await client.postPatentInstructions({ instructions: [{ eventId: event.id, decision: 'PROCEED' }] });
    const seen = new Set<string>();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !seen.has('PAYMENT_SENT')) {
      const status = (await client.getPatentEvent(event.patent.id, event.id)).data.processingStatus;
      if (status) seen.add(status);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(seen).toContain('PAYMENT_SENT');
  });
});

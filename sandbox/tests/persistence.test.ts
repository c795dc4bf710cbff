import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { strict } from '../../lib/annuity/schemas';
import type { EventRecord } from '../domain/model';
import { openPgliteStore, openPostgresStore } from '../store/sql-store';
import type { SandboxStore } from '../store/store';
import { expectStrict, type Harness, startInProcess, TEST_TODAY } from './harness';

const firstUndecided = (event: EventRecord) =>
  event.patent.events.find((candidate) => candidate.appliedDecision === null) === event;

/**
 * What a restart must keep: tenants, keys (as hashes), decisions with their receipts and invoices,
 * DROPs, progress and official receipts, freezes with their captured rates, the pinned clock and
 * the exchange rates. Run on PGlite always, and on PostgreSQL when SANDBOX_TEST_DATABASE_URL names
 * a server.
 */
async function exerciseRestart(openStore: () => Promise<SandboxStore>, onClosed?: (secret: string) => void) {
  let h: Harness = await startInProcess({ store: await openStore(), demo: false });
  const { tenant, key } = await h.tenantWithKey({ name: 'durable', patents: 400, seed: 77 });
  const open = [...tenant.eventsById.values()].filter(
    (event) =>
      firstUndecided(event) && event.opensAt <= TEST_TODAY && (event.gracePeriodEndDate ?? '') >= TEST_TODAY,
  );
  const [proceed, skip, drop] = open;
  if (!proceed || !skip || !drop) throw new Error('fixtures');
  const droppedLater = drop.patent.events
    .slice(drop.patent.events.indexOf(drop) + 1)
    .map((event) => event.id);
  const posted = await h.postInstructions(
    [
      { eventId: proceed.id, decision: 'PROCEED' },
      { eventId: skip.id, decision: 'SKIP_THIS_TIME' },
      { eventId: drop.id, decision: 'DROP' },
    ],
    key,
  );
  expect(posted.status).toBe(201);
  const receipt = expectStrict(strict.instructionReceipt, await posted.json());
  await h.operator.progressEvent(proceed.id, 'FULFILLED');
  const freeze = await h.call('/exchange-rate-freezes/2026-04', { method: 'PUT', key });
  expect(freeze.status).toBe(200);
  await h.operator.setFxRates({ rates: { USD: '1.2000' } });
  await h.operator.setToday('2026-03-12');

  const read = async (harness: Harness, event: EventRecord) =>
    (await (await harness.call(`/patents/${event.patent.id}/events/${event.id}`, { key })).json()) as Record<
      string,
      unknown
    >;
  const before = {
    proceed: await read(h, proceed),
    skip: await read(h, skip),
    drop: await read(h, drop),
    freeze: await (await h.call('/exchange-rate-freezes/2026-04', { key })).json(),
    invoices: await (await h.call('/invoices?itemsPerPage=5', { key })).json(),
    patent: await (await h.call(`/patents/${drop.patent.id}`, { key })).json(),
  };
  await h.close();
  onClosed?.(key);

  // The restart: a new service over the same store, with no pinned date of its own.
  const store = await openStore();
  const { SandboxService } = await import('../service');
  const reopened = await SandboxService.open({ store });
  expect(reopened.clock.today()).toBe('2026-03-12');
  expect(reopened.rates.USD).toBe('1.2000');
  await reopened.close();
  h = await startInProcess({ store: await openStore(), demo: false, today: '2026-03-12' });
  try {
    const restored = h.service.tenantByName('durable');
    expect(restored?.config.id).toBe(tenant.config.id);
    expect(await read(h, proceed)).toEqual(before.proceed);
    expect(await read(h, skip)).toEqual(before.skip);
    expect(await read(h, drop)).toEqual(before.drop);
    expect(before.proceed).toMatchObject({
      appliedDecision: 'PROCEED',
      processingStatus: 'FULFILLED',
      feesStatus: 'INVOICED',
    });
    expect(await (await h.call('/exchange-rate-freezes/2026-04', { key })).json()).toEqual(before.freeze);
    expect(await (await h.call('/exchange-rate-freezes', { key })).json()).toEqual([
      { object: 'exchangeRateFreeze', yearMonth: '2026-04' },
    ]);
    expect(await (await h.call('/invoices?itemsPerPage=5', { key })).json()).toEqual(before.invoices);
    expect(await (await h.call(`/patents/${drop.patent.id}`, { key })).json()).toEqual(before.patent);
    for (const id of droppedLater) expect(restored?.eventsById.has(id)).toBe(false);
    const official = await h.call(
      `/patents/${proceed.patent.id}/events/${proceed.id}/documents/official-receipt`,
      { key },
    );
    expect(official.status).toBe(200);
    // Decisions stay decided, and numbering continues after the stored receipt.
    const again = await h.postInstructions([{ eventId: proceed.id, decision: 'PROCEED' }], key);
    expect(again.status).toBe(409);
    const next = open[3] as EventRecord;
    const nextReceipt = await h.postInstructions([{ eventId: next.id, decision: 'SKIP_THIS_TIME' }], key);
    expect(((await nextReceipt.json()) as { number: number }).number).toBe(receipt.number + 1);
  } finally {
    await h.close();
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// Each test starts a real process on a fresh PGlite data dir (initdb): a minute on a busy 2-core
// machine, far more than the 30 s default.
describe('a restart keeps decisions and freezes (PGlite)', { timeout: 180_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sandbox-persistence-'));
  const dataDir = path.join(root, 'store');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('replays every mutation onto the regenerated portfolio, and stores keys only as hashes', async () => {
    await exerciseRestart(
      () => openPgliteStore(dataDir),
      (secret) => {
        const needle = Buffer.from(secret);
        for (const file of filesUnder(dataDir)) expect(readFileSync(file).includes(needle), file).toBe(false);
      },
    );
  });
});

// PostgreSQL runs when a server is configured (CI sets DATABASE_URL); otherwise the suite's global
// setup says the PostgreSQL half did not run, and nothing is reported as a skipped pass.
const serverUrl = process.env.SANDBOX_TEST_DATABASE_URL ?? process.env.DATABASE_URL;

if (serverUrl)
  describe('a restart keeps decisions and freezes (PostgreSQL)', { timeout: 180_000 }, () => {
    const name = `sandbox_test_${randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    afterAll(() => admin(`drop database if exists "${name}" with (force)`));

    it('replays the same way on PostgreSQL', async () => {
      await admin(`create database "${name}"`);
      const url = new URL(serverUrl as string);
      url.pathname = `/${name}`;
      await exerciseRestart(() => openPostgresStore(url.toString()));
    });
  });

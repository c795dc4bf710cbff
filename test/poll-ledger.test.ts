import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundQuotaUse } from '@/lib/db/schema';
import { pollUpstream } from '@/lib/server/notifications/poll';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * Every call the background makes is counted once in the ledger its budgets read (spec: Limits 2,
 * every call counts against the key's daily quota). The poll reads Today's months the way Today
 * does; on a copy that holds none of them, those first reads are counted on the client's share
 * for reading where they are made, and the poll's own count must not add them again: the ledger
 * would say more was spent than the service counted, and the budgets would stop the background
 * early.
 */
let up: UpstreamHarness;

beforeAll(async () => {
  up = await startUpstreamHarness({ name: 'poll-ledger', patents: 300, seed: 23 });
}, 120_000);

afterAll(async () => {
  await up?.stop();
});

describe('the poll over a copy that holds nothing yet', () => {
  it('counts in the ledger exactly the calls the service counted', async () => {
    await up.resetUsage();
    const { db } = up.app.database;
    const result = await pollUpstream(db, { now: new Date(), requestId: 'test-poll-ledger' });
    expect(result.ran).toBe(true);
    const usage = await up.sandbox.operator.getUsage(up.tenant);
    // The first reads of Today's months were made: the copy held none of them.
    expect(usage.operations.getPatentEventsByPeriod ?? 0).toBeGreaterThan(0);
    const ledger = (await db.select().from(backgroundQuotaUse)).reduce((sum, row) => sum + row.calls, 0);
    expect(ledger).toBe(usage.calls);
  });
});

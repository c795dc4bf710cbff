import { describe, expect, it } from 'vitest';
import { syncWindow } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { runSync } from '@/lib/server/sync/run';
import { setUpSandboxApp } from './sandbox-app';

/**
 * The sync spends at most its share of the key's daily quota and never the reserve kept for
 * sending instructions (spec: Limits 2–3: one quota per key, every call counts), whatever the
 * plan would like to read.
 */
const TENANT = 'small-key';
const LIMIT = 200;
const app = setUpSandboxApp({
  tenant: { name: TENANT, patents: 3_000, seed: 4242 },
  scopes: ['patents:read', 'patents:instructions:write', 'invoices:read', 'exchange-rate-freezes:write'],
  dailyLimit: LIMIT,
});

const used = async () => (await app.sandbox.operator.getUsage(TENANT)).calls;

describe('the sync within a small key', () => {
  it('stops at its share of the daily quota', async () => {
    const db = app.harness.database.db;
    const run = await runSync(db, { now: new Date(), requestId: 'budget-1' });
    expect(run.stopped).toBe('budget');
    // 40 % of 200; a month's walk may go a page past its estimate.
    expect(await used()).toBeLessThanOrEqual(80 + 3);
    expect(run.walked.length).toBeGreaterThan(0);
    // A second run the same day reads nothing more.
    const before = await used();
    const again = await runSync(db, { now: new Date(), requestId: 'budget-2' });
    expect(again.stopped).toBe('budget');
    expect(await used()).toBe(before);
  }, 90_000); // a first sync of 3,000 patents takes 15-30 s on a busy 2-core machine

  it('keeps a fifth of the quota for sending, whatever share it is given', async () => {
    process.env.SYNC_QUOTA_PERCENT = '90';
    resetEnvForTests();
    try {
      // Every month of the plan is due again (as if never read), and the share is larger than what
      // is left above the reserve.
      await app.harness.database.db.delete(syncWindow);
      const run = await runSync(app.harness.database.db, { now: new Date(), requestId: 'budget-3' });
      expect(run.stopped).toBe('reserve');
      // At least a fifth of the limit is left for the users' writes.
      expect(LIMIT - (await used())).toBeGreaterThanOrEqual(LIMIT / 5 - 3);
    } finally {
      delete process.env.SYNC_QUOTA_PERCENT;
      resetEnvForTests();
    }
  });
});

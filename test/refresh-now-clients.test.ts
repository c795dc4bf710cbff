import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portfolioSnapshot, syncWindow } from '@/lib/db/schema';
import { currentYearMonth } from '@/lib/format/dates';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { headerStatus } from '@/lib/server/connection/header-status';
import { readQuota } from '@/lib/server/connection/quota';
import { recordUserRead } from '@/lib/server/connection/read-budget';
import { JOBS } from '@/lib/server/jobs/definitions';
import { loadToday } from '@/lib/server/today/load';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * Every client a full citizen of what spends its quota (spec: Authentication 1, a key is one
 * client's; Limits 2, one quota per key): Refresh now reads the requesting user's clients only,
 * with their own keys, within their own share for reading (the sync's); the hourly portfolio
 * refresh refreshes every client's snapshot; the header and an administrator's Today show the
 * quota of the client in view, or of each client.
 */
const SECOND = 'northwind-labs';
const SECOND_NAME = 'Northwind Labs';

const app = setUpTwoClients({
  // The second client's portfolio is the larger: its sync spends more of its own quota.
  first: { patents: 40, seed: 5 },
  second: { patents: 240, seed: 17 },
  secondClient: SECOND_NAME,
  sync: true,
  // Finance works for no client yet (added, none ticked): nothing of any client is theirs.
  grants: { manager: [SECOND], finance: [] },
});

const month = currentYearMonth();

/** Calls each tenant's key has made at the stand-in (its quota counter). */
async function usage(): Promise<{ first: number; second: number }> {
  const [first, second] = await Promise.all([
    app.sandbox.operator.getUsage('first'),
    app.sandbox.operator.getUsage('second'),
  ]);
  return { first: first.calls, second: second.calls };
}

async function syncedAt(connection: string): Promise<Date | null> {
  const [row] = await app.harness.database.db
    .select({ syncedAt: syncWindow.syncedAt })
    .from(syncWindow)
    .where(and(eq(syncWindow.connection, connection), eq(syncWindow.month, month)));
  return row?.syncedAt ?? null;
}

async function refreshNow(cookie: string, target: Record<string, unknown> = { months: [month] }) {
  const { POST } = await import('@/app/api/copy/refresh/route');
  return POST(jsonRequest('/api/copy/refresh', { method: 'POST', cookie, body: target }));
}

describe('Refresh now with two clients', () => {
  it('reads the second client only, with its key, for a user granted only the second client', async () => {
    const before = await usage();
    const firstCopy = await syncedAt(DEFAULT_CONNECTION);
    const secondCopy = await syncedAt(SECOND);
    expect(secondCopy).not.toBeNull();

    const answer = await refreshNow(app.cookies.manager);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = (await answer.json()) as { calls: number; clients: string[] };

    const after = await usage();
    // Only the second client's quota counter moves, by the calls the refresh says it made.
    expect(after.first).toBe(before.first);
    expect(after.second - before.second).toBe(body.calls);
    // The second client's copy of the month is read again; the first client's is untouched.
    expect((await syncedAt(SECOND))?.getTime()).toBeGreaterThan(secondCopy?.getTime() ?? 0);
    expect(await syncedAt(DEFAULT_CONNECTION)).toEqual(firstCopy);
    expect(body.calls).toBeGreaterThan(0);
    expect(body.clients).toEqual([SECOND]);
  });

  it('finds nothing of the first client for that user: naming it, or one of its patents, is a 404 and no call', async () => {
    const [patent] = (await app.services.first.getPatents({ itemsPerPage: 1 })).data.data;
    const before = await usage();
    expect(
      (await refreshNow(app.cookies.manager, { months: [month], client: DEFAULT_CONNECTION })).status,
    ).toBe(404);
    expect((await refreshNow(app.cookies.manager, { months: [], patentId: patent?.id })).status).toBe(404);
    expect(await usage()).toEqual(before);
  });

  it('answers that the share for reading is spent, and calls nothing, once it is', async () => {
    // The second client's reads (the sync's and the users') used its whole share of today.
    const quota = await readQuota(SECOND);
    expect(quota?.limit).toBeGreaterThan(0);
    await recordUserRead(SECOND, quota?.limit ?? 0);
    const before = await usage();

    const refused = await refreshNow(app.cookies.manager);
    expect(refused.status).toBe(429);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe('read_share_spent');
    expect(problem.detail).toContain(
      "Today's share of the service's quota for reading is spent; showing the copy as of",
    );
    expect(await usage()).toEqual(before);
  });
});

describe('the hourly portfolio refresh with two clients', () => {
  it('refreshes every client’s snapshot with its own key', async () => {
    const { db } = app.harness.database;
    const refreshedAt = async () =>
      new Map(
        (
          await db
            .select({ id: portfolioSnapshot.id, at: portfolioSnapshot.refreshedAt })
            .from(portfolioSnapshot)
        ).map((row) => [row.id, row.at?.getTime() ?? 0]),
      );
    const before = await refreshedAt();
    const calls = await usage();
    const job = JOBS.find((definition) => definition.name === 'refresh-snapshot');
    // A day on: both snapshots are stale (SNAPSHOT_MAX_AGE_MINUTES), on a fresh quota day.
    const later = new Date(Date.now() + 24 * 3_600_000);
    await job?.run({ db, now: () => later, requestId: 'snapshot-clients', enqueue: async () => {} }, {});
    const after = await refreshedAt();
    expect(after.get(DEFAULT_CONNECTION)).toBeGreaterThan(before.get(DEFAULT_CONNECTION) ?? 0);
    expect(after.get(SECOND)).toBeGreaterThan(before.get(SECOND) ?? 0);
    const spent = await usage();
    // 40 and 240 patents at 100 a page: one page of the first, three of the second.
    expect(spent.first - calls.first).toBe(1);
    expect(spent.second - calls.second).toBe(3);
  });
});

describe('the quota shown with two clients', () => {
  it('is the chosen client’s in the header, the lowest named with both in view, and each on an admin’s Today', async () => {
    const admin = app.harness.users.admin;
    const first = await readQuota(DEFAULT_CONNECTION);
    const second = await readQuota(SECOND);
    // The second client's key spent more today: its quota is the lower.
    expect(second?.remaining).toBeLessThan(first?.remaining ?? 0);

    const chosenFirst = await headerStatus(await clientScopeOf(admin.id, DEFAULT_CONNECTION));
    expect(chosenFirst.quota).toEqual({ reading: first, client: null });
    const chosenSecond = await headerStatus(await clientScopeOf(admin.id, SECOND));
    expect(chosenSecond.quota).toEqual({ reading: second, client: null });
    // Both in view: the lower of the two, with the client it is named.
    const both = await headerStatus(await clientScopeOf(admin.id));
    expect(both.quota).toEqual({ reading: second, client: { name: SECOND_NAME, of: 2 } });

    // A user granted no client sees no client's quota or connection, not the first client's.
    const none = await headerStatus(await clientScopeOf(app.harness.users.finance.id));
    expect(none).toEqual({
      quota: { reading: null, client: null },
      connection: { summary: null, client: null },
    });

    const today = await loadToday({ userId: admin.id, role: 'admin' }, 'quota-clients');
    const section = today.admin;
    if (!section?.ok) throw new Error('the admin section did not load');
    expect(section.data.quotas.map((quota) => [quota.client?.name, quota.remaining])).toEqual([
      [expect.any(String), first?.remaining],
      [SECOND_NAME, second?.remaining],
    ]);
  });
});

import { eq, like } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnnuityClient } from '@/lib/annuity/client';
import { listAll } from '@/lib/annuity/pagination';
import type { Patent, PatentEvent } from '@/lib/annuity/schemas';
import { backgroundQuotaUse, portfolioPatent } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { addMonths, currentYearMonth } from '@/lib/format/dates';
import type { FreezeEstimatesData } from '@/lib/rate-freezes/data';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { loadPatentDetail } from '@/lib/server/portfolio/patents';
import { currentGeneration, refreshSnapshot, snapshotStatus } from '@/lib/server/portfolio/snapshot';
import { runSync } from '@/lib/server/sync/run';
import { jsonRequest } from './app-harness';
import { setUpSandboxApp } from './sandbox-app';

/**
 * One daily share of the key's quota for every read (spec: Limits 2: one quota per key that every
 * request counts against): the reads users start (the first read of a month, the live freeze
 * estimates) count on the sync's share, every call of them, a walk's that failed half-way too,
 * and past the share they make no call: the page says so and shows the copy. And every list walk
 * follows `hasMore` and keeps each item once (spec: Pagination envelope), the portfolio's too.
 */
const TENANT = 'one-budget';
const CURRENT = currentYearMonth();
const NEXT = addMonths(CURRENT, 1);
const app = setUpSandboxApp({
  // Enough patents for months of more than one page (100 renewals).
  tenant: { name: TENANT, patents: 2_000, seed: 23, freezeEnabled: true, freezeHorizonMonths: 3 },
  scopes: ['patents:read', 'patents:instructions:write', 'invoices:read', 'exchange-rate-freezes:write'],
  dailyLimit: 2_000,
});

/** The calls counted on the default client's share today (the sync's row, users' reads included). */
async function shareSpent(): Promise<number> {
  const rows = await app.harness.database.db
    .select({ calls: backgroundQuotaUse.calls })
    .from(backgroundQuotaUse)
    .where(like(backgroundQuotaUse.day, 'sync %'));
  return rows.reduce((sum, row) => sum + row.calls, 0);
}

const serviceCalls = async () => (await app.sandbox.operator.getUsage(TENANT)).calls;

async function monthView(month: string) {
  const { GET } = await import('@/app/api/renewals/route');
  const response = await GET(jsonRequest(`/api/renewals?month=${month}`, { cookie: app.cookies.paralegal }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function estimates(month: string) {
  const { GET } = await import('@/app/api/rate-freezes/[yearMonth]/estimates/route');
  const response = await GET(
    jsonRequest(`/api/rate-freezes/${month}/estimates`, { cookie: app.cookies.manager }),
    {
      params: Promise.resolve({ yearMonth: month }),
    },
  );
  return { status: response.status, body: (await response.json()) as FreezeEstimatesData };
}

async function renewalsListed(month: string): Promise<number> {
  const listed = await listAll<PatentEvent>((currentPage, itemsPerPage) =>
    app.service.getPatentEventsByPeriod({
      dueMonth: month,
      eventTypes: ['RENEWAL'],
      currentPage,
      itemsPerPage,
    }),
  );
  return listed.items.length;
}

/** Months of more than one page, none of them read by the dashboard yet. */
const bigMonths: string[] = [];

beforeAll(async () => {
  // The portfolio first (events carry no office); no month is read into the copy.
  await runSync(app.harness.database.db, {
    now: new Date(),
    requestId: 'test-sync',
    months: [],
    force: true,
  });
  for (let offset = 2; offset <= 24 && bigMonths.length < 1; offset++) {
    const month = addMonths(CURRENT, offset);
    if ((await renewalsListed(month)) > 100) bigMonths.push(month);
  }
  expect(bigMonths).toHaveLength(1);
}, 180_000);
afterEach(async () => app.sandbox.operator.clearFaults());

describe('the reads users start count on the one daily share', () => {
  it('records every call, those of a walk that failed half-way too', async () => {
    const month = bigMonths[0] as string;
    let before = await shareSpent();
    await app.sandbox.operator.resetUsage(TENANT);
    // The month's second page fails: the walk ends there, its first page read.
    await app.sandbox.operator.setFaults({ errorStatus: 400, every: 2, paths: ['patent-events'] });
    expect((await monthView(month)).status).not.toBe(200);
    await app.sandbox.operator.clearFaults();
    // The first page the service counted, and the refused second, which a real service counts too
    // (the stand-in refuses an injected fault before it counts the call).
    expect(await serviceCalls()).toBe(1);
    expect((await shareSpent()) - before).toBe(2);

    // A first read of a month that succeeds, then the live estimates: each call on the share.
    before = await shareSpent();
    await app.sandbox.operator.resetUsage(TENANT);
    expect((await monthView(NEXT)).status).toBe(200);
    const live = await estimates(NEXT);
    expect(live.status).toBe(200);
    expect(live.body.notice).toBeUndefined();
    expect(live.body.upstreamCalls).toBeGreaterThan(0);
    expect(await serviceCalls()).toBeGreaterThan(live.body.upstreamCalls);
    expect((await shareSpent()) - before).toBe(await serviceCalls());
  });

  it('past the share, a first read makes no call: the page says so and shows the copy', async () => {
    // A share smaller than what was read today: spent.
    process.env.SYNC_QUOTA_PERCENT = '1';
    resetEnvForTests();
    try {
      // 1 % of 2,000: the portfolio's 20 pages alone went past it.
      expect(await shareSpent()).toBeGreaterThan(20);
      const nextRenewals = await renewalsListed(NEXT);
      await app.sandbox.operator.resetUsage(TENANT);
      const never = addMonths(CURRENT, 40);
      const view = await monthView(never);
      expect(view.status).toBe(429);
      expect(view.body.code).toBe('read_share_spent');
      expect(view.body.detail).toMatch(/^Today's share of the service's quota for reading is spent; /);
      // The freeze estimates come from the copy, which read NEXT above, and say as of when.
      const held = await estimates(NEXT);
      expect(held.status).toBe(200);
      expect(held.body.notice).toMatch(
        /^Today's share of the service's quota for reading is spent; showing the copy as of /,
      );
      expect(held.body.upstreamCalls).toBe(0);
      expect(held.body.events).toBe(nextRenewals);
      // A patent whose past events were never read shows the renewals the copy holds, and says why.
      const generation = await currentGeneration(DEFAULT_CONNECTION);
      const [patent] = await app.harness.database.db
        .select({ id: portfolioPatent.id })
        .from(portfolioPatent)
        .where(eq(portfolioPatent.generation, generation ?? -1))
        .limit(1);
      const detail = await loadPatentDetail(patent?.id ?? '', 'patent-view');
      expect(detail.copy.shareSpent).toBe(true);
      expect(await serviceCalls()).toBe(0);
    } finally {
      delete process.env.SYNC_QUOTA_PERCENT;
      resetEnvForTests();
    }
  });
});

describe('the portfolio walk', () => {
  const SMALL = 'walk-201';
  const CONNECTION = 'walk-test';
  let client: ReturnType<typeof createAnnuityClient>;
  let listed: string[];

  beforeAll(async () => {
    // 201 patents: one withheld at the first page, 200 announced, two pages.
    await app.sandbox.operator.createTenant({ name: SMALL, patents: 201, seed: 5 });
    const { key } = await app.sandbox.operator.createKey({ tenant: SMALL, scopes: ['patents:read'] });
    client = createAnnuityClient({ baseUrl: app.sandbox.baseUrl, apiKey: key, retries: 0 });
    listed = (
      await listAll<Patent>((currentPage, itemsPerPage) => client.getPatents({ currentPage, itemsPerPage }))
    ).items
      .map((patent) => patent.id)
      .sort();
    expect(listed.length % 100).toBe(1);
  }, 60_000);

  async function snapshotIds(): Promise<string[]> {
    const generation = await currentGeneration(CONNECTION);
    if (generation === null) return [];
    const rows = await app.harness.database.db
      .select({ id: portfolioPatent.id })
      .from(portfolioPatent)
      .where(eq(portfolioPatent.generation, generation));
    return rows.map((row) => row.id).sort();
  }

  it('follows hasMore past the count the first page announced', async () => {
    await app.sandbox.operator.setFaults({
      moveItems: { mode: 'add', everyPages: 1, times: 1 },
      paths: ['patents'],
    });
    const refresh = await refreshSnapshot(client, 'walk-add', CONNECTION);
    expect(refresh.calls).toBe(3);
    expect(await snapshotIds()).toEqual(listed);
    expect((await snapshotStatus(new Date(), CONNECTION)).patentCount).toBe(listed.length);
  });

  it('counts a patent listed twice once', async () => {
    await app.sandbox.operator.setFaults({
      moveItems: { mode: 'repeat', everyPages: 1, times: 1 },
      paths: ['patents'],
    });
    await refreshSnapshot(client, 'walk-repeat', CONNECTION);
    const ids = await snapshotIds();
    expect((await snapshotStatus(new Date(), CONNECTION)).patentCount).toBe(ids.length);
    // The page after the move repeated one patent and reached the last one, past the announced count.
    expect(ids).toContain(listed.at(-1));
  });
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forecastEvent, forecastRun } from '@/lib/db/schema';
import { clientScopeOf } from '@/lib/server/clients/scope';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { forecastRefreshOffers } from '@/lib/server/forecast/refresh-now';
import type { ScenarioData } from '@/lib/server/forecast/scenario';
import { JOBS } from '@/lib/server/jobs/definitions';
import { jsonRequest } from './app-harness';
import { setUpTwoClients } from './client-grants';

/**
 * The forecast and its scenarios under "All clients" (no client chosen in the header): a manager
 * working for two clients is offered one refresh per client, each starts with that client's key
 * (another client's id is a 404), and a scenario lists the offices of both clients' forecasts and
 * stops both clients' patents. The forecasts are the ones the sync job builds from each client's
 * copy. The clock is pinned: the stand-in's day and every `now` are 15 March 2026.
 */
const NOW = new Date('2026-03-15T12:00:00Z');
const SECOND = 'pacific-test';

const app = setUpTwoClients({
  first: { patents: 60, seed: 811 },
  second: { patents: 40, seed: 1907 },
  secondClient: 'Pacific Test',
  today: '2026-03-15',
});

async function scenario(query: string): Promise<ScenarioData> {
  const { GET } = await import('@/app/api/analytics/scenario/route');
  const response = await GET(
    jsonRequest(`/api/analytics/scenario?${query}`, { cookie: app.cookies.manager }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ScenarioData;
}

async function forecastOf(connection: string) {
  return app.harness.database.db
    .select({
      eventId: forecastEvent.eventId,
      patentId: forecastEvent.patentId,
      office: forecastEvent.office,
      appliedDecision: forecastEvent.appliedDecision,
    })
    .from(forecastEvent)
    .where(eq(forecastEvent.connection, connection));
}

async function refresh(client: string) {
  const { POST } = await import('@/app/api/analytics/forecast/refresh/route');
  return POST(
    jsonRequest(`/api/analytics/forecast/refresh?client=${client}`, {
      method: 'POST',
      cookie: app.cookies.manager,
    }),
  );
}

describe('the forecast under "All clients"', () => {
  it('lists the offices of every client in a scenario and stops their patents', async () => {
    const sync = JOBS.find((job) => job.name === 'sync');
    await sync?.run(
      { db: app.harness.database.db, now: () => NOW, requestId: 'all-clients-sync', enqueue: async () => {} },
      {},
    );
    const first = await forecastOf(DEFAULT_CONNECTION);
    const second = await forecastOf(SECOND);
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    const officesOf = (rows: typeof first) =>
      [...new Set(rows.flatMap((row) => (row.office ? [row.office] : [])))].sort();

    const all = await scenario('');
    expect(all.choices.offices).toEqual([...new Set([...officesOf(first), ...officesOf(second)])].sort());

    // Every office: every patent of both clients with a renewal still to decide is stopped.
    const offices = all.choices.offices.map((office) => `office=${encodeURIComponent(office)}`).join('&');
    const stopped = await scenario(offices);
    const undecided = [...first, ...second].filter((row) => row.appliedDecision === null && row.office);
    expect(stopped.patents).toBe(new Set(undecided.map((row) => row.patentId)).size);
    const stoppedIds = new Set(stopped.stopped.map((renewal) => renewal.eventId));
    expect(second.some((row) => stoppedIds.has(row.eventId))).toBe(true);
    expect(first.some((row) => stoppedIds.has(row.eventId))).toBe(true);

    // A keep-score rule scores each client's patents from its own copy: both clients' are weighed.
    const weakest = await scenario(`${offices}&below=100`);
    expect(weakest.stopped.some((renewal) => second.some((row) => row.eventId === renewal.eventId))).toBe(
      true,
    );
  }, 300_000);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers one refresh per client, each started with that client alone', async () => {
    // The route takes its clock from the system: pinned to the stand-in's day.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const scope = await clientScopeOf(app.harness.users.manager.id);
    expect(scope.chosen).toBeNull();
    expect(forecastRefreshOffers(scope, undefined, [SECOND])).toEqual([
      { client: DEFAULT_CONNECTION, name: scope.clients[0]?.name, running: false },
      { client: SECOND, name: 'Pacific Test', running: true },
    ]);
    // With one client chosen, the one refresh of that client, named by the filter's choice alone.
    expect(forecastRefreshOffers(scope, SECOND, [])).toEqual([
      { client: SECOND, name: null, running: false },
    ]);

    const started = await refresh(SECOND);
    expect(started.status, await started.clone().text()).toBe(202);
    const { run } = (await started.json()) as { run: { id: string } };
    // The refresh goes on after the answer: waited for on its own record.
    await expect
      .poll(
        async () =>
          (
            await app.harness.database.db
              .select({ status: forecastRun.status, connection: forecastRun.connection })
              .from(forecastRun)
              .where(eq(forecastRun.id, run.id))
          )[0],
        { timeout: 60_000, interval: 250 },
      )
      .toEqual({ status: 'done', connection: SECOND });
    expect((await refresh('no-such-client')).status).toBe(404);
  }, 120_000);
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/annuity/schemas';
import { forecastRun } from '@/lib/db/schema';
import { forecastWindow } from '@/lib/forecast/window';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { buildForecastFromCopy } from '@/lib/server/forecast/refresh';
import { JOBS } from '@/lib/server/jobs/definitions';
import { loadCandidates } from '@/lib/server/reviews/candidates';
import { keepLineOf, keepScoresOf } from '@/lib/server/signals/keep-scores';
import { loadSignals } from '@/lib/server/signals/signals';
import { copyMonthRows } from '@/lib/server/sync/month-rows';
import { runSync } from '@/lib/server/sync/run';
import { keepLineText } from '@/lib/signals/keep-line';
import { setUpSandboxApp } from './sandbox-app';

/**
 * A fresh start: the forecast is built from the synced copy as soon as the first sync has read
 * every month it needs (no call), not at the daily 05:41 refresh; until it exists, the keep facts
 * (Today's keep line, the review candidates, the keep score's sentence, the signals) say it is
 * being built, never that nothing is left to pay. With a forecast, a renewal that has a fee never
 * reads "nothing left to pay", even one the forecast does not reach. The clock is pinned: the
 * stand-in's day and every `now` are 15 March 2026.
 */
const NOW = new Date('2026-03-15T12:00:00Z');
const FORECAST = forecastWindow('2026-03', 24);
/** Beyond the forecast's last month (2028-02): the copy reads it when a page asks for it. */
const BEYOND = '2028-05';

const app = setUpSandboxApp({
  tenant: { name: 'first-sync', patents: 150, seed: 4177 },
  scopes: [...SCOPES],
  dailyLimit: 100_000,
  today: '2026-03-15',
});

const forecastRuns = () =>
  app.harness.database.db
    .select()
    .from(forecastRun)
    .where(and(eq(forecastRun.connection, DEFAULT_CONNECTION), eq(forecastRun.status, 'done')));

async function keepLinesOf(months: string[]) {
  const { byMonth } = await copyMonthRows(months);
  const rows = months.flatMap((month) => byMonth.get(month)?.rows ?? []);
  const scores = await keepScoresOf(rows, { now: NOW, sentences: true, locale: 'en-GB' });
  return rows.map((row) => {
    const found = scores.get(row.eventId);
    if (!found) throw new Error(`no keep score for ${row.eventId}`);
    const line = keepLineOf(found);
    return { row, line, text: keepLineText(line, 'en-GB') };
  });
}

describe('the forecast on a fresh start', () => {
  it('says it is being built until it exists, then is built by the sync at no call', async () => {
    const db = app.harness.database.db;
    // The first months read, as Today's first view leaves the copy: the forecast's are not all there.
    await runSync(db, {
      now: NOW,
      requestId: 'first-sync-part',
      months: ['2026-03', '2026-04'],
      force: true,
    });
    expect(
      await buildForecastFromCopy(db, {
        now: NOW,
        requestId: 'first-sync-early',
        connection: DEFAULT_CONNECTION,
      }),
    ).toBeNull();
    expect(await forecastRuns()).toEqual([]);

    const early = await loadCandidates(
      { from: '2026-03-15', to: '2026-04-30' },
      { now: NOW, locale: 'en-GB' },
    );
    const priced = early.candidates.filter((candidate) => candidate.fee !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const candidate of early.candidates) {
      expect(candidate.forecastTo).toBeNull();
      expect(candidate.sentence).toContain('the forecast is being built');
      expect(candidate.sentence).not.toContain('nothing left to pay');
    }
    const [signals] = await loadSignals([{ patentId: priced[0]?.patentId as string }], { now: NOW });
    expect(signals?.forecastTo).toBeNull();
    expect(signals?.costToExpiry).toEqual([]);
    for (const { line, text } of await keepLinesOf(['2026-03', '2026-04'])) {
      expect(line.forecast).toBe(false);
      expect(line.sentence).toContain('the forecast is being built');
      expect(text).toContain('the forecast is being built');
      expect(`${text} ${line.sentence}`).not.toMatch(/nothing left to pay|No renewals left/);
    }

    // The worker's sync, once a minute: it reads the other months, then builds the forecast.
    const sync = JOBS.find((job) => job.name === 'sync');
    await sync?.run({ db, now: () => NOW, requestId: 'first-sync-job', enqueue: async () => {} }, {});
    const runs = await forecastRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ windowFrom: FORECAST.from, windowTo: FORECAST.to, calls: 0 });
    expect(runs[0]?.events).toBeGreaterThan(0);
    // Started and finished on the run's clock (the job's, pinned to 15 March), never the real one:
    // ended at the real time, it would read as finished months after it started.
    expect(runs[0]?.startedAt).toEqual(NOW);
    const finishedAfter = (runs[0]?.finishedAt?.getTime() ?? Number.NaN) - NOW.getTime();
    expect(finishedAfter).toBeGreaterThanOrEqual(0);
    expect(finishedAfter).toBeLessThan(5 * 60_000);
    // Built once: the next sync finds this month's forecast and leaves it to the daily refresh.
    await sync?.run({ db, now: () => NOW, requestId: 'first-sync-again', enqueue: async () => {} }, {});
    expect(await forecastRuns()).toHaveLength(1);

    const later = await loadCandidates(
      { from: '2026-03-15', to: '2026-04-30' },
      { now: NOW, locale: 'en-GB' },
    );
    for (const candidate of later.candidates.filter((item) => item.fee !== null)) {
      expect(candidate.forecastTo).toBe(FORECAST.to);
      expect(candidate.sentence).toMatch(/ to keep to 20\d\d;/);
      expect(candidate.costToExpiry.length).toBeGreaterThan(0);
    }
    for (const { row, text } of await keepLinesOf(['2026-03', '2026-04']))
      if (row.appliedDecision === null && row.fees?.total) expect(text).toMatch(/ to keep to 20\d\d/);
  }, 300_000);

  it('never says "nothing left to pay" of a renewal with a fee beyond the forecast', async () => {
    const db = app.harness.database.db;
    await runSync(db, { now: NOW, requestId: 'first-sync-beyond', months: [BEYOND], force: true });
    const beyond = await loadCandidates(
      { from: `${BEYOND}-01`, to: `${BEYOND}-31` },
      { now: NOW, locale: 'en-GB' },
    );
    const priced = beyond.candidates.filter((candidate) => candidate.fee !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const candidate of priced) {
      expect(candidate.sentence).not.toContain('nothing left to pay');
      expect(candidate.sentence).toContain(`to keep to ${BEYOND.slice(0, 4)}`);
    }
    const lines = await keepLinesOf([BEYOND]);
    for (const { row, line, text } of lines) {
      if (row.appliedDecision !== null || !row.fees?.total) continue;
      expect(line.sentence).not.toContain('nothing left to pay');
      expect(text).toContain(`to keep to ${BEYOND.slice(0, 4)}`);
    }
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseForTests } from '@/lib/db';
import { openTestDatabase, type TestDatabase } from '@/lib/db/testing';
import { resetEnvForTests } from '@/lib/env';
import { type RunningWorker, startWorker } from '@/lib/server/jobs/worker';

/**
 * The continuous worker as the dashboard process runs it on the embedded default:
 * pg-boss on the process's own PGlite instance, handlers picking jobs up as they are enqueued,
 * the periodic jobs scheduled once.
 */
let database: TestDatabase;
let worker: RunningWorker;

beforeAll(async () => {
  resetEnvForTests();
  database = await openTestDatabase('pglite');
  setDatabaseForTests(database);
  worker = await startWorker({ handle: database, pollingIntervalSeconds: 0.5 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  setDatabaseForTests(undefined);
  await database?.dispose();
});

describe('the running worker on PGlite', () => {
  it('schedules every periodic job once, in UTC', async () => {
    const schedules = await worker.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name).sort()).toEqual(
      [
        'notify',
        'poll-upstream',
        'reconcile-batches',
        'record-freeze-estimates',
        'refresh-forecast',
        'refresh-snapshot',
        'sync',
      ].sort(),
    );
    // pg-boss stores the time zone as a column of its own, which its typings leave out.
    const zones = schedules.map((schedule) => (schedule as { timezone?: string }).timezone);
    expect(zones.every((zone) => zone === 'UTC')).toBe(true);
  });

  it('runs an enqueued job to completion', async () => {
    const id = await worker.boss.send('notify', {});
    expect(id).toBeTruthy();
    let state: string | undefined;
    for (let tries = 0; tries < 100 && state !== 'completed'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await worker.boss.getJobById('notify', id as string))?.state;
    }
    expect(state).toBe('completed');
  }, 60_000);

  it('settles each job of a fetch on its own, with its own output', async () => {
    // A burst (a notify run's emails) is taken several jobs per fetch; each is completed by itself.
    const ids = await Promise.all(
      ['a', 'b', 'c'].map((n) =>
        worker.boss.send('send-mail', { messageId: `00000000-0000-4000-8000-00000000000${n}` }),
      ),
    );
    const settled = async () =>
      Promise.all(ids.map(async (id) => worker.boss.getJobById('send-mail', id as string)));
    let jobs = await settled();
    for (let tries = 0; tries < 100 && !jobs.every((job) => job?.state === 'completed'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      jobs = await settled();
    }
    expect(jobs.map((job) => job?.state)).toEqual(['completed', 'completed', 'completed']);
    expect(jobs.map((job) => job?.output)).toEqual([
      { result: 'missing' },
      { result: 'missing' },
      { result: 'missing' },
    ]);
  }, 60_000);
});

import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '@/lib/db/testing';
import { createQueue, queueTarget } from '@/lib/server/jobs/queue';

/**
 * The job queue's guarantees on both drivers: pg-boss on PGlite through the in-process
 * adapter, and on PostgreSQL through its own pool. Retries back off; a cron slot enqueued by
 * several instances is one job; a job fetched by several workers at once runs once.
 */
describe.each(testDatabaseKinds)('job queue on %s', (kind) => {
  let database: TestDatabase;
  let first: PgBoss;
  let second: PgBoss;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    first = createQueue(queueTarget(database), { background: false });
    second = createQueue(queueTarget(database), { background: false });
    await first.start();
    await second.start();
    await first.createQueue('retried', { name: 'retried', retryLimit: 3, retryDelay: 2, retryBackoff: true });
    await first.createQueue('slotted', { name: 'slotted' });
  }, 120_000);
  afterAll(async () => {
    await first?.stop({ graceful: false, wait: true });
    await second?.stop({ graceful: false, wait: true });
    await database?.dispose();
  });

  it('retries a failed job later, each time a little later (backoff)', async () => {
    const id = await first.send('retried', { n: 1 });
    expect(id).toBeTruthy();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      // A retry is not due before its start_after: fetch until it is, then fail it again.
      let job: PgBoss.Job<unknown> | undefined;
      const failedAt = Date.now();
      for (let tries = 0; tries < 200 && !job; tries++) {
        [job] = await first.fetch('retried');
        if (!job) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(job?.id).toBe(id);
      if (attempt > 0) delays.push(Date.now() - failedAt);
      await first.fail('retried', id as string, { message: `attempt ${attempt}` });
      const stored = await first.getJobById('retried', id as string);
      expect(stored?.state).toBe('retry');
      expect(stored?.startAfter.getTime()).toBeGreaterThan(Date.now());
    }
    const stored = await first.getJobById('retried', id as string);
    // pg-boss counts a retry when the retried job is fetched again: once here.
    expect(stored?.retryCount).toBe(1);
    expect(delays[0]).toBeGreaterThanOrEqual(1_500);
  }, 60_000);

  it('enqueues a cron slot once, whichever instances send it', async () => {
    const slot = { singletonKey: 'notify-slot', singletonSeconds: 300 };
    const sent = await Promise.all([
      first.send('slotted', {}, slot),
      second.send('slotted', {}, slot),
      first.send('slotted', {}, slot),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
  });

  it('hands a job to one of two workers fetching at once', async () => {
    await first.send('slotted', { unique: true });
    const [a, b] = await Promise.all([
      first.fetch('slotted', { batchSize: 5 }),
      second.fetch('slotted', { batchSize: 5 }),
    ]);
    const ids = [...(a ?? []), ...(b ?? [])].map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The slot's job from the previous test and this one: each handed out exactly once.
    expect(ids).toHaveLength(2);
  });
});

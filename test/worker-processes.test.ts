import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/annuity/schemas';
import { mailMessage } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { calendarToday } from '@/lib/format/dates';
import { defaultPreferences } from '@/lib/notifications/preferences';
import { savePreferences } from '@/lib/server/notifications/preferences';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { startAppHarness } from './app-harness';
import { startTestSmtpServer, type TestSmtpServer } from './notifications-smtp';
import { pinnedClockEnv } from './pinned-clock-env';

/**
 * `npm run worker -- --once` as real processes on one PostgreSQL database: two started
 * at the same moment, then a third (a restart). Every reminder reaches the SMTP server once. Runs
 * only with DATABASE_URL: on PGlite two processes must never share a data dir, which is why the
 * embedded worker runs inside the dashboard process instead.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

describe.skipIf(!process.env.DATABASE_URL)('worker processes on PostgreSQL', () => {
  let sandbox: StartedSandbox;
  let app: Awaited<ReturnType<typeof startAppHarness>>;
  let smtp: TestSmtpServer;
  let childEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // The child processes run on the real clock: the service's "today" is set to match it.
    sandbox = await startSandbox({ today: calendarToday() });
    await sandbox.operator.createTenant({ name: 'processes', patents: 300, seed: 21 });
    const { key } = await sandbox.operator.createKey({ tenant: 'processes', scopes: [...SCOPES] });
    app = await startAppHarness('postgres');
    const { db } = app.database;
    await savePreferences(db, app.users.paralegal.id, {
      ...defaultPreferences(),
      digest: { frequency: 'daily', hour: 0, weekday: 1 },
      dueOffsets: [30],
    });
    for (const role of ['finance', 'manager', 'admin'] as const)
      await savePreferences(db, app.users[role].id, {
        ...defaultPreferences(),
        channels: { inApp: false, email: false },
      });
    const pool = (db as unknown as { $client: { options: { connectionString: string } } }).$client;
    childEnv = {
      NODE_ENV: 'test',
      PATH: process.env.PATH,
      ...pinnedClockEnv(),
      HOME: process.env.HOME,
      DATABASE_URL: pool.options.connectionString,
      ANNUITY_API_URL: sandbox.baseUrl,
      ANNUITY_API_KEY: key,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Annuity Console <reminders@test.example>',
      AUTH_SECRET: 'test-secret-that-is-long-enough-1234567890',
      LOG_LEVEL: 'warn',
    };
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await sandbox?.stop();
    await smtp?.stop();
    resetEnvForTests();
  });

  const once = () =>
    run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts', '--once'], {
      cwd: root,
      env: childEnv,
      timeout: 180_000,
    });

  it('two processes at once, then a restart, mail each reminder once', async () => {
    const [a, b] = await Promise.all([once(), once()]);
    expect(`${a.stdout}${b.stdout}`).toMatch(/ok +notify/);
    const sent = await app.database.db.select().from(mailMessage);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((row) => row.status === 'sent')).toBe(true);
    expect(smtp.received).toHaveLength(sent.length);
    const keys = sent.map((row) => `${row.userId}|${row.rule}|${row.subjectKey}`);
    expect(new Set(keys).size).toBe(keys.length);

    await once();
    expect(smtp.received).toHaveLength(sent.length);
    expect(await app.database.db.select().from(mailMessage)).toHaveLength(sent.length);
  }, 300_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/open';
import { mailMessage, reminderTold, renewalWatch, user } from '@/lib/db/schema';
import { parseEnv } from '@/lib/env-schema';
import { formatDate } from '@/lib/format/dates';
import { freePort } from '@/sandbox/process-group';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { prepareDatabase } from '@/scripts/lib/prepare-database';
import { pinnedClockEnv } from './pinned-clock-env';

/**
 * `npm run worker` beside `npm start` on the embedded defaults: no ANNUITY_API_URL, the stand-in
 * service on SANDBOX_PORT with the demo key, as npm start runs it. The worker finds that service,
 * says which it uses, and on the demo tenant with reminders on (the defaults) one `--once` sends
 * each person at most three messages, the most urgent first; a second sends nothing new. Without
 * a stand-in answering it says so and stops.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const SECRET = 'test-secret-that-is-long-enough-1234567890';

describe('the worker finds the stand-in service npm start runs', () => {
  let sandbox: StartedSandbox;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    sandbox = await startSandbox({ demo: true, demoStepSeconds: 3600 });
    dataDir = mkdtempSync(path.join(tmpdir(), 'annuity-worker-'));
    // What npm start leaves in the data dir: its secret, the migrated database, the demo users.
    writeFileSync(path.join(dataDir, 'auth-secret'), `${SECRET}\n`, { mode: 0o600 });
    await prepareDatabase(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }), { demo: true });
    env = {
      NODE_ENV: 'test',
      PATH: process.env.PATH,
      ...pinnedClockEnv(),
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      SANDBOX_PORT: new URL(sandbox.baseUrl).port,
      // No dashboard answers here: the worker may open the embedded data dir.
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
  }, 240_000);

  afterAll(async () => {
    await sandbox?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function worker(extra: Record<string, string> = {}) {
    return run(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts', '--once'],
      { cwd: root, env: { ...env, ...extra }, timeout: 300_000, maxBuffer: 10 * 1024 * 1024 },
    );
  }

  async function read() {
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'dashboard') });
    try {
      return {
        mail: await handle.db.select().from(mailMessage),
        told: await handle.db.select().from(reminderTold),
        watched: await handle.db.select().from(renewalWatch),
        users: await handle.db.select({ id: user.id, email: user.email }).from(user),
      };
    } finally {
      await handle.close();
    }
  }

  async function messages() {
    return (await read()).mail;
  }

  it('says which service it uses and sends each person at most three messages; a second run none', async () => {
    const first = await worker();
    expect(first.stdout).toContain(`Service: the stand-in service at ${sandbox.baseUrl}`);
    expect(first.stdout).not.toMatch(/FAILED/);
    const { mail: sent, told, watched, users } = await read();
    expect(sent.length).toBeGreaterThan(0);
    const graceEnd = new Map(
      watched.map((row) => [
        row.eventId,
        (row.row as { gracePeriodEndDate: string | null }).gracePeriodEndDate,
      ]),
    );
    const idOf = new Map(users.map((account) => [account.email, account.id]));
    // A renewal of the demo in its grace period, undecided, ending within the default alert days:
    // "about to lapse" is then among what is sent. Whether the demo holds one depends on the day.
    const today = new Date().toISOString().slice(0, 10);
    const alertEnd = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const lapsing = watched.some((watch) => {
      const row = watch.row as {
        dueDate: string;
        gracePeriodEndDate: string | null;
        appliedDecision: string | null;
      };
      return (
        row.appliedDecision === null &&
        row.dueDate < today &&
        row.gracePeriodEndDate !== null &&
        row.gracePeriodEndDate >= today &&
        row.gracePeriodEndDate <= alertEnd
      );
    });
    expect(sent.some((row) => row.rule === 'lapse')).toBe(lapsing);
    const byPerson = new Map<string, typeof sent>();
    for (const row of sent) byPerson.set(row.recipient, [...(byPerson.get(row.recipient) ?? []), row]);
    for (const [recipient, rows] of byPerson) {
      expect(rows.length, recipient).toBeLessThanOrEqual(3);
      const ordered = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      // About to lapse, when there is any, comes first.
      if (!rows.some((row) => row.rule === 'lapse')) continue;
      expect(ordered[0]?.rule, recipient).toBe('lapse');
      // It names the renewal of this person's whose grace period ends first.
      const mine = told.filter(
        (row) => row.audience === `user:${idOf.get(recipient)}` && row.rule.startsWith('grace-'),
      );
      const first = mine.map((row) => graceEnd.get(row.subjectKey) ?? '9999').sort()[0];
      expect(ordered[0]?.subject, recipient).toContain(`grace ends ${formatDate(first as string)}`);
    }

    const second = await worker();
    expect(second.stdout).not.toMatch(/FAILED/);
    expect((await messages()).length).toBe(sent.length);
  }, 600_000);

  it('says clearly that no service answers when none does', async () => {
    const failed = await worker({ SANDBOX_PORT: String(await freePort()) }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /no stand-in service answers at http:\/\/127\.0\.0\.1:\d+/,
    );
  }, 120_000);
});

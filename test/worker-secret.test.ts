import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/annuity/schemas';
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env-schema';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { ensureDemoClients } from '@/lib/server/connection/demo-clients';
import { freePort } from '@/sandbox/process-group';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { prepareDatabase } from '@/scripts/lib/prepare-database';
import { pinnedClockEnv } from './pinned-clock-env';

/**
 * `npm run worker` with ANNUITY_API_URL and ANNUITY_API_KEY given (an operator's configuration) and
 * no AUTH_SECRET reads the secret npm start keeps in the data dir, as npm start does: the client
 * key stored encrypted under it is read and every job runs. With no secret anywhere it refuses to
 * start, naming the settings, before it opens the database. The secret is never printed.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const SECRET = 'worker-secret-test-0123456789abcdef0123456789';

describe('the worker reads the data dir secret whichever service it calls', () => {
  let sandbox: StartedSandbox;
  const dirs: string[] = [];
  let env: NodeJS.ProcessEnv;
  let keptDir: string;

  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'annuity-worker-secret-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    await sandbox.operator.createTenant({ name: 'secret-first', patents: 12, seed: 31 });
    await sandbox.operator.createTenant({ name: 'secret-second', patents: 12, seed: 32 });
    const first = await sandbox.operator.createKey({ tenant: 'secret-first', scopes: [...SCOPES] });
    const second = await sandbox.operator.createKey({ tenant: 'secret-second', scopes: [...SCOPES] });

    // What npm start leaves in the data dir: its secret, the migrated database, and a second
    // client whose key is stored encrypted under that secret.
    keptDir = tempDir();
    writeFileSync(path.join(keptDir, 'auth-secret'), `${SECRET}\n`, { mode: 0o600 });
    await prepareDatabase(parseEnv({ DATA_DIR: keptDir, AUTH_SECRET: SECRET }), { demo: false });
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(keptDir, 'dashboard') });
    try {
      await ensureDemoClients(handle.db, { AUTH_SECRET: SECRET }, [
        { id: DEFAULT_CONNECTION, name: 'First', apiKey: first.key },
        { id: 'second', name: 'Second', apiKey: second.key },
      ]);
    } finally {
      await handle.close();
    }
    env = {
      NODE_ENV: 'test',
      PATH: process.env.PATH,
      ...pinnedClockEnv(),
      HOME: process.env.HOME,
      ANNUITY_API_URL: sandbox.baseUrl,
      ANNUITY_API_KEY: first.key,
      // No dashboard answers here: the worker may open the embedded data dir.
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
  }, 240_000);

  afterAll(async () => {
    await sandbox?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const worker = (extra: Record<string, string>) =>
    run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts', '--once'], {
      cwd: root,
      env: { ...env, ...extra },
      timeout: 240_000,
      maxBuffer: 10 * 1024 * 1024,
    });

  it('uses the secret npm start keeps in the data dir and reads the stored client key with it', async () => {
    const { stdout, stderr } = await worker({ DATA_DIR: keptDir });
    expect(stdout).toContain(`Secret: AUTH_SECRET from ${path.join(keptDir, 'auth-secret')}`);
    // The second client's sync ran on its stored key.
    expect(stdout).toMatch(/ok +sync .*"second":\{"walked"/);
    expect(stdout).not.toMatch(/FAILED/);
    expect(`${stdout}${stderr}`).not.toMatch(/Neither KEY_ENCRYPTION_SECRET nor AUTH_SECRET/);
    expect(`${stdout}${stderr}`).not.toContain(SECRET);
  }, 300_000);

  it('refuses to start without any secret, naming the settings, before opening the database', async () => {
    const emptyDir = tempDir();
    const failed = await worker({ DATA_DIR: emptyDir }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 1 });
    const { stdout, stderr } = failed as { stdout: string; stderr: string };
    expect(stderr).toMatch(/neither KEY_ENCRYPTION_SECRET nor AUTH_SECRET is set/);
    expect(stderr).toContain(path.join(emptyDir, 'auth-secret'));
    expect(stdout).not.toMatch(/ok +|FAILED/);
    expect(existsSync(path.join(emptyDir, 'dashboard'))).toBe(false);
    expect(existsSync(path.join(emptyDir, 'auth-secret'))).toBe(false);
  }, 120_000);
});

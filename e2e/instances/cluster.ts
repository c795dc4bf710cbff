import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { groupStopper, killGroup } from '../../sandbox/process-group';

/**
 * The pieces of the two-instance test (e2e/instances.spec.ts): a PostgreSQL database of its own,
 * `next start` processes of the one build, and haproxy in front of them. Every process is started
 * through scripts/leash.mjs, detached in a group of its own: `stop()` ends the group, the runner's
 * exit ends what is left, and a runner killed outright closes the leash's stdin, which ends the
 * group too.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** A fresh database on the DATABASE_URL server, named like the integration tests' (lib/db/testing.ts). */
export async function createDatabase(serverUrl: string) {
  const name = `annuity_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await pool.query<T>(text, values)).rows,
    async drop() {
      await pool.end();
      await withClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
export type TestDatabase = Awaited<ReturnType<typeof createDatabase>>;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrations and demo users, in a process of its own (e2e/instances/prepare-database.ts). */
export async function prepareDatabase(env: NodeJS.ProcessEnv): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'e2e/instances/prepare-database.ts'], {
    cwd: ROOT,
    env,
    timeout: 180_000,
  });
}

export interface Leashed {
  name: string;
  output(): string;
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function startLeashed(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Leashed {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const child of running) killGroup(child, 'SIGKILL');
    });
  }
  const child = spawn(process.execPath, ['scripts/leash.mjs', command, ...args], {
    cwd: ROOT,
    env,
    // stdin stays open while this process lives: its end tells the leash to stop the group.
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output = `${output}${chunk.toString('utf8')}`.slice(-20_000);
    });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return {
    name,
    output: () => output,
    exited,
    stop: groupStopper(child, exited, 20_000),
  };
}

/** Resolves when `url` answers 200, fails when the process exits first or after `timeoutMs`. */
async function waitUntilAnswers(url: string, child: Leashed, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone: number | string | null = null;
  void child.exited.then((code) => {
    gone = code;
  });
  for (;;) {
    if (gone !== null) throw new Error(`${child.name} exited (${gone}):\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${child.name} did not answer ${url} in ${timeoutMs / 1000} s:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One `next start` of the existing build (`.next`), with its embedded worker. */
export async function startDashboard(name: string, port: number, env: NodeJS.ProcessEnv): Promise<Leashed> {
  const dashboard = startLeashed(
    name,
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    { ...env, PORT: String(port) },
  );
  await waitUntilAnswers(`http://127.0.0.1:${port}/api/health`, dashboard);
  return dashboard;
}

export interface LoadBalancer extends Leashed {
  url: string;
}

/**
 * haproxy round-robin over the instances, each request balanced on its own. It names the instance
 * that answered in X-Served-By, so a test can tell where a request landed, and checks each
 * instance's health every second, so a restarting one is taken out and put back.
 */
export async function startProxy(
  port: number,
  backends: { name: string; port: number }[],
): Promise<LoadBalancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'annuity-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 256',
      'defaults',
      '  mode http',
      '  option forwardfor',
      '  timeout connect 5s',
      '  timeout client 180s',
      '  timeout server 180s',
      '  default-server inter 1s fall 2 rise 1',
      'frontend dashboard',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-response set-header X-Served-By %[srv_name]',
      ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`),
      '',
    ].join('\n'),
  );
  const proxy = startLeashed('haproxy', HAPROXY, ['-db', '-f', config], {
    NODE_ENV: 'production',
    PATH: process.env.PATH,
  });
  void proxy.exited.then(() => rmSync(dir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(`${url}/api/health`, proxy, 30_000);
  return { ...proxy, url };
}

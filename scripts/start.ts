/**
 * `npm start` (and `npm run dev` with --dev): everything on the embedded defaults in one command.
 * Validates the configuration, builds when the build is missing or stale, migrates, starts the
 * stand-in service unless ANNUITY_API_URL points at a real one (and starts it again, with a
 * back-off, whenever it stops: scripts/lib/supervise.ts), starts the dashboard, and stops both
 * cleanly on Ctrl-C.
 *
 * Flags: --dev (hot reload), --reset-data (start from an empty DATA_DIR; used by the e2e suite).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, parseEnv } from '../lib/env-schema';
import { DEMO_USERS } from '../lib/server/auth/demo-users';
import { DEMO_API_KEY, DEMO_CLIENTS } from '../sandbox/demo';
import { buildIfStale } from './lib/build-fingerprint';
import { buildingMessage, formatElapsed } from './lib/build-output';
import { spawnChild, stopChild, waitForLine } from './lib/children';
import { findAuthSecret } from './lib/local-secret';
import { prepareDatabase } from './lib/prepare-database';
import { SANDBOX_READY, spawnSandbox } from './lib/sandbox-child';
import { superviseChild } from './lib/supervise';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');

function loadDotEnv(): void {
  const file = path.join(root, '.env');
  // process.loadEnvFile exists from Node 20.12; older 20.x reads .env through Next only.
  if (existsSync(file)) process.loadEnvFile?.(file);
}

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  process.chdir(root);
  loadDotEnv();
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(`${error.message}\n\nSee .env.example for every setting.`);
    throw error;
  }

  const dataDir = path.resolve(env.DATA_DIR);
  if (args.has('--reset-data')) rmSync(dataDir, { recursive: true, force: true });

  // How to stop each child, in the order they were started.
  const stoppers: (() => Promise<void>)[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The dashboard first, so it never sees its upstream vanish mid-request.
    for (const stop of [...stoppers].reverse()) await stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const useSandbox = !env.ANNUITY_API_URL;
  const { authSecret } = findAuthSecret(env, { create: true });

  if (!dev) {
    // Next's own output (a page of routes) goes to the data dir's build log; the terminal gets a
    // line every half minute, and the log's tail if the build fails.
    const logFile = path.join(dataDir, 'build.log');
    const began = performance.now();
    const building = new AbortController();
    stoppers.push(async () => building.abort());
    try {
      const built = await buildIfStale(root, {
        onBuild: (reason) => console.log(buildingMessage(reason, logFile)),
        quiet: { logFile, print: (line) => console.log(line), everyMs: 30_000, signal: building.signal },
      });
      if (built) console.log(`Built in ${formatElapsed(performance.now() - began)}.`);
    } catch (error) {
      fail((error as Error).message);
    }
  }

  // The stand-in creates its demo clients on an empty store (SANDBOX_DEMO only switches its demo
  // mode, which moves decisions along on its own): each is a connection of the console.
  console.log('Preparing the database…');
  const firstRun = await prepareDatabase(
    { ...env, AUTH_SECRET: authSecret },
    { demo: useSandbox, demoClients: useSandbox ? DEMO_CLIENTS : [] },
  );

  let upstreamUrl = env.ANNUITY_API_URL;
  if (useSandbox) {
    // The stand-in service is restarted with a back-off when it stops (a crash, out of memory):
    // the dashboard stays up meanwhile and says the service cannot be reached. A restart keeps the
    // port the first start got, so the dashboard's ANNUITY_API_URL stays right.
    let port = String(env.SANDBOX_PORT);
    const sandbox = await superviseChild({
      label: 'The stand-in service',
      spawn: () => spawnSandbox({ port, dataDir, demo: process.env.SANDBOX_DEMO !== '0' }),
      ready: SANDBOX_READY,
      readyTimeoutMs: 120_000,
      onReady: (match) => {
        port = new URL(match[1] as string).port || port;
      },
    }).catch((error: Error) => fail(error.message));
    stoppers.push(() => sandbox.stop());
    upstreamUrl = sandbox.ready[1];
  }

  const dashboardEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: dev ? 'development' : 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    PORT: String(env.PORT),
    AUTH_SECRET: authSecret,
    ANNUITY_API_URL: upstreamUrl,
    ANNUITY_API_KEY: useSandbox ? DEMO_API_KEY : env.ANNUITY_API_KEY,
    ANNUITY_UPSTREAM_IS_SANDBOX: useSandbox ? '1' : '0',
  };
  const dashboard = spawnChild(
    'dashboard',
    process.execPath,
    // An idle kept-alive connection stays open 65 s, not Node's 5 s: a client or proxy (haproxy,
    // nginx, a load balancer: 60 s) that sends on a connection the server is closing at that
    // moment gets a reset instead of an answer (a journey's request met one: ECONNRESET).
    [
      'node_modules/next/dist/bin/next',
      dev ? 'dev' : 'start',
      '--port',
      String(env.PORT),
      ...(dev ? [] : ['--keepAliveTimeout', '65000']),
    ],
    dashboardEnv,
  );
  stoppers.push(() => stopChild(dashboard));
  void dashboard.exited.then((code) => {
    if (!stopping) {
      console.error(`The dashboard stopped unexpectedly (${code}).`);
      void stopAll(1);
    }
  });
  await waitForLine(dashboard, /Ready in|started server on|Local:/i, 120_000).catch((error: Error) =>
    fail(error.message),
  );

  const url = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  console.log(`\nAnnuity Console is running at ${url}`);
  console.log(
    useSandbox ? `Upstream: the stand-in service at ${upstreamUrl} (demo data)` : `Upstream: ${upstreamUrl}`,
  );
  if (useSandbox) {
    console.log('\nDemo sign-ins (demo data only; refused whenever the upstream is a real service):');
    for (const demoUser of DEMO_USERS)
      console.log(`  ${demoUser.role.padEnd(10)} ${demoUser.email}  ${demoUser.password}`);
  } else if (firstRun.kind === 'ready' && firstRun.demoUsersRefused) {
    console.log(
      '\nDemo accounts (@demo.test) exist in this database and are refused: the upstream is a real service.',
    );
  }
  if (firstRun.kind === 'needs-first-admin') {
    console.log(
      `\nNo users yet. Create the first administrator at:\n  ${url}/setup?token=${firstRun.setupToken}`,
    );
  }
  console.log('Press Ctrl-C to stop.\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

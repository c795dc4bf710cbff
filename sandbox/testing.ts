import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from './demo';
import { createOperatorClient, type OperatorClient } from './operator-client';
import { groupStopper, killGroup } from './process-group';

/**
 * The real stand-in service as a child process, for any test suite of the project (the dashboard's
 * integration tests use it): `sandbox/main.ts` on a free port with a store of its own, ready when
 * this resolves. `stop()` ends the whole process group; a test runner that exits without calling it
 * still takes the child down with it.
 */

export interface StartSandboxOptions {
  /** Pins the service's "today" (YYYY-MM-DD). */
  today?: string;
  /** Demo mode: the demo tenant's decisions advance by themselves. */
  demo?: boolean;
  /** Seconds per demo step (default 1 here, so demo tests do not wait long). */
  demoStepSeconds?: number;
  /**
   * A PGlite data dir to use (and keep) — pass the same one to a second start to test a restart.
   * Without it the service runs with an in-memory store (nothing persisted; fastest start).
   */
  dataDir?: string;
  /**
   * The behaviour profile (sandbox/profiles.ts). Without it the child takes SANDBOX_PROFILE from
   * the environment, so a suite can run against each profile unchanged (vitest.config.ts).
   */
  profile?: 'default' | 'variant';
  /** Extra environment for the child. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for readiness (default 60 s). */
  timeoutMs?: number;
}

export interface StartedSandbox {
  baseUrl: string;
  operatorToken: string;
  operator: OperatorClient;
  /** The demo tenant's full-scope key (sandbox/demo.ts). */
  demoKey: string;
  /** Resolves with the exit code (0 after a clean stop) or the signal that ended the child. */
  exited: Promise<number | string>;
  /** The child's process id (to read its memory, for instance). */
  pid: number | undefined;
  /** Everything the child printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY = /sandbox listening on (http:\/\/\S+)/;
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A runner that exits without stop() (a crash, a timeout) must not leave orphans behind.
  process.once('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
}

export async function startSandbox(options: StartSandboxOptions = {}): Promise<StartedSandbox> {
  installExitHook();
  const operatorToken = `test-${randomBytes(12).toString('hex')}`;
  const args = [
    '--import',
    'tsx',
    'sandbox/main.ts',
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    options.dataDir ?? ':memory:',
  ];
  if (options.today) args.push('--today', options.today);
  if (options.profile) args.push('--profile', options.profile);
  if (options.demo) args.push('--demo', '--demo-step-seconds', String(options.demoStepSeconds ?? 1));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_OPERATOR_TOKEN: operatorToken,
      SANDBOX_DATABASE_URL: '',
      SANDBOX_TODAY: '',
      SANDBOX_DEMO: '',
      SANDBOX_EXIT_WITH_PARENT: '1',
      ...options.env,
    },
    // stdin stays open while this process lives: its end tells the service its parent is gone.
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group, so stop() also reaches whatever it spawned (tsx's loader).
    detached: true,
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });

  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      reject(
        new Error(
          `the sandbox did not become ready in ${(options.timeoutMs ?? 60_000) / 1000} s:\n${output}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        output += `${line}\n`;
        const match = READY.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code}) before it was ready:\n${output}`));
    });
  });

  return {
    baseUrl,
    operatorToken,
    operator: createOperatorClient({ baseUrl, token: operatorToken }),
    demoKey: DEMO_API_KEY,
    exited,
    pid: child.pid,
    output: () => output,
    stop: groupStopper(child, exited, 10_000),
  };
}

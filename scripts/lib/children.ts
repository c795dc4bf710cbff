import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process is gone. */
  exited: Promise<number | string>;
}

/** Spawns a long-running child whose output is passed through, each line prefixed with its name. */
export function spawnChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  // detached: the child leads its own process group, so stopping it also stops what it spawned
  // (Next's worker, tsx's loader) and a terminal Ctrl-C reaches children only through us, in order.
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { name, process: child, exited };
}

/** Waits for a line on the child's output that matches, failing if the child exits first. */
export function waitForLine(child: Child, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${child.name} did not become ready in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const readers = [child.process.stdout, child.process.stderr].flatMap((stream) =>
      stream ? [createInterface({ input: stream })] : [],
    );
    const done = () => {
      clearTimeout(timer);
      for (const reader of readers) reader.close();
    };
    for (const reader of readers) {
      reader.on('line', (line) => {
        const match = line.match(pattern);
        if (match) {
          done();
          resolve(match);
        }
      });
    }
    void child.exited.then((code) => {
      done();
      reject(new Error(`${child.name} exited (${code}) before it was ready`));
    });
  });
}

/** Asks the child's whole process group to stop; kills it if it has not gone after the grace time. */
export async function stopChild(child: Child, graceMs = 15_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
  // Anything the child left behind in its group goes too.
  signalGroup(child, 'SIGKILL');
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  const pid = child.process.pid;
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes started detached (their own process group), as the test and journey harnesses
 * start the stand-in service and the dashboards: a signal reaches the whole group, so nothing the
 * child started is left behind.
 */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops the group once, however often asked: SIGTERM, SIGKILL after `graceMs` or once it exited. */
export function groupStopper(
  child: ChildProcess,
  exited: Promise<unknown>,
  graceMs: number,
): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  return () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      killGroup(child, 'SIGKILL');
    })();
    return stopping;
  };
}

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../sandbox/demo';
import { spawnChild } from './children';
import { SANDBOX_READY, spawnSandbox } from './sandbox-child';
import { type Supervisor, superviseChild } from './supervise';

/**
 * `npm start` keeps the stand-in service running: a killed service is started again on the same
 * port with a back-off, said on the console, while start itself (and with it the dashboard) goes on.
 */
const supervisors: Supervisor[] = [];
const root = mkdtempSync(path.join(tmpdir(), 'supervise-'));
afterAll(async () => {
  await Promise.all(supervisors.map((supervisor) => supervisor.stop()));
  rmSync(root, { recursive: true, force: true });
});

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('superviseChild', () => {
  it('starts a killed stand-in service again on the same port and says so', {
    timeout: 240_000,
  }, async () => {
    const messages: string[] = [];
    let port = '0';
    const supervisor = await superviseChild({
      label: 'The stand-in service',
      spawn: () => spawnSandbox({ port, dataDir: root, demo: false }),
      ready: SANDBOX_READY,
      readyTimeoutMs: 120_000,
      initialDelayMs: 200,
      log: (message) => messages.push(message),
      onReady: (match) => {
        port = new URL(match[1] as string).port;
      },
    });
    supervisors.push(supervisor);
    const url = supervisor.ready[1] as string;
    const patents = () =>
      fetch(`${url}/api/v2/external/patents?itemsPerPage=1`, { headers: { 'x-api-key': DEMO_API_KEY } })
        .then((response) => response.status)
        .catch(() => 0);
    expect(await patents()).toBe(200);

    const first = supervisor.current();
    process.kill(-(first.process.pid as number), 'SIGKILL');
    await first.exited;
    expect(await patents()).toBe(0);

    await until(
      () => supervisor.restarts(),
      (count) => count === 1,
      10_000,
    );
    expect(await until(patents, (status) => status === 200, 120_000)).toBe(200);
    expect(supervisor.current()).not.toBe(first);
    expect(messages[0]).toMatch(
      /^The stand-in service stopped unexpectedly \(SIGKILL\); starting it again in 0\.2 s \(the dashboard keeps running\)\.$/,
    );
    expect(messages).toContain('The stand-in service is running again.');
  });

  it('waits longer after each failed start, up to the cap', { timeout: 30_000 }, async () => {
    const messages: string[] = [];
    let starts = 0;
    const supervisor = await superviseChild({
      label: 'The helper',
      // Ready at first, then every later start fails at once.
      spawn: () =>
        spawnChild(
          'helper',
          process.execPath,
          [
            '-e',
            starts++ === 0
              ? "console.log('ready'); setTimeout(() => process.exit(7), 50)"
              : 'process.exit(3)',
          ],
          process.env,
        ),
      ready: /ready/,
      readyTimeoutMs: 5_000,
      initialDelayMs: 100,
      maxDelayMs: 400,
      log: (message) => messages.push(message),
    });
    supervisors.push(supervisor);
    await until(
      () => messages.length,
      (count) => count >= 5,
      20_000,
    );
    await supervisor.stop();
    expect(messages.slice(0, 5).map((message) => /in ([\d.]+) s/.exec(message)?.[1])).toEqual([
      '0.1',
      '0.2',
      '0.4',
      '0.4',
      '0.4',
    ]);
    expect(messages[0]).toMatch(/^The helper stopped unexpectedly \(7\)/);
    expect(messages[1]).toMatch(/^The helper did not start \(helper exited \(3\) before it was ready\)/);
  });
});

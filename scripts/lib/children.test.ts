import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnChild, stopChild, waitForLine } from './children';

// Running, as opposed to gone or a zombie waiting for a parent (here PID 1) to reap it.
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
};

// A parent that starts a grandchild ignoring SIGTERM, the way a dev server's worker might.
const PARENT = `
const { spawn } = require('node:child_process');
const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
console.log('grandchild ' + grandchild.pid);
setInterval(() => {}, 1000);
`;

describe('child processes of npm start', () => {
  it('waits for the ready line and stops the whole process group, leaving nothing behind', async () => {
    const child = spawnChild('test', process.execPath, ['-e', PARENT], process.env);
    const match = await waitForLine(child, /grandchild (\d+)/, 10_000);
    const grandchildPid = Number(match[1]);
    expect(alive(grandchildPid)).toBe(true);
    await stopChild(child, 500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(child.process.pid as number)).toBe(false);
    expect(alive(grandchildPid)).toBe(false);
  });

  it('reports a child that exits before it is ready', async () => {
    const child = spawnChild('test', process.execPath, ['-e', 'process.exit(3)'], process.env);
    await expect(waitForLine(child, /never/, 10_000)).rejects.toThrow(/exited \(3\) before it was ready/);
  });
});

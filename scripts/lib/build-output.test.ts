import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildingMessage, buildPhase, formatElapsed, runQuietBuild } from './build-output';

/**
 * `npm start`'s first build: Next's output (its route table above all) goes to the data dir's log,
 * the terminal gets a progress line now and then, and the log's tail only when the build fails.
 * A stand-in for `next build` prints what Next 16 prints, slowly.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'build-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NEXT_OUTPUT = [
  '▲ Next.js 16.4.6 (Turbopack)',
  '  Creating an optimized production build ...',
  '✓ Compiled successfully in 4.4min',
  '  Skipping validation of types',
  '  Collecting page data using 1 worker ...',
  '  Generating static pages using 1 worker (0/93) ...',
  '✓ Generating static pages using 1 worker (93/93) in 4.3s',
  '  Finalizing page optimization ...',
  '',
  'Route (app)',
  '┌ ƒ /',
  '├ ƒ /_not-found',
  '├ ƒ /admin',
  '└ ƒ /tracking',
  'ƒ  (Dynamic)  server-rendered on demand',
];

/** A fake build: prints `lines` on stdout (one on stderr), 60 ms apart, then exits with `code`. */
function fakeBuild(lines: string[], code: number) {
  const script = `
    const lines = ${JSON.stringify(lines)};
    let i = 0;
    const next = () => {
      if (i === lines.length) { console.error('a warning on stderr'); process.exit(${code}); }
      console.log(lines[i++]);
      setTimeout(next, 60);
    };
    next();
  `;
  return { command: process.execPath, args: ['-e', script], cwd: dir, env: process.env };
}

/** A clock that moves one second at each reading, so the progress lines are known. */
function steppingClock() {
  let readings = 0;
  return () => readings++ * 1000;
}

describe('the first build, quietly', () => {
  it('prints progress lines (time so far, the step) and no route table; the log has everything', async () => {
    const printed: string[] = [];
    const logFile = path.join(dir, 'ok', 'build.log');
    await runQuietBuild({
      ...fakeBuild(NEXT_OUTPUT, 0),
      logFile,
      print: (line) => printed.push(line),
      everyMs: 40,
      now: steppingClock(),
    });
    expect(printed.length).toBeGreaterThan(0);
    expect(printed[0]).toMatch(/^ {2}still building: 1 s so far \((starting|compiling|compiled)\)$/);
    for (const line of printed)
      expect(line).toMatch(
        /^ {2}still building: \d+ (min|s)( \d+ s)? so far \((starting|compiling|compiled|checking types|collecting page data|generating static pages|finalizing)\)$/,
      );
    expect(printed.join('\n')).not.toMatch(/Route|_not-found|Dynamic/);
    const log = readFileSync(logFile, 'utf8');
    for (const line of NEXT_OUTPUT.filter(Boolean)) expect(log).toContain(line);
    expect(log).toContain('a warning on stderr');
  });

  it('fails with the log path and the last 30 lines of the output, not the first ones', async () => {
    const errors = Array.from({ length: 40 }, (_, i) => `error line ${i + 1}`);
    const logFile = path.join(dir, 'failed', 'build.log');
    const failure = await runQuietBuild({
      ...fakeBuild(errors, 1),
      logFile,
      print: () => {},
      everyMs: 1_000,
    }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('The build failed (1)');
    expect(message).toContain(logFile);
    expect(message).toContain('error line 40');
    expect(message).toContain('a warning on stderr');
    expect(message).not.toMatch(/error line 10\b/);
    expect(readFileSync(logFile, 'utf8')).toContain('error line 1\n');
  });

  it('stops the build when aborted (a start stopped while it builds leaves no build behind)', async () => {
    const logFile = path.join(dir, 'aborted', 'build.log');
    const stop = new AbortController();
    const build = runQuietBuild({
      command: process.execPath,
      args: ['-e', "console.log('pid ' + process.pid); setInterval(() => {}, 1000);"],
      cwd: dir,
      env: process.env,
      logFile,
      print: () => {},
      everyMs: 1_000,
      signal: stop.signal,
    });
    let pid: number | undefined;
    for (let wait = 0; !pid && wait < 200; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pid = Number(/pid (\d+)/.exec(readFileSync(logFile, 'utf8'))?.[1]) || undefined;
    }
    expect(pid).toBeDefined();
    stop.abort();
    await expect(build).rejects.toThrow(/The build failed/);
    let alive = true;
    for (let wait = 0; alive && wait < 100; wait++) {
      try {
        process.kill(pid as number, 0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  });

  it("names Next's steps, never a route, and says what a first build costs before it starts", () => {
    expect(NEXT_OUTPUT.map(buildPhase).filter(Boolean)).toEqual([
      'compiling',
      'compiled',
      'collecting page data',
      'generating static pages',
      'generating static pages',
      'finalizing',
    ]);
    expect(formatElapsed(228_000)).toBe('3 min 48 s');
    expect(formatElapsed(45_400)).toBe('45 s');
    expect(formatElapsed(60_200)).toBe('1 min');
    const message = buildingMessage('missing', '/data/build.log');
    expect(message).toMatch(/for the first time/);
    expect(message).toMatch(/about 4 minutes on 2 cores/);
    expect(message).toContain('/data/build.log');
    expect(buildingMessage('stale', '/data/build.log')).toMatch(/sources changed/);
  });
});

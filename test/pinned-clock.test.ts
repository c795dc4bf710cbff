import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PINNED_START } from './global-setup';

/**
 * No test's outcome may depend on the day the suite runs: the run's clock starts at one pinned
 * instant (test/pinned-clock.mjs), in vitest's workers and in every process they start (the
 * stand-in service, the worker processes), whatever the system clock says.
 */
describe('the test run’s clock', () => {
  const start = Date.parse(process.env.TEST_NOW ?? PINNED_START);

  it('reads the pinned instant plus the run’s time so far, here and in a child process', () => {
    const here = Date.now();
    expect(here).toBeGreaterThanOrEqual(start);
    // A whole run takes well under an hour.
    expect(here - start).toBeLessThan(3_600_000);
    // biome-ignore lint/complexity/useDateNow: what is checked is that new Date() reads the same clock
    expect(Math.abs(new Date().getTime() - here)).toBeLessThan(1_000);
    const child = Number(
      execFileSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], {
        encoding: 'utf8',
      }),
    );
    expect(child).toBeGreaterThanOrEqual(here);
    expect(child - here).toBeLessThan(60_000);
  });

  it('leaves given instants, parsing and instanceof as they are', () => {
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date('2028-02-29T12:00:00Z').getTime()).toBe(Date.UTC(2028, 1, 29, 12));
    expect(Date.parse('2026-12-31T23:59:59.999Z')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999));
    expect(new Date() instanceof Date).toBe(true);
    expect(typeof Date()).toBe('string');
  });
});

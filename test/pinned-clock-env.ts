/**
 * What carries the run's pinned clock (test/pinned-clock.mjs) into a child process that a test
 * starts with an environment of its own rather than its parent's: spread it into that env.
 */
export function pinnedClockEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['NODE_OPTIONS', 'TEST_CLOCK_OFFSET_MS'] as const) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The integration tests whose answers depend on a choice the spec leaves open (sandbox/profiles.ts):
 * they run a second time against the stand-in service's `variant` profile. The harness passes
 * SANDBOX_PROFILE on to the sandbox child (sandbox/testing.ts). Only these files run twice, to keep
 * `npm test` well inside its time budget.
 */
const PROFILE_SENSITIVE = [
  'test/decisions.test.ts',
  'test/decision-refusals.test.ts',
  'test/invoices.test.ts',
  'test/month-view.test.ts',
  'test/rate-freezes.test.ts',
];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: `${root}test/server-only-stub.ts` },
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    environment: 'node',
    pool: 'forks',
    // Most integration files spend their time waiting on child processes (the stand-in service, a
    // dashboard harness, PostgreSQL), so two files at once use a 2-core machine better than vitest's
    // default of one worker per core but one: about 1.5× faster there, never fewer than two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          globalSetup: ['test/global-setup.ts'],
          include: ['{app,components,lib,sandbox,scripts,test}/**/*.test.{ts,tsx}'],
          // Server modules log through pino; tests assert behaviour, not log lines (log.test.ts builds its own).
          env: { LOG_LEVEL: 'silent', SANDBOX_PROFILE: 'default' },
        },
      },
      {
        extends: true,
        test: {
          name: 'variant',
          globalSetup: ['test/global-setup.ts'],
          include: PROFILE_SENSITIVE,
          env: { LOG_LEVEL: 'silent', SANDBOX_PROFILE: 'variant' },
        },
      },
    ],
  },
});

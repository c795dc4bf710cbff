import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^server-only$/, replacement: `${root}test/server-only-stub.ts` },
      { find: /^@\//, replacement: root },
    ],
  },
  test: {
    include: ['{app,components,lib,sandbox,scripts,test}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Server modules log through pino; tests assert behaviour, not log lines (log.test.ts builds its own).
    env: { LOG_LEVEL: 'silent' },
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

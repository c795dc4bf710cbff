import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

// The journeys run against the real product: the start script builds if needed, starts the
// stand-in service and the dashboard on ports of their own, from an empty data dir.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-secret';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Every journey runs against the stand-in's `default` profile; then the monthly cycle runs again
  // against `variant`, where every choice the spec leaves open is made the other way
  // (sandbox/profiles.ts). The same servers serve both: variant-setup switches the profile through
  // the operator API once the default journeys are done, and variant-teardown switches it back.
  //
  // `instances` (e2e/instances.spec.ts) runs after the default journeys: two `next start` processes of
  // the same build behind haproxy on one PostgreSQL database (DATABASE_URL), with processes of its
  // own on free ports; it needs no browser and no server of the webServer below but its build.
  projects: [
    {
      name: 'default',
      testIgnore: [/(variant|deferred)-profile\.(setup|teardown)\.ts$/, /instances\.spec\.ts$/],
    },
    {
      name: 'variant-setup',
      testMatch: /variant-profile\.setup\.ts$/,
      dependencies: ['default'],
      teardown: 'variant-teardown',
    },
    // approvals.spec.ts holds the DROP journey, so the variant profile plays it too.
    { name: 'variant', testMatch: /(monthly-cycle|approvals)\.spec\.ts$/, dependencies: ['variant-setup'] },
    // The monthly cycle once more against a service that executes the next day what it accepts
    // (`deferredExecution: 'next-day'`): the journey asserts the scheduled renewal on the batch,
    // Today and tracking, moves the service's clock a day and sees it executed. variant-teardown
    // (the default profile again) runs after it too.
    {
      name: 'deferred-setup',
      testMatch: /deferred-profile\.setup\.ts$/,
      dependencies: ['variant'],
      teardown: 'variant-teardown',
    },
    { name: 'deferred', testMatch: /monthly-cycle\.spec\.ts$/, dependencies: ['deferred-setup'] },
    { name: 'variant-teardown', testMatch: /variant-profile\.teardown\.ts$/ },
    { name: 'instances', testMatch: /instances\.spec\.ts$/, dependencies: ['default'] },
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The demo starts with two clients. Every journey but clients.spec.ts (which clears it) is a
    // user who chose the first client in the header's switcher: the pages then read and look as a
    // single-client console's, which is what those journeys compare with the service's answers.
    storageState: {
      cookies: [
        {
          name: 'ac_client',
          value: 'default',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    // CI keeps a run's log and nothing else, and recording a trace (screencast and snapshots) of
    // every journey made them about a fifth slower on a 2-core machine (128 s against 99 s for the
    // same nine journeys): CI records none. A local run keeps the trace of a journey that failed.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx scripts/start.ts --reset-data',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR: '.data/e2e',
      SANDBOX_OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
      SANDBOX_DEMO: '0',
      // The default journeys meet the default profile; the variant project switches it at run time.
      SANDBOX_PROFILE: 'default',
      LOG_LEVEL: 'warn',
      // The suite runs on the embedded defaults whatever the developer's shell says.
      DATABASE_URL: '',
      ANNUITY_API_URL: '',
      ANNUITY_API_KEY: '',
    },
  },
});

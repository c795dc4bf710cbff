import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

// The journeys run against the real product: the start script builds if needed, starts the
// stand-in service and the dashboard on ports of their own, from an empty data dir. Two such
// stacks run side by side, each with its own dashboard, stand-in and data, and each journey file
// runs on one of them, one file at a time: two journeys at once never share a service, a database
// or a user's draft, and the suite takes about two thirds of the time one stack took on a 2-core
// machine. Which files go to which stack balances their time (STACK_B below).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-not-secret';

interface Stack {
  name: 'a' | 'b';
  port: number;
  sandboxPort: number;
}
const STACKS: Stack[] = [
  { name: 'a', port: PORT, sandboxPort: SANDBOX_PORT },
  { name: 'b', port: PORT + 1, sandboxPort: SANDBOX_PORT + 1 },
];
const [STACK_A, STACK_B_SERVERS] = STACKS as [Stack, Stack];

/** The journey files of stack b, about half of the default journeys' time; the rest run on a. */
const STACK_B = [
  'accessibility',
  'address-problems',
  'auth',
  'chat-channels',
  'first-visit',
  'keep-review',
  'keyboard-cycle',
  'lost-answer',
  'manager-forecast',
  'reminders',
  'resilience',
  'saved-views',
];
const SETUP_AND_SPECIAL = /(variant|deferred)-profile\.(setup|teardown)\.ts$|instances\.spec\.ts$/;
const onStackB = new RegExp(`/(${STACK_B.join('|')})\\.spec\\.ts$`);

/** What a project on `stack` uses: its dashboard, its stand-in (e2e/service.ts), one journey at a time. */
function on(
  stack: Stack,
): Pick<NonNullable<PlaywrightTestConfig['projects']>[number], 'use' | 'metadata' | 'workers'> {
  return {
    use: { baseURL: `http://localhost:${stack.port}` },
    metadata: { sandboxPort: stack.sandboxPort },
    workers: 1,
  };
}

/**
 * Journeys against another profile of one stack's stand-in, once that stack's default journeys are
 * done: `<name>-setup` switches the profile through the operator API, `<name>-teardown` switches
 * the default one back for whatever runs next against the same servers.
 */
function profileProjects(
  name: string,
  { setup, journeys, after, stack }: { setup: RegExp; journeys: RegExp; after: string; stack: Stack },
) {
  return [
    {
      name: `${name}-setup`,
      testMatch: setup,
      dependencies: [after],
      teardown: `${name}-teardown`,
      ...on(stack),
    },
    { name, testMatch: journeys, dependencies: [`${name}-setup`], ...on(stack) },
    { name: `${name}-teardown`, testMatch: /variant-profile\.teardown\.ts$/, ...on(stack) },
  ];
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One journey at a time on each stack (the projects' `workers`).
  workers: STACKS.length,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A journey's own limit, against a hang: two stacks on a 2-core machine make the longest ones
  // (the monthly cycle, every page's responses read) take 30-40 s here, and CI machines vary.
  // Each step still waits at most the expect timeout below.
  timeout: 120_000,
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
    { name: 'default-a', testIgnore: [SETUP_AND_SPECIAL, onStackB], ...on(STACK_A) },
    { name: 'default-b', testMatch: onStackB, ...on(STACK_B_SERVERS) },
    // approvals.spec.ts holds the DROP journey, so the variant profile plays it too.
    ...profileProjects('variant', {
      setup: /variant-profile\.setup\.ts$/,
      journeys: /(monthly-cycle|approvals)\.spec\.ts$/,
      after: 'default-a',
      stack: STACK_A,
    }),
    // The monthly cycle once more against a service that executes the next day what it accepts
    // (`deferredExecution: 'next-day'`): the journey asserts the scheduled renewal on the batch,
    // Today and tracking, moves the service's clock a day and sees it executed. It runs on stack b
    // beside the variant journeys on a.
    ...profileProjects('deferred', {
      setup: /deferred-profile\.setup\.ts$/,
      journeys: /monthly-cycle\.spec\.ts$/,
      after: 'default-b',
      stack: STACK_B_SERVERS,
    }),
    // Alone at the end: it starts two dashboards of its own.
    { name: 'instances', testMatch: /instances\.spec\.ts$/, dependencies: ['variant', 'deferred'] },
  ],
  use: {
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
  // One stack after the other: the first start builds when the build is stale, the second finds it current.
  webServer: STACKS.map((stack) => ({
    command: 'node --import tsx scripts/start.ts --reset-data',
    url: `http://localhost:${stack.port}/api/health`,
    name: `stack ${stack.name}`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    env: {
      PORT: String(stack.port),
      SANDBOX_PORT: String(stack.sandboxPort),
      DATA_DIR: `.data/e2e-${stack.name}`,
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
  })),
});

import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { SCOPES } from '../lib/annuity/schemas';
import { draftEntryOf } from '../lib/decisions/testing';
import { addMonths, calendarToday, currentYearMonth } from '../lib/format/dates';
import { freePort } from '../sandbox/process-group';
import { type StartedSandbox, startSandbox } from '../sandbox/testing';
import { startTestSmtpServer, type TestSmtpServer } from '../test/notifications-smtp';
import {
  createDatabase,
  type Leashed,
  type LoadBalancer,
  prepareDatabase,
  startDashboard,
  startProxy,
  type TestDatabase,
} from './instances/cluster';
import { demoUser } from './session';

/**
 * Several instances: two `next start` processes of the one build, each with its embedded
 * worker, on one PostgreSQL database, behind haproxy (round robin), with the stand-in service and a
 * real SMTP server. Through the proxy: one email per reminder (and none more after a restart), one
 * POST per batch sent through both instances at once, and background reads not doubled, counted
 * at the service. Runs only with DATABASE_URL (CI's .ci/run sets it when PostgreSQL answers); the
 * playwright.config.ts project `instances` runs it after the default journeys.
 */
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL)
  console.log('DATABASE_URL is not set: the two-instance test (e2e/instances.spec.ts) was not run.');

const TENANT = 'instances';
/** Polls every 5 minutes (the shortest interval), so a cron slot may fall inside the test too. */
const POLL_INTERVAL_MINUTES = 5;
const START_UP_POLL_SLOT_SECONDS = 600;
const BACKGROUND_QUOTA_PERCENT = 10;
const DAILY_LIMIT = 50_000;

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.skip(!DATABASE_URL, 'needs DATABASE_URL (a PostgreSQL server)');

let smtp: TestSmtpServer;
let sandbox: StartedSandbox;
let database: TestDatabase;
let apiKey: string;
let proxy: LoadBalancer;
let env: NodeJS.ProcessEnv;
const ports = { a: 0, b: 0 };
const instances: Record<'a' | 'b', Leashed | null> = { a: null, b: null };
/** The database's clock (seconds) at each instance start: pg-boss names its slots by it. */
const startedAt: number[] = [];
let firstMail: { recipient: string; rule: string }[] = [];

async function dbNow(): Promise<number> {
  const [row] = await database.query<{ now: number }>('select extract(epoch from now())::float8 as now');
  return row?.now ?? 0;
}

async function startInstance(name: 'a' | 'b'): Promise<void> {
  startedAt.push(await dbNow());
  instances[name] = await startDashboard(name, ports[name], env);
}

/**
 * Jobs running, or due to run now, in any of our queues (the database is this test's own, so every
 * queue in it is ours; pg-boss's own are left out). A retry waiting for later is not due yet.
 */
async function pendingJobs(): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job
      where name not like '\\_\\_pgboss%'
        and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
  );
  return row?.n ?? -1;
}

async function mailRows() {
  return database.query<{ recipient: string; rule: string; status: string }>(
    'select recipient, rule, status from mail_message order by recipient, rule',
  );
}

function ruleOf(raw: string): string {
  return /^X-Annuity-Rule: *(.+?)\r?$/im.exec(raw)?.[1] ?? '';
}

const pairs = (rows: { recipient: string; rule: string }[]) =>
  rows.map((row) => `${row.recipient.toLowerCase()} ${row.rule}`).sort();

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // An instance answers before its worker has created pg-boss's schema: not there yet is "not yet".
  const ready = () =>
    check().catch((error: { code?: string }) => {
      if (error.code === '42P01') return false;
      throw error;
    });
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!DATABASE_URL) return;
  smtp = await startTestSmtpServer();
  sandbox = await startSandbox();
  // The instances' workers run on the real clock: the service's "today" is moved to theirs, so
  // the renewals it reports fall due by the same calendar the reminders are evaluated on.
  await sandbox.operator.setToday(calendarToday());
  await sandbox.operator.createTenant({ name: TENANT, patents: 300, seed: 21 });
  ({ key: apiKey } = await sandbox.operator.createKey({
    tenant: TENANT,
    scopes: [...SCOPES],
    dailyLimit: DAILY_LIMIT,
  }));
  database = await createDatabase(DATABASE_URL);
  ports.a = await freePort();
  ports.b = await freePort();
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    // Signals are the instance's own (lib/server/runtime): SIGTERM stops its worker, then exits.
    NEXT_MANUAL_SIG_HANDLE: 'true',
    DATABASE_URL: database.url,
    AUTH_SECRET: `instances-${'x'.repeat(40)}`,
    ANNUITY_API_URL: sandbox.baseUrl,
    ANNUITY_API_KEY: apiKey,
    ANNUITY_UPSTREAM_IS_SANDBOX: '1',
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Annuity Console <reminders@test.example>',
    POLL_INTERVAL_MINUTES: String(POLL_INTERVAL_MINUTES),
    BACKGROUND_QUOTA_PERCENT: String(BACKGROUND_QUOTA_PERCENT),
    LOG_LEVEL: 'warn',
  };
  await prepareDatabase(env);
  // Both at once, as a deployment rolls out: each creates the queues and schedules the jobs.
  await Promise.all([startInstance('a'), startInstance('b')]);
  proxy = await startProxy(proxyPort, [
    { name: 'a', port: ports.a },
    { name: 'b', port: ports.b },
  ]);
});

test.afterAll(async () => {
  await proxy?.stop();
  await Promise.all([instances.a?.stop(), instances.b?.stop()]);
  await sandbox?.stop();
  await smtp?.stop();
  await database?.drop();
});

test('every reminder reaches the SMTP server once, and a restarted instance sends nothing more', async () => {
  // The start-up poll (one across both instances), the notify run it enqueues, every send-mail.
  await waitFor('the first poll, its reminders and their emails', async () => {
    const [polled] = await database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job
        where name = 'poll-upstream' and state = 'completed' and (output->>'ran')::boolean`,
    );
    if (!polled?.n || (await pendingJobs()) > 0) return false;
    const rows = await mailRows();
    return (
      rows.length > 0 && rows.every((row) => row.status === 'sent') && smtp.received.length === rows.length
    );
  });
  const rows = await mailRows();
  // Grouped reminders: one message per person and class (about to lapse, due soon, needs attention).
  expect(rows.some((row) => /^(lapse|due|attention)$/.test(row.rule))).toBe(true);
  const received = smtp.received.map((mail) => ({ recipient: mail.to.join(','), rule: ruleOf(mail.raw) }));
  // Per user and rule, exactly as many emails as messages claimed (each key once, mail.ts).
  expect(pairs(received)).toEqual(pairs(rows));
  firstMail = received;

  // One instance restarts: its start-up notify run evaluates everything again, and finds it sent.
  await instances.b?.stop();
  const restartedAt = await dbNow();
  await startInstance('b');
  await waitFor('the restarted instance’s notify run', async () => {
    const [notified] = await database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job
        where name = 'notify' and state = 'completed' and created_on > to_timestamp($1)`,
      [restartedAt],
    );
    return Boolean(notified?.n) && (await pendingJobs()) === 0;
  });
  expect(smtp.received).toHaveLength(firstMail.length);
  expect(await mailRows()).toHaveLength(rows.length);
});

test('background reads stay within what one instance makes, counted at the service', async () => {
  // A job records its calls in the ledger when it ends, while the service counts each as it is
  // made: compare the two only while no job runs, before and after both reads (a cron slot may
  // start one at any moment).
  const readLedger = async () =>
    (
      await database.query<{ calls: number; polls: number }>(
        'select coalesce(sum(calls), 0)::int as calls, coalesce(sum(polls), 0)::int as polls from background_quota_use',
      )
    )[0];
  let usage = await sandbox.operator.getUsage(TENANT);
  let ledger = await readLedger();
  await waitFor('a moment with no job running', async () => {
    if ((await pendingJobs()) > 0) return false;
    usage = await sandbox.operator.getUsage(TENANT);
    ledger = await readLedger();
    return (await pendingJobs()) === 0;
  });
  const [runs] = await database.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job
      where name = 'poll-upstream' and state = 'completed' and (output->>'ran')::boolean`,
  );
  // One instance would poll once per start-up slot (pg-boss singleton) and once per cron slot.
  const now = await dbNow();
  const startUpSlots = new Set(startedAt.map((at) => Math.floor(at / START_UP_POLL_SLOT_SECONDS))).size;
  const interval = POLL_INTERVAL_MINUTES * 60;
  const first = Math.min(...startedAt);
  const cronSlots = Math.floor(now / interval) - Math.floor(first / interval);
  console.log(
    JSON.stringify({
      serviceCalls: usage.calls,
      operations: usage.operations,
      ledger,
      pollRuns: runs?.n,
      startUpSlots,
      cronSlots,
    }),
  );
  // Every read the service saw is background work in the shared ledger (the sync's and the poll's),
  // except each start's connection check (lib/server/connection/connection.ts: patents, invoices and
  // freezes, once each); the sync reads the frozen months too.
  const checks = usage.operations.getExchangeRateFreezes ?? 0;
  expect(checks).toBeGreaterThanOrEqual(startedAt.length);
  expect(usage.calls - startedAt.length * 3).toBe(ledger?.calls);
  // And the ledger shows no more polls than one instance would make.
  expect(ledger?.polls).toBe(runs?.n);
  expect(runs?.n).toBeGreaterThanOrEqual(1);
  expect(runs?.n).toBeLessThanOrEqual(startUpSlots + cronSlots);
  expect(ledger?.calls).toBeLessThanOrEqual(Math.floor((DAILY_LIMIT * BACKGROUND_QUOTA_PERCENT) / 100));
});

test('a draft sent through both instances at once is posted once, and both answers agree', async () => {
  const context: APIRequestContext = await request.newContext({
    baseURL: proxy.url,
    extraHTTPHeaders: { origin: proxy.url },
  });
  try {
    const paralegal = demoUser('paralegal');
    const signedIn = await context.post('/api/session', {
      data: { email: paralegal.email, password: paralegal.password },
    });
    expect(signedIn.status()).toBe(200);

    const event = await openEvent();
    const draftResponse = await context.put('/api/decisions/draft', {
      data: {
        entries: [draftEntryOf(event, 'PROCEED', { estimate: false })],
      },
    });
    expect(draftResponse.status()).toBe(200);
    const { batchKey } = (await draftResponse.json()) as { batchKey: string };

    const posted = async () =>
      (await sandbox.operator.getUsage(TENANT)).operations.postPatentInstructions ?? 0;
    const before = await posted();
    // Round robin: two requests in a row go to the two instances (X-Served-By says which).
    const send = () => context.post('/api/decisions/batches', { data: { batchKey, dropConfirmations: [] } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.headers()['x-served-by']).sort()).toEqual(['a', 'b']);
    expect(answers.map((answer) => answer.status())).toEqual([201, 201]);
    const [first, second] = (await Promise.all(answers.map((answer) => answer.json()))) as {
      batch: { id: string; receipt: unknown };
    }[];
    expect(second?.batch.id).toBe(first?.batch.id);
    expect(second?.batch.receipt).toEqual(first?.batch.receipt);
    expect((await posted()) - before).toBe(1);
  } finally {
    await context.dispose();
  }
});

interface ServiceEvent {
  id: string;
  eventType: string;
  dueDate: string;
  patent: { id: string; providerId: string | null };
  instructability?: { isAllowed: boolean; allowedDecisions: string[] };
}

/** A renewal the service would take PROCEED for now, read from the service with the tenant's key. */
async function openEvent(): Promise<ServiceEvent> {
  for (
    let month = currentYearMonth(), last = addMonths(month, 2);
    month <= last;
    month = addMonths(month, 1)
  ) {
    const query = new URLSearchParams({ dueMonth: month, itemsPerPage: '100', currentPage: '1' });
    const response = await fetch(`${sandbox.baseUrl}/api/v2/external/patent-events?${query}`, {
      headers: { 'x-api-key': apiKey },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: ServiceEvent[] };
    const found = data.find(
      (event) =>
        event.eventType === 'RENEWAL' &&
        event.instructability?.isAllowed &&
        event.instructability.allowedDecisions.includes('PROCEED'),
    );
    if (found) return found;
  }
  throw new Error('no renewal open for PROCEED in the test tenant');
}

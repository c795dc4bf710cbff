import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnnuityClient, createAnnuityClient } from '@/lib/annuity/client';
import { SCOPES } from '@/lib/annuity/schemas';
import {
  backgroundQuotaUse,
  mailMessage,
  notification,
  reminderTold,
  renewalWatch,
  upstreamChange,
} from '@/lib/db/schema';
import { type TestDatabaseKind, testDatabaseKinds } from '@/lib/db/testing';
import { resetEnvForTests } from '@/lib/env';
import { addDays } from '@/lib/format/dates';
import { defaultPreferences } from '@/lib/notifications/preferences';
import { runDueJobsOnce } from '@/lib/server/jobs/worker';
import { savePreferences } from '@/lib/server/notifications/preferences';
import { type StartedSandbox, startSandbox } from '@/sandbox/testing';
import { startAppHarness } from './app-harness';
import { startTestSmtpServer, type TestSmtpServer } from './notifications-smtp';
import { TODAY } from './upstream-harness';

/**
 * Reminders end to end: the stand-in service with its clock moved through the operator
 * API, the worker run the way `npm run worker -- --once` runs it, and a real SMTP server that
 * receives the mail. A second run, a restart and a second instance send nothing more.
 */
/** The stand-in service and the dashboard's server side on one database driver. */
interface Setup {
  sandbox: StartedSandbox;
  app: Awaited<ReturnType<typeof startAppHarness>>;
  /** A client of our own, for arranging state at the service directly. */
  client: AnnuityClient;
}

/** The worker's clock follows the service's: 09:00 UTC on the service's "today". */
const at = (date: string) => () => new Date(`${date}T09:00:00.000Z`);

function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function runOnce(up: Setup, date: string) {
  const report = await runDueJobsOnce({ handle: up.app.database, now: at(date) });
  const failed = report.ran.filter((job) => !job.ok);
  expect(failed).toEqual([]);
  return report;
}

async function rows(up: Setup) {
  return up.app.database.db.select().from(mailMessage);
}

async function ledger(up: Setup) {
  return up.app.database.db.select().from(reminderTold);
}

async function setUp(kind: TestDatabaseKind, smtpUrl: string): Promise<Setup> {
  process.env.SMTP_URL = smtpUrl;
  process.env.MAIL_FROM = 'Annuity Console <reminders@test.example>';
  process.env.PUBLIC_URL = 'https://annuity.test.example';
  const sandbox = await startSandbox({ today: TODAY });
  await sandbox.operator.createTenant({ name: 'reminders', patents: 400, seed: 15 });
  const { key } = await sandbox.operator.createKey({ tenant: 'reminders', scopes: [...SCOPES] });
  const app = await startAppHarness(kind);
  process.env.ANNUITY_API_URL = sandbox.baseUrl;
  process.env.ANNUITY_API_KEY = key;
  resetEnvForTests();
  const up = {
    sandbox,
    app,
    client: createAnnuityClient({ baseUrl: sandbox.baseUrl, apiKey: key, retries: 0 }),
  };
  const { db } = up.app.database;
  // The paralegal: daily digest from 08:00 Berlin, reminders 7 days before due dates.
  await savePreferences(db, up.app.users.paralegal.id, {
    ...defaultPreferences(),
    timeZone: 'Europe/Berlin',
    digest: { frequency: 'daily', hour: 8, weekday: 1 },
    dueOffsets: [7],
  });
  // Others: in-app only, so the mail asserted below is the paralegal's.
  for (const role of ['finance', 'manager', 'admin'] as const) {
    await savePreferences(db, up.app.users[role].id, {
      ...defaultPreferences(),
      channels: { inApp: true, email: false },
    });
  }
  return up;
}

async function tearDown(up: Setup | undefined): Promise<void> {
  await up?.app.stop();
  await up?.sandbox.stop();
  for (const name of ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'ANNUITY_API_URL', 'ANNUITY_API_KEY'])
    delete process.env[name];
  resetEnvForTests();
}

describe.each(testDatabaseKinds)('worker --once with the clock moved, on %s', (kind) => {
  let up: Setup;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    up = await setUp(kind, smtp.url);
  }, 240_000);

  afterAll(async () => {
    await tearDown(up);
    await smtp?.stop();
  });

  it('polls the service, then mails the paralegal at most one message per class, the most urgent first', async () => {
    const report = await runOnce(up, TODAY);
    expect(report.ran.map((job) => job.name)).toEqual(
      expect.arrayContaining(['poll-upstream', 'notify', 'send-mail']),
    );
    const watched = await up.app.database.db.select().from(renewalWatch);
    expect(watched.length).toBeGreaterThan(0);

    const sent = (await rows(up)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(sent.every((row) => row.status === 'sent' && row.transport === 'smtp')).toBe(true);
    expect(smtp.received).toHaveLength(sent.length);
    expect(sent.every((row) => row.recipient === up.app.users.paralegal.email)).toBe(true);
    // One message per class and run (about to lapse; needs attention; due soon riding in the
    // daily digest), never one per renewal.
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(new Set(sent.map((row) => row.rule)).size).toBe(sent.length);
    expect(sent.map((row) => row.rule)).toContain('digest-daily');
    expect(sent.find((row) => row.rule === 'digest-daily')?.subjectKey).toBe(TODAY);

    // Every renewal due within 7 days and undecided was told, once, in the digest.
    const told = await ledger(up);
    const dueSoon = watched.filter((row) => {
      const due = (row.row as { dueDate: string }).dueDate;
      return row.phase === 'open' && due >= TODAY && due <= addDays(TODAY, 7);
    });
    expect(
      told
        .filter((row) => row.rule === 'due-7d' && row.audience === `user:${up.app.users.paralegal.id}`)
        .map((row) => row.subjectKey)
        .sort(),
    ).toEqual(
      dueSoon
        .filter((row) => (row.row as { appliedDecision: unknown }).appliedDecision === null)
        .map((row) => row.eventId)
        .sort(),
    );
    // The first message names the most urgent renewal: the nearest grace end among those told.
    const lapsing = told.filter(
      (row) => row.rule.startsWith('grace-') && row.audience === `user:${up.app.users.paralegal.id}`,
    );
    if (lapsing.length > 0) {
      expect(sent[0]?.rule).toBe('lapse');
      const byId = new Map(
        watched.map((row) => [row.eventId, row.row as { gracePeriodEndDate: string; caseReference: string }]),
      );
      const urgent = lapsing
        .map((row) => byId.get(row.subjectKey))
        .sort((a, b) => (a?.gracePeriodEndDate ?? '').localeCompare(b?.gracePeriodEndDate ?? ''))[0];
      expect(sent[0]?.subject).toContain(urgent?.caseReference);
    }

    const digestMail = smtp.received.find((mail) => decoded(mail.raw).includes('renewals digest'));
    expect(digestMail).toBeDefined();
    const raw = decoded(digestMail?.raw ?? '');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain('https://annuity.test.example/renewals?');
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(raw).not.toMatch(/<img/i);
    expect(digestMail?.to).toEqual([up.app.users.paralegal.email]);
  }, 180_000);

  it('sends nothing more on a second run (and after a restart: state is in the database)', async () => {
    const before = smtp.received.length;
    await runOnce(up, TODAY);
    expect(smtp.received).toHaveLength(before);
  }, 120_000);

  it('after the clock moves 5 days, two instances at once send only the new reminders, once each', async () => {
    const later = addDays(TODAY, 5);
    await up.sandbox.operator.setToday(later);
    const before = await rows(up);
    await Promise.all([
      runDueJobsOnce({ handle: up.app.database, now: at(later) }),
      runDueJobsOnce({ handle: up.app.database, now: at(later) }),
    ]);
    const after = await rows(up);
    const added = after.filter((row) => !before.some((old) => old.id === row.id));
    expect(added.length).toBeGreaterThan(0);
    expect(smtp.received).toHaveLength(after.length);
    const keys = after.map((row) => `${row.userId}|${row.rule}|${row.subjectKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(added.filter((row) => row.rule === 'digest-daily').map((row) => row.subjectKey)).toEqual([later]);
    // At most one message per class from the two instances together.
    expect(added.length).toBeLessThanOrEqual(3);
    // What the ledger holds, each renewal once per rule and person whichever instance told it.
    const told = (await ledger(up)).map((row) => `${row.audience}|${row.rule}|${row.subjectKey}`);
    expect(new Set(told).size).toBe(told.length);
  }, 240_000);

  it('alerts once when the service turns an instructed renewal UNPROCESSABLE', async () => {
    const later = addDays(TODAY, 5);
    const { db } = up.app.database;
    const open = (await db.select().from(renewalWatch)).find((row) => {
      const data = row.row as { instructability: { isAllowed: boolean } | null };
      return row.phase === 'open' && data.instructability?.isAllowed === true;
    });
    expect(open).toBeDefined();
    const eventId = open?.eventId as string;
    await up.client.postPatentInstructions({ instructions: [{ eventId, decision: 'PROCEED' }] });
    await up.sandbox.operator.progressEvent(eventId, 'UNPROCESSABLE');

    // The reminders read the synced copy: the sync reads the urgent months again once their
    // cadence (15 minutes) has passed, and the poll then sees the change.
    const report = await runDueJobsOnce({
      handle: up.app.database,
      now: () => new Date(at(later)().getTime() + 20 * 60_000),
    });
    expect(report.ran.filter((job) => !job.ok)).toEqual([]);
    const changes = await db.select().from(upstreamChange).where(eq(upstreamChange.subjectKey, eventId));
    expect(changes.map((change) => `${change.kind}:${change.value}`)).toContain(
      'processing-status:UNPROCESSABLE',
    );
    // The generated tenant may hold UNPROCESSABLE renewals of its own; this one is told once,
    // to the paralegal (the only one by email), in one "needs attention" message.
    const told = (await ledger(up)).filter(
      (row) => row.rule === 'unprocessable' && row.subjectKey === eventId,
    );
    expect(told.map((row) => row.audience)).toEqual(
      expect.arrayContaining([`user:${up.app.users.paralegal.id}`]),
    );
    expect(told.filter((row) => row.audience === `user:${up.app.users.paralegal.id}`)).toHaveLength(1);
    const alerts = (await rows(up)).filter((row) => row.rule === 'attention');
    const reference = (open?.row as { caseReference?: string } | undefined)?.caseReference ?? eventId;
    expect(
      alerts.some((row) => row.textBody.includes(reference) && row.textBody.includes('UNPROCESSABLE')),
    ).toBe(true);
    const mail = smtp.received.filter((received) => decoded(received.raw).includes('Needs attention'));
    expect(mail).toHaveLength(alerts.length);

    await runOnce(up, later);
    expect((await rows(up)).filter((row) => row.rule === 'attention')).toHaveLength(alerts.length);
  }, 180_000);

  it('counts background calls per day, and skips the poll without spending a call once the share is spent', async () => {
    const { db } = up.app.database;
    const spent = await db.select().from(backgroundQuotaUse);
    expect(spent.reduce((sum, day) => sum + day.calls, 0)).toBeGreaterThan(0);
    process.env.BACKGROUND_QUOTA_PERCENT = '0';
    resetEnvForTests();
    try {
      await up.sandbox.operator.resetUsage('reminders');
      const report = await runOnce(up, addDays(TODAY, 5));
      const poll = report.ran.find((job) => job.name === 'poll-upstream');
      expect(poll?.output).toMatchObject({ ran: false, decision: { reason: 'budget-spent' } });
      const usage = await up.sandbox.operator.getUsage('reminders');
      const periodReads = Object.entries(usage.operations)
        .filter(([operation]) => /Period|Invoices/i.test(operation))
        .reduce((sum, [, calls]) => sum + calls, 0);
      expect(periodReads).toBe(0);
    } finally {
      delete process.env.BACKGROUND_QUOTA_PERCENT;
      resetEnvForTests();
    }
  }, 120_000);

  it('adds in-app notifications for every user who keeps them on, once each', async () => {
    const { db } = up.app.database;
    const mine = await db.select().from(notification).where(eq(notification.userId, up.app.users.manager.id));
    expect(mine.length).toBeGreaterThan(0);
    const keys = mine.map((row) => `${row.rule}|${row.subjectKey}`);
    expect(new Set(keys).size).toBe(keys.length);
    const admins = await db.select().from(notification).where(eq(notification.userId, up.app.users.admin.id));
    // The administrator decides nothing and reads no renewals: no renewal reminders.
    expect(admins.filter((row) => row.rule.startsWith('due-') || row.rule.startsWith('digest'))).toEqual([]);
  });
});

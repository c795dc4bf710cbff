import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessage, notification, reminderTold, renewalWatch } from '@/lib/db/schema';
import { getEnv, resetEnvForTests } from '@/lib/env';
import { addDays } from '@/lib/format/dates';
import { defaultPreferences } from '@/lib/notifications/preferences';
import type { Role } from '@/lib/policy/roles';
import type { RenewalRow } from '@/lib/renewals/rows';
import { activeClients } from '@/lib/server/connection/clients';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { runDueJobsOnce } from '@/lib/server/jobs/worker';
import { pollUpstream } from '@/lib/server/notifications/poll';
import { savePreferences } from '@/lib/server/notifications/preferences';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import { SECOND_CLIENT, setUpTwoClientReminders, TWO_CLIENT_DAY } from './notifications-fixtures';
import { listLines, startTestSmtpServer, type TestSmtpServer } from './notifications-smtp';

/**
 * Reminders per person, not per client: with two clients, one worker run (as `npm run worker --
 * --once` runs it) mails each person at most three messages, grouped across all of their clients,
 * each line naming its client, the most urgent renewal of any of them first; someone granted one
 * client hears of that client alone, unlabelled. The mail is counted at a real SMTP server.
 */

const SECOND = SECOND_CLIENT;
const TODAY = TWO_CLIENT_DAY;
const NOW = new Date(`${TODAY}T09:00:00.000Z`);
// The paralegal works for both clients (the demo's default); the manager for the second only.
const app = setUpTwoClientReminders({ manager: [SECOND] });

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Annuity Console <reminders@test.example>';
  resetEnvForTests();
  const { db } = app.harness.database;
  // The defaults (email and in-app, a daily digest from 08:00, every alert), on UTC.
  for (const role of ['paralegal', 'manager'] as const)
    await savePreferences(db, app.harness.users[role].id, { ...defaultPreferences(), timeZone: 'UTC' });
  for (const role of ['finance', 'admin'] as const)
    await savePreferences(db, app.harness.users[role].id, {
      ...defaultPreferences(),
      channels: { inApp: false, email: false },
    });
}, 60_000);

afterAll(async () => {
  await smtp?.stop();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvForTests();
});

describe('one worker run with two clients', () => {
  let watched: Map<string, { row: RenewalRow; client: string }>;
  let names: Map<string, string>;

  beforeAll(async () => {
    const { db } = app.harness.database;
    // Renewals of the second client about to lapse were shown to finance two days ago and are still
    // undecided: this run escalates them to the manager, a fourth class beside about to lapse,
    // needs attention and the digest.
    await runSyncForEveryClient(db, { now: NOW, requestId: 'per-person-sync' });
    await pollUpstream(db, { now: NOW, requestId: 'per-person-poll' });
    const lastDay = addDays(TODAY, getEnv().ESCALATION_GRACE_DAYS);
    const shown = (await db.select().from(renewalWatch)).filter((stored) => {
      const row = stored.row as unknown as RenewalRow & { connection?: string };
      const ends = row.gracePeriodEndDate ?? '';
      return stored.phase === 'in-grace' && row.connection === SECOND && ends >= TODAY && ends <= lastDay;
    });
    expect(shown.length).toBeGreaterThan(0);
    await db.insert(reminderTold).values(
      shown.map((stored) => ({
        audience: `user:${app.harness.users.finance.id}`,
        rule: 'grace-14d',
        subjectKey: stored.eventId,
        messageKey: 'lapse:shown-before',
        toldAt: new Date(NOW.getTime() - 2 * 86_400_000),
      })),
    );

    const report = await runDueJobsOnce({ handle: app.harness.database, now: () => NOW });
    expect(report.ran.filter((job) => !job.ok)).toEqual([]);
    const rows = await db.select().from(renewalWatch);
    watched = new Map(
      rows.map((stored) => {
        const row = stored.row as unknown as RenewalRow & { connection?: string };
        return [stored.eventId, { row, client: row.connection ?? DEFAULT_CONNECTION }];
      }),
    );
    names = new Map((await activeClients()).map((client) => [client.id, client.name]));
  }, 240_000);

  /** What a person received at the SMTP server, in the order the run claimed the messages. */
  async function mailOf(role: Role) {
    const stored = await app.harness.database.db
      .select()
      .from(mailMessage)
      .where(eq(mailMessage.userId, app.harness.users[role].id));
    const received = smtp.received.filter((mail) => mail.to.includes(app.harness.users[role].email));
    expect(received).toHaveLength(stored.length);
    return stored
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((row) => {
        const mail = received.find((candidate) => candidate.raw.includes(row.headers?.['Message-ID'] ?? '-'));
        expect(mail, row.subject).toBeDefined();
        return { rule: row.rule, subject: row.subject, lines: listLines(mail?.raw ?? '') };
      });
  }

  async function notificationsOf(role: Role) {
    return app.harness.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, app.harness.users[role].id));
  }

  /** The renewals about to lapse the run told a person, the nearest grace end first. */
  async function lapsingToldTo(role: Role) {
    const rows = await app.harness.database.db
      .select()
      .from(reminderTold)
      .where(eq(reminderTold.audience, `user:${app.harness.users[role].id}`));
    return rows
      .filter((told) => told.rule.startsWith('grace-'))
      .map((told) => {
        const seen = watched.get(told.subjectKey);
        expect(seen, told.subjectKey).toBeDefined();
        return seen as { row: RenewalRow; client: string };
      })
      .sort((a, b) => (a.row.gracePeriodEndDate ?? '').localeCompare(b.row.gracePeriodEndDate ?? ''));
  }

  /** Every line of a message but the links to all of a kind on Today. */
  const renewalLines = (lines: readonly string[]) =>
    lines.filter((line) => !/^(Open |and \d+ more)/.test(line));

  it('tells the paralegal of both clients in at most three messages, by email and in-app', async () => {
    const told = await lapsingToldTo('paralegal');
    // The run has renewals about to lapse of both clients for them.
    expect(new Set(told.map((entry) => entry.client))).toEqual(new Set([DEFAULT_CONNECTION, SECOND]));
    const mail = await mailOf('paralegal');
    expect(mail.length).toBeGreaterThan(0);
    expect(mail.length).toBeLessThanOrEqual(3);
    expect(new Set(mail.map((message) => message.rule)).size).toBe(mail.length);
    const notes = await notificationsOf('paralegal');
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.length).toBeLessThanOrEqual(3);
    expect(notes.filter((note) => note.rule === 'lapse')).toHaveLength(1);

    // Every line names its client.
    const clientNames = [...names.values()];
    for (const message of mail)
      for (const line of renewalLines(message.lines))
        expect(
          clientNames.some((name) => line.startsWith(`${name} — `)),
          line,
        ).toBe(true);

    // The first message names the renewal nearest to lapsing of either client, with its client,
    // in its subject and first line; in-app, that message is kept under that client.
    const first = told[0];
    const lead = `${names.get(first?.client ?? '')} — ${first?.row.caseReference}`;
    expect(mail[0]?.rule).toBe('lapse');
    expect(mail[0]?.subject).toContain(lead);
    expect(mail[0]?.lines[0]).toContain(lead);
    expect(notes.find((note) => note.rule === 'lapse')).toMatchObject({ connection: first?.client });
  });

  it('tells the manager of the second client only, in at most three messages though four classes have news', async () => {
    const mail = await mailOf('manager');
    // About to lapse and the escalation come first; needs attention rides in the digest.
    expect(mail.map((message) => message.rule)).toEqual(['lapse', 'escalation', 'digest-daily']);
    expect(mail[2]?.lines.some((line) => line.includes('UNPROCESSABLE'))).toBe(true);
    expect((await notificationsOf('manager')).length).toBeLessThanOrEqual(3);
    const told = await lapsingToldTo('manager');
    expect(new Set(told.map((entry) => entry.client))).toEqual(new Set([SECOND]));
    // One client: the lines name none.
    for (const message of mail)
      for (const line of message.lines)
        for (const name of names.values()) expect(line).not.toContain(`${name} — `);
    expect(mail[0]?.lines[0]).toContain(told[0]?.row.caseReference);
  });
});

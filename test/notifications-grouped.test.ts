import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decisionDraft, mailMessage, notification, reminderTold } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { addDays } from '@/lib/format/dates';
import { defaultPreferences, type NotificationPreferences } from '@/lib/notifications/preferences';
import type { RenewalRow } from '@/lib/renewals/rows';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { deliverMessage } from '@/lib/server/notifications/mail';
import { readPreferences, savePreferences } from '@/lib/server/notifications/preferences';
import { jsonRequest, startAppHarness } from './app-harness';
import { arrangeWatched, watchedRow } from './notifications-fixtures';
import { startTestSmtpServer, type TestSmtpServer } from './notifications-smtp';

/**
 * Reminders people keep reading: one message per person, class and run (about to lapse; due soon;
 * needs attention), most urgent first with deadlines, surcharges and totals per currency, a long
 * list cut with "and N more" and the link to the bucket on Today; the digest absorbs what the
 * alerts said; a daily cap and quiet hours; one-click unsubscribe; threads per renewal; escalation
 * to the managers, once. The worker's evaluation on the app's database, mail through a real SMTP
 * server.
 */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let smtp: TestSmtpServer;

const TODAY = '2030-05-15';
const NOW = new Date(`${TODAY}T09:00:00Z`);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Annuity Console <reminders@test.example>';
  resetEnvForTests();
  app = await startAppHarness();
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  resetEnvForTests();
});

async function preferences(
  role: 'paralegal' | 'manager' | 'finance' | 'admin',
  change: Partial<NotificationPreferences>,
) {
  await savePreferences(app.database.db, app.users[role].id, { ...defaultPreferences(), ...change });
}

beforeEach(async () => {
  const { db } = app.database;
  await db.delete(mailMessage);
  await db.delete(notification);
  await db.delete(reminderTold);
  await db.delete(decisionDraft);
  // The paralegal and the manager by email; finance and the administrator in-app only.
  await preferences('paralegal', {});
  await preferences('manager', {});
  await preferences('finance', { channels: { inApp: true, email: false } });
  await preferences('admin', { channels: { inApp: true, email: false } });
});

/** In grace, its grace period ending `days` from TODAY, with a surcharge in its estimate. */
function lapsing(id: string, days: number, currency = 'EUR'): RenewalRow {
  return watchedRow({
    eventId: id,
    dueDate: '2030-03-31',
    gracePeriodEndDate: addDays(TODAY, days),
    fees: {
      currency,
      total: '150.00',
      components: [
        { type: 'OFFICIAL_FEE', amount: '120.00' },
        { type: 'GRACE_PERIOD', amount: '30.00' },
      ],
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
      invoiceId: null,
    },
  } as Partial<RenewalRow> & Pick<RenewalRow, 'eventId' | 'dueDate'>);
}

function dueIn(id: string, days: number): RenewalRow {
  return watchedRow({ eventId: id, dueDate: addDays(TODAY, days) });
}

async function mailOf(email: string) {
  const rows = await app.database.db.select().from(mailMessage).where(eq(mailMessage.recipient, email));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

describe('one message per class and run', () => {
  it('sends each person at most three messages, the most urgent renewal named in the first; a second run sends nothing', async () => {
    const { db } = app.database;
    // 25 renewals about to lapse (13 in EUR, 12 in USD), 15 due within 7 days, 2 unprocessable.
    const rows: RenewalRow[] = [
      ...Array.from({ length: 25 }, (_, i) =>
        lapsing(`g${String(i).padStart(2, '0')}`, 13 - (i % 12), i % 2 === 0 ? 'EUR' : 'USD'),
      ),
      ...Array.from({ length: 15 }, (_, i) => dueIn(`d${String(i).padStart(2, '0')}`, 1 + (i % 6))),
      ...['u1', 'u2'].map((id) =>
        watchedRow({
          eventId: id,
          dueDate: '2030-04-30',
          appliedDecision: 'PROCEED',
          processingStatus: 'UNPROCESSABLE',
          processingStatusUpdatedAt: '2030-05-14T10:00:00.000Z',
        }),
      ),
    ];
    await arrangeWatched(db, rows, new Date('2030-05-15T06:00:00Z'));
    const first = await evaluateNotifications(db, { now: NOW });

    for (const person of [app.users.paralegal, app.users.manager]) {
      const mine = await mailOf(person.email);
      expect(mine.map((row) => row.rule)).toEqual(['lapse', 'attention', 'digest-daily']);
      // The first names the most urgent renewal: g01 is the first of those whose grace ends in 2
      // days (i % 12 === 11 → 13 - 11), in the subject and on the first line.
      const lapse = mine[0];
      expect(lapse?.subject).toBe(
        'About to lapse: CASE-g11 (EP), year 5, grace ends 17 May 2030 and 24 more',
      );
      const lines = lapse?.textBody.split('\n') ?? [];
      const firstItem = lines.find((line) => line.startsWith('- '));
      expect(firstItem).toContain('CASE-g11');
      expect(firstItem).toContain('(in 2 days)');
      expect(firstItem).toContain('surcharge at stake $30.00');
      // Totals per currency, never added across currencies; the list cut with the link to Today.
      expect(lapse?.textBody).toContain('Estimated fees: €1,950.00 · $1,800.00.');
      expect(lapse?.textBody).toContain('Grace surcharges at stake: €390.00 · $360.00.');
      expect(lapse?.textBody).toContain('- and 15 more: Open "About to lapse" on Today');
      expect(lapse?.textBody).toContain('http://localhost:3000/?bucket=lapsing-soon#');
      expect(lines.filter((line) => line.startsWith('- CASE-g'))).toHaveLength(10);

      // The due-soon reminders lead the digest; the lapses the alert already said are counted,
      // not repeated.
      const digest = mine[2];
      expect(digest?.textBody).toContain('Due soon: 15');
      // Its buckets keep Today's counts (their links open all of them) and list none of these.
      expect(digest?.textBody).toContain('Lapsing soon: 25');
      expect(digest?.textBody).toContain('25 of them already in your reminders');
      expect(digest?.textBody).toContain('Due this month: 15');
      expect(digest?.textBody).toContain('15 of them already in your reminders');
      expect(digest?.textBody).not.toContain('- CASE-g11');
      expect(digest?.textBody.match(/- CASE-d00/g)).toHaveLength(1);
      expect(mine[1]?.textBody).toContain('CASE-u1');
    }
    // Finance reads renewals but decides nothing: no reminder; in-app only.
    expect(await mailOf(app.users.finance.email)).toEqual([]);
    expect(first.messages).toHaveLength(6);

    // A second run (or a second instance) finds every renewal told.
    const second = await evaluateNotifications(db, { now: new Date(NOW.getTime() + 5 * 60_000) });
    expect(second.messages).toEqual([]);
    expect(second.notifications).toBe(0);

    // A renewal that newly falls due is the only one the next run tells, in one message.
    await arrangeWatched(db, [...rows, dueIn('late', 3)], new Date('2030-05-15T10:00:00Z'));
    const third = await evaluateNotifications(db, { now: new Date(NOW.getTime() + 60 * 60_000) });
    expect(third.messages).toHaveLength(2);
    const added = (await mailOf(app.users.paralegal.email)).at(-1);
    expect(added?.rule).toBe('due');
    expect(added?.subject).toBe('Due soon: CASE-late (EP), year 5, due 18 May 2030');
  });
});

describe('threads, parts and one-click unsubscribe', () => {
  it('threads a renewal’s messages, sends plain text and HTML, and unsubscribes with one click and no session', async () => {
    const { db } = app.database;
    await preferences('manager', { channels: { inApp: true, email: false } });
    await preferences('paralegal', { digest: { frequency: 'off', hour: 8, weekday: 1 } });
    await arrangeWatched(db, [lapsing('t1', 12)], NOW);
    await evaluateNotifications(db, { now: NOW });
    // Ten days on: 2 days left, the 3-day alert of the same renewal.
    const later = new Date(NOW.getTime() + 10 * 86_400_000);
    await evaluateNotifications(db, { now: later });
    const [firstMail, secondMail] = await mailOf(app.users.paralegal.email);
    expect(firstMail?.headers?.['Message-ID']).toMatch(/^<[0-9a-f]{24}@localhost>$/);
    expect(secondMail?.headers?.['In-Reply-To']).toBe(firstMail?.headers?.['Message-ID']);
    expect(secondMail?.headers?.References).toContain(firstMail?.headers?.['Message-ID']);

    // Delivered through SMTP with the headers, a plain-text part and an HTML part.
    for (const row of [firstMail, secondMail]) await deliverMessage(db, row?.id as string);
    const raw = smtp.received.at(-1)?.raw.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(raw).toContain(`Message-ID: ${secondMail?.headers?.['Message-ID']}`);
    expect(raw).toContain(`In-Reply-To: ${firstMail?.headers?.['Message-ID']}`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const html = secondMail?.htmlBody ?? '';
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1');
    expect(html).not.toMatch(/<img|<script|src=/i);

    // The link from the List-Unsubscribe header, posted the way a mail provider posts it: from
    // another site, no session. A GET changes nothing.
    const link = /^<(.+)>$/.exec(secondMail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(url.pathname).toMatch(/^\/api\/notifications\/unsubscribe\//);
    const route = await import('@/app/api/notifications/unsubscribe/[token]/route');
    const token = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
    const context = (value: string) => ({ params: Promise.resolve({ token: value }) });
    const shown = await route.GET(jsonRequest(url.pathname), context(token));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<button type="submit">');
    expect((await readPreferences(db, app.users.paralegal.id)).alerts['grace-ending']).toBe(true);

    const forged = `${token.split('.').slice(0, 1)}.due.${token.split('.')[2]}`;
    const refused = await route.POST(
      new Request(`http://localhost:3000${url.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
      context(forged),
    );
    expect(refused.status).toBe(404);
    const posted = await route.POST(
      new Request(`http://localhost:3000${url.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        body: 'List-Unsubscribe=One-Click',
      }),
      context(token),
    );
    expect(posted.status).toBe(200);
    const after = await readPreferences(db, app.users.paralegal.id);
    expect(after.alerts['grace-ending']).toBe(false);
    // Only that class: the due-soon reminders stay on.
    expect(after.dueOffsets).toEqual(defaultPreferences().dueOffsets);
  });
});

describe('limits a person sets', () => {
  it('holds everything but urgent lapses in quiet hours, and sends the rest after them', async () => {
    const { db } = app.database;
    await preferences('paralegal', {
      timeZone: 'Europe/Berlin',
      quietHours: { from: 22, to: 12 },
      digest: { frequency: 'off', hour: 8, weekday: 1 },
    });
    await arrangeWatched(db, [lapsing('urgent', 2), lapsing('calm', 10), dueIn('soon', 5)], NOW);
    // 09:00 UTC is 11:00 in Berlin: quiet.
    await evaluateNotifications(db, { now: NOW });
    const quiet = await mailOf(app.users.paralegal.email);
    expect(quiet.map((row) => row.rule)).toEqual(['lapse']);
    expect(quiet[0]?.textBody).toContain('CASE-urgent');
    expect(quiet[0]?.textBody).not.toContain('CASE-calm');
    // 11:00 UTC is 13:00 in Berlin: the rest, one message per class.
    await evaluateNotifications(db, { now: new Date(`${TODAY}T11:00:00Z`) });
    const after = await mailOf(app.users.paralegal.email);
    expect(after.map((row) => row.rule)).toEqual(['lapse', 'lapse', 'due']);
    expect(after[1]?.textBody).toContain('CASE-calm');
    expect(after[1]?.textBody).not.toContain('CASE-urgent');
  });

  it('stops at the daily cap, urgent lapses excepted, and sends what it held back the next day', async () => {
    const { db } = app.database;
    await preferences('paralegal', { dailyCap: 1, digest: { frequency: 'off', hour: 8, weekday: 1 } });
    await arrangeWatched(
      db,
      [
        lapsing('calm', 12),
        dueIn('soon', 5),
        watchedRow({
          eventId: 'stuck',
          dueDate: '2030-04-30',
          appliedDecision: 'PROCEED',
          processingStatus: 'UNPROCESSABLE',
          processingStatusUpdatedAt: '2030-05-14T10:00:00.000Z',
        }),
      ],
      NOW,
    );
    await evaluateNotifications(db, { now: NOW });
    expect((await mailOf(app.users.paralegal.email)).map((row) => row.rule)).toEqual(['lapse']);
    // Later the same day an urgent lapse still goes out; the rest waits.
    await arrangeWatched(db, [lapsing('calm', 12), dueIn('soon', 5), lapsing('urgent', 1)], NOW);
    await evaluateNotifications(db, { now: new Date(`${TODAY}T15:00:00Z`) });
    expect((await mailOf(app.users.paralegal.email)).map((row) => row.rule)).toEqual(['lapse', 'lapse']);
    // The next day: one more (the cap is per day), the most urgent class first.
    await evaluateNotifications(db, { now: new Date(`${addDays(TODAY, 1)}T09:00:00Z`) });
    expect((await mailOf(app.users.paralegal.email)).map((row) => row.rule)).toEqual([
      'lapse',
      'lapse',
      'due',
    ]);
  });
});

describe('escalation', () => {
  it('raises a renewal about to lapse that nobody decided to the managers once, naming who it was shown to', async () => {
    const { db } = app.database;
    await arrangeWatched(db, [lapsing('ignored', 12), lapsing('drafted', 12)], NOW);
    await evaluateNotifications(db, { now: NOW });
    // The paralegal puts one of them in a draft; nobody touches the other.
    await db.insert(decisionDraft).values({
      userId: app.users.paralegal.id,
      batchKey: crypto.randomUUID(),
      entries: [{ eventId: 'drafted', patentId: 'patent-drafted', decision: 'PROCEED' }] as never,
    });
    // Eight days on, 4 days left: within ESCALATION_GRACE_DAYS (5).
    const later = new Date(NOW.getTime() + 8 * 86_400_000);
    await evaluateNotifications(db, { now: later });
    const escalations = (await db.select().from(mailMessage)).filter((row) => row.rule === 'escalation');
    expect(escalations.map((row) => row.recipient)).toEqual([app.users.manager.email]);
    const body = escalations[0]?.textBody ?? '';
    expect(escalations[0]?.subject).toContain('CASE-ignored');
    expect(body).toContain(
      `Shown to ${[app.users.manager.email, app.users.paralegal.email].sort().join(', ')}`,
    );
    expect(body).not.toContain('CASE-drafted');
    // Once: the next runs raise nothing more.
    await evaluateNotifications(db, { now: new Date(later.getTime() + 86_400_000) });
    expect((await db.select().from(mailMessage)).filter((row) => row.rule === 'escalation')).toHaveLength(1);
  });

  it('raises nothing that was never shown to anyone before', async () => {
    const { db } = app.database;
    await arrangeWatched(db, [lapsing('fresh', 2)], NOW);
    await evaluateNotifications(db, { now: NOW });
    expect((await db.select().from(mailMessage)).filter((row) => row.rule === 'escalation')).toEqual([]);
  });
});

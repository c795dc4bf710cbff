import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructionBatch, mailMessage, reminderTold, upstreamChange } from '@/lib/db/schema';
import { resetEnvForTests } from '@/lib/env';
import { backgroundStatus, recordSpend } from '@/lib/server/connection/background-budget';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { addNotification } from '@/lib/server/notifications/in-app';
import { claimMessage, deliverMessage, listMessages } from '@/lib/server/notifications/mail';
import { lastPollOf } from '@/lib/server/notifications/watch-store';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { arrangeWatched, watchedRow } from './notifications-fixtures';

/** An administrator of every client, none chosen in the header: the whole outbox. */
const EVERY_CLIENT = { connections: [DEFAULT_CONNECTION], clients: [], chosen: null, allClients: true };

/**
 * In-app notifications, preferences and the outbox through their route handlers: each
 * user sees and marks only their own; preferences are validated by field; without SMTP_URL every
 * message lands in the outbox, recorded once.
 */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let paralegal: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  app = await startAppHarness();
  paralegal = await signIn(app.users.paralegal.email);
}, 120_000);
afterAll(async () => app?.stop());

async function list(cookie: string) {
  const { GET } = await import('@/app/api/notifications/route');
  const response = await GET(jsonRequest('/api/notifications', { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as { items: { id: string; readAt: string | null }[]; unread: number };
}

async function markRead(cookie: string, body: { id?: string }) {
  const { POST } = await import('@/app/api/notifications/read/route');
  return POST(jsonRequest('/api/notifications/read', { method: 'POST', cookie, body }));
}

describe('in-app notifications', () => {
  it('lists only the caller’s own, marks one read, then all', async () => {
    const { db } = app.database;
    const base = { rule: 'due-7d', title: 'A reminder', body: 'Due soon', href: '/renewals' };
    await addNotification(db, { ...base, userId: app.users.paralegal.id, subjectKey: 'e1' });
    await addNotification(db, { ...base, userId: app.users.paralegal.id, subjectKey: 'e2' });
    // The same rule and subject again adds nothing.
    expect(await addNotification(db, { ...base, userId: app.users.paralegal.id, subjectKey: 'e2' })).toBe(
      false,
    );
    await addNotification(db, { ...base, userId: app.users.manager.id, subjectKey: 'e1' });

    const mine = await list(paralegal);
    expect(mine.items).toHaveLength(2);
    expect(mine.unread).toBe(2);
    const managers = await list(await signIn(app.users.manager.email));
    const theirs = managers.items[0]?.id as string;

    const foreign = await markRead(paralegal, { id: theirs });
    expect(foreign.status).toBe(200);
    expect(await foreign.json()).toEqual({ marked: 0, unread: 2 });

    const one = await markRead(paralegal, { id: mine.items[0]?.id as string });
    expect(await one.json()).toEqual({ marked: 1, unread: 1 });
    const all = await markRead(paralegal, {});
    expect(await all.json()).toEqual({ marked: 1, unread: 0 });
    expect((await list(await signIn(app.users.manager.email))).unread).toBe(1);
  });

  it('refuses a request from another site and a malformed id', async () => {
    expect((await markRead(paralegal, { id: 'not-a-uuid' })).status).toBe(400);
    const { POST } = await import('@/app/api/notifications/read/route');
    const crossSite = await POST(
      jsonRequest('/api/notifications/read', {
        method: 'POST',
        cookie: paralegal,
        body: {},
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(crossSite.status).toBe(403);
  });
});

describe('preferences', () => {
  it('starts from the defaults, saves a valid document and refuses bad fields by name', async () => {
    const route = await import('@/app/api/preferences/notifications/route');
    const initial = await (
      await route.GET(jsonRequest('/api/preferences/notifications', { cookie: paralegal }))
    ).json();
    expect(initial.channels).toEqual({ inApp: true, email: true });
    const changed = {
      ...initial,
      timeZone: 'Europe/Berlin',
      dueOffsets: [7, 30, 7],
      digest: { frequency: 'weekly', hour: 7, weekday: 5 },
    };
    const saved = await route.PUT(
      jsonRequest('/api/preferences/notifications', { method: 'PUT', cookie: paralegal, body: changed }),
    );
    expect(saved.status).toBe(200);
    expect((await saved.json()).dueOffsets).toEqual([30, 7]);
    const reread = await (
      await route.GET(jsonRequest('/api/preferences/notifications', { cookie: paralegal }))
    ).json();
    expect(reread.digest).toEqual({ frequency: 'weekly', hour: 7, weekday: 5 });

    const bad = await route.PUT(
      jsonRequest('/api/preferences/notifications', {
        method: 'PUT',
        cookie: paralegal,
        body: { ...changed, timeZone: 'Mars/Olympus', dueOffsets: [-1] },
      }),
    );
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()).errors as { field: string }[]).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['timeZone', 'dueOffsets.0']));
  });
});

describe('outbox without SMTP_URL', () => {
  it('records each message once and delivers it to the outbox', async () => {
    const { db } = app.database;
    const message = { subject: 'Hello', summary: 's', href: '/', text: 'plain', html: '<p>html</p>' };
    const claim = {
      userId: app.users.finance.id,
      recipient: app.users.finance.email,
      rule: 'test',
      subjectKey: 'x',
      message,
      connections: [DEFAULT_CONNECTION],
    };
    const id = await claimMessage(db, claim);
    expect(id).toBeTruthy();
    expect(await claimMessage(db, claim)).toBeNull();
    const results = await Promise.all([deliverMessage(db, id as string), deliverMessage(db, id as string)]);
    // Two deliveries of one message at once: one sends, the other finds it taken.
    expect(results.filter((result) => result === 'sent')).toHaveLength(1);
    expect(results.filter((result) => result !== 'sent')[0]).toMatch(/^(in-flight|already-sent)$/);
    const { rows } = await listMessages(db, EVERY_CLIENT, 1);
    const row = rows.find((candidate) => candidate.id === id);
    expect(row).toMatchObject({ transport: 'outbox', status: 'sent', attempts: 1 });
  });

  it('puts a worker run’s reminders in the outbox for every user who wants email', async () => {
    const { db } = app.database;
    await db.delete(mailMessage);
    await db.delete(reminderTold);
    await arrangeWatched(
      db,
      [watchedRow({ eventId: 'soon', dueDate: '2030-05-20' })],
      new Date('2030-05-15T06:00:00Z'),
    );
    const now = new Date('2030-05-15T09:00:00Z');
    // An invoice the poll saw arrive yesterday, and one from its first read (not news).
    await db.insert(upstreamChange).values([
      {
        kind: 'new-invoice',
        subjectKey: 'inv-new',
        value: '',
        detail: { reference: 'INV-9', baseline: false },
        observedAt: new Date('2030-05-15T03:00:00Z'),
      },
      {
        kind: 'new-invoice',
        subjectKey: 'inv-old',
        value: '',
        detail: { reference: 'INV-1', baseline: true },
        observedAt: new Date('2030-05-15T03:00:00Z'),
      },
    ]);
    const first = await evaluateNotifications(db, { now });
    // Paralegal and manager decide: the 7-day reminder for each, grouped per class. The digest goes
    // to those whose hour has come on a day they chose (daily from 08:00 UTC by default), with
    // their role's part of Today: the manager's (whose due-soon reminder leads the digest, one
    // message instead of two), finance's new invoice; not the paralegal (weekly on Fridays since
    // the test above; 2030-05-15 is a Wednesday), who gets the reminder as "Due soon".
    const rows = await db.select().from(mailMessage);
    const keys = rows.map((row) => `${row.recipient}|${row.rule}`).sort();
    expect(keys).toEqual(
      [
        `${app.users.manager.email}|digest-daily`,
        `${app.users.paralegal.email}|due`,
        `${app.users.finance.email}|digest-daily`,
      ].sort(),
    );
    // What each was told, per renewal: the ledger the next run reads.
    const told = await db.select().from(reminderTold);
    expect(told.map((row) => `${row.audience}|${row.rule}|${row.subjectKey}`).sort()).toEqual(
      [`user:${app.users.manager.id}|due-7d|soon`, `user:${app.users.paralegal.id}|due-7d|soon`].sort(),
    );
    expect(first.messages).toHaveLength(3);
    expect(rows.every((row) => row.transport === 'outbox')).toBe(true);
    const paralegalDue = rows.find((row) => row.recipient === app.users.paralegal.email);
    expect(paralegalDue?.subject).toBe('Due soon: CASE-soon (EP), year 5, due 20 May 2030');
    const financeDigest = rows.find((row) => row.recipient === app.users.finance.email);
    expect(financeDigest?.subject).toContain('1 new invoice');
    expect(financeDigest?.textBody).toContain('http://localhost:3000/invoices/inv-new');
    expect(financeDigest?.textBody).not.toContain('INV-1');
    expect(financeDigest?.textBody).not.toContain('Due this month');
    const managerDigest = rows.find(
      (row) => row.recipient === app.users.manager.email && row.rule === 'digest-daily',
    );
    // The renewal leads the digest as due soon, and its bucket counts it without listing it again.
    expect(managerDigest?.textBody).toContain('Due soon: 1');
    expect(managerDigest?.textBody).toContain('Estimated fees: €120.00');
    expect(managerDigest?.textBody).toContain('Due this month: 1');
    expect(managerDigest?.textBody).toContain('1 of them already in your reminders');
    expect(managerDigest?.textBody.match(/- CASE-soon/g)).toHaveLength(1);
    // A second evaluation adds nothing.
    expect((await evaluateNotifications(db, { now })).messages).toEqual([]);
  });
});

describe('background status for admins', () => {
  it('reports calls spent against the budget and the last poll', async () => {
    const { db } = app.database;
    const polledAt = new Date('2030-05-15T06:00:00Z');
    await arrangeWatched(db, [watchedRow({ eventId: 'status', dueDate: '2030-05-20' })], polledAt);
    await recordSpend(db, new Date(), 12);
    const status = await backgroundStatus(db);
    expect(status.spent).toBeGreaterThanOrEqual(12);
    expect(status.sharePercent).toBe(10);
    expect((await lastPollOf(db, DEFAULT_CONNECTION))?.toISOString()).toBe(polledAt.toISOString());
  });
});

describe('alerts', () => {
  it('alerts grace ending, UNPROCESSABLE and an unknown batch outcome to the roles that act on them, once', async () => {
    const { db } = app.database;
    await db.delete(mailMessage);
    await db.delete(reminderTold);
    const now = new Date('2030-05-15T09:00:00Z');
    await arrangeWatched(
      db,
      [
        watchedRow({ eventId: 'lapsing', dueDate: '2030-01-31', gracePeriodEndDate: '2030-05-25' }),
        watchedRow({
          eventId: 'stuck',
          dueDate: '2030-02-28',
          appliedDecision: 'PROCEED',
          processingStatus: 'UNPROCESSABLE',
          processingStatusUpdatedAt: '2030-05-14T10:00:00.000Z',
        }),
      ],
      now,
    );
    const [batch] = await db
      .insert(instructionBatch)
      .values({
        idempotencyKey: crypto.randomUUID(),
        state: 'outcome_unknown',
        createdByUserId: app.users.paralegal.id,
        createdByEmail: app.users.paralegal.email,
        createdAt: new Date('2030-05-15T07:00:00Z'),
        postedAt: new Date('2030-05-15T07:00:01Z'),
        eventCount: 3,
      })
      .returning();
    await evaluateNotifications(db, { now });
    const rows = await db.select().from(mailMessage);
    const told = await db.select().from(reminderTold);
    const of = (account: { id: string; email: string }) => ({
      messages: rows
        .filter((row) => row.recipient === account.email && !row.rule.startsWith('digest'))
        .map((row) => row.rule)
        .sort(),
      told: told
        .filter((row) => row.audience === `user:${account.id}`)
        .map((row) => `${row.rule}|${row.subjectKey}`)
        .sort(),
    });
    // 10 days left: the default offsets are 14 and 3 days, so the 14-day alert is the one due. One
    // message per class: "about to lapse", and "needs attention" with both the UNPROCESSABLE
    // renewal and the batch.
    const expected = {
      messages: ['attention', 'lapse'],
      told: [`batch-unknown|${batch?.id}`, 'grace-14d|lapsing', 'unprocessable|stuck'].sort(),
    };
    expect(of(app.users.manager)).toEqual(expected);
    // The paralegal chose offsets of their own above (the grace ones stayed 14 and 3).
    expect(of(app.users.paralegal)).toEqual(expected);
    expect(of(app.users.finance).messages).toEqual([]);
    expect(of(app.users.admin).messages).toEqual([]);
    const unprocessable = rows.find((row) => row.rule === 'attention');
    expect(unprocessable?.htmlBody).toContain('UNPROCESSABLE');
    expect(unprocessable?.htmlBody).not.toMatch(/<img|<script/i);
    expect(unprocessable?.textBody).toContain('http://localhost:3000/renewals?from=2030-02-28');
    expect((await evaluateNotifications(db, { now })).messages).toEqual([]);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnuityClient } from '@/lib/annuity/client';
import { listAll } from '@/lib/annuity/pagination';
import { CLIENT_COOKIE } from '@/lib/clients/chosen-client';
import {
  backgroundQuotaUse,
  mailMessage,
  notification,
  reminderTold,
  renewalWatch,
  upstreamChange,
} from '@/lib/db/schema';
import { defaultPreferences } from '@/lib/notifications/preferences';
import { quotaDay } from '@/lib/server/connection/background-budget';
import { activeClients } from '@/lib/server/connection/clients';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { flushQuota, readQuota } from '@/lib/server/connection/quota';
import { backgroundStatus } from '@/lib/server/notifications/app';
import { calendarForToken, issueCalendarLink } from '@/lib/server/notifications/calendar-feed';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { addNotification } from '@/lib/server/notifications/in-app';
import { pollUpstream } from '@/lib/server/notifications/poll';
import { savePreferences } from '@/lib/server/notifications/preferences';
import { runSyncForEveryClient } from '@/lib/server/sync/run';
import type { SavedViewItem } from '@/lib/views/pages';
import { jsonRequest } from './app-harness';
import { copiedIdsOf, setUpTwoClients } from './client-grants';
import { TODAY } from './upstream-harness';

/**
 * Reminders, notifications and saved views with two clients (spec: Authentication 1, a key is one
 * client's; rule 2, all data scoped to the client): the poll reads each client with its own key, a
 * paralegal granted one client hears only of that client's renewals, a manager working for both
 * gets one digest naming each item's client, and a view naming a client the viewer does not work
 * for does not exist for them.
 */

const SECOND = 'northwind-labs';
const NOW = new Date(`${TODAY}T09:00:00.000Z`);
const app = setUpTwoClients({
  first: { patents: 150, seed: 3 },
  second: { patents: 400, seed: 15 },
  secondClient: 'Northwind Labs',
  // The paralegal works for the second client only; the manager for every client.
  grants: { paralegal: [SECOND] },
  today: TODAY,
});

beforeAll(async () => {
  const { db } = app.harness.database;
  // Both get the daily digest by email and in-app; the others keep quiet.
  for (const role of ['paralegal', 'manager'] as const)
    await savePreferences(db, app.harness.users[role].id, {
      ...defaultPreferences(),
      timeZone: 'UTC',
      digest: { frequency: 'daily', hour: 8, weekday: 1 },
      dueOffsets: [7],
    });
  for (const role of ['finance', 'admin'] as const)
    await savePreferences(db, app.harness.users[role].id, {
      ...defaultPreferences(),
      channels: { inApp: false, email: false },
    });
  await runSyncForEveryClient(db, { now: NOW, requestId: 'clients-notify-sync' });
}, 240_000);

async function invoiceIdsOf(service: AnnuityClient): Promise<Set<string>> {
  const { items } = await listAll(
    (currentPage, itemsPerPage) => service.getInvoices({ currentPage, itemsPerPage }),
    {
      itemsPerPage: 100,
    },
  );
  return new Set(items.map((invoice) => invoice.id));
}

interface NotificationItem {
  id: string;
  rule: string;
  client?: string;
}

async function notificationsOf(cookie: string): Promise<NotificationItem[]> {
  const { GET } = await import('@/app/api/notifications/route');
  const response = await GET(jsonRequest('/api/notifications', { cookie }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: NotificationItem[] }).items;
}

describe('reminders and notifications with two clients', () => {
  it('polls each client with its own key, within its own budget, and records what is whose', async () => {
    await Promise.all([app.sandbox.operator.resetUsage('first'), app.sandbox.operator.resetUsage('second')]);
    const polled = await pollUpstream(app.harness.database.db, { now: NOW, requestId: 'clients-poll' });
    expect(Object.keys(polled.clients).sort()).toEqual([DEFAULT_CONNECTION, SECOND]);
    expect(polled.clients[SECOND]?.ran).toBe(true);
    expect(polled.clients[DEFAULT_CONNECTION]?.ran).toBe(true);
    // Each tenant's key was spent on its own client's reads (the invoice list at least).
    const [firstUsage, secondUsage] = await Promise.all([
      app.sandbox.operator.getUsage('first'),
      app.sandbox.operator.getUsage('second'),
    ]);
    expect(firstUsage.calls).toBeGreaterThan(0);
    expect(secondUsage.calls).toBeGreaterThan(0);

    const { db } = app.harness.database;
    const [firstInvoices, secondInvoices] = await Promise.all([
      invoiceIdsOf(app.services.first),
      invoiceIdsOf(app.services.second),
    ]);
    const changes = await db.select().from(upstreamChange).where(eq(upstreamChange.kind, 'new-invoice'));
    const secondSeen = changes.filter((change) => change.connection === SECOND);
    expect(secondSeen.length).toBe(secondInvoices.size);
    for (const change of secondSeen) expect(firstInvoices.has(change.subjectKey)).toBe(false);
    for (const change of changes.filter((c) => c.connection === DEFAULT_CONNECTION))
      expect(secondInvoices.has(change.subjectKey)).toBe(false);

    // The watched renewals say whose they are, and every one is in that client's copy.
    const [firstEvents, secondEvents] = await Promise.all([
      copiedIdsOf(app, DEFAULT_CONNECTION, 'eventId'),
      copiedIdsOf(app, SECOND, 'eventId'),
    ]);
    const watched = await db.select().from(renewalWatch);
    const byClient = (connection: string) =>
      watched.filter(
        (row) => ((row.row as { connection?: string }).connection ?? DEFAULT_CONNECTION) === connection,
      );
    expect(byClient(SECOND).length).toBeGreaterThan(0);
    expect(byClient(DEFAULT_CONNECTION).length).toBeGreaterThan(0);
    for (const row of byClient(SECOND)) expect(secondEvents.has(row.eventId)).toBe(true);
    for (const row of byClient(DEFAULT_CONNECTION)) expect(firstEvents.has(row.eventId)).toBe(true);
  }, 120_000);

  it('shows the administrator each client’s spend and last poll, and a spent share stops that client alone', async () => {
    const { db } = app.harness.database;
    const status = await backgroundStatus([DEFAULT_CONNECTION, SECOND]);
    expect(status.map((entry) => entry.client.id)).toEqual([DEFAULT_CONNECTION, SECOND]);
    for (const entry of status) {
      expect(entry.lastPollAt).not.toBeNull();
      expect(entry.spent).toBeGreaterThan(0);
    }
    // The second client's share is spent for the day: its poll is skipped, the first's still runs.
    await flushQuota();
    const day = quotaDay(await readQuota(SECOND), NOW);
    await db
      .update(backgroundQuotaUse)
      .set({ calls: 1_000_000, polls: 1_000_000 })
      .where(eq(backgroundQuotaUse.day, `background ${SECOND} ${day}`));
    const polled = await pollUpstream(db, { now: NOW, requestId: 'clients-poll-spent' });
    expect(polled.clients[SECOND]).toMatchObject({ ran: false, decision: { reason: 'budget-spent' } });
    expect(polled.clients[DEFAULT_CONNECTION]?.ran).toBe(true);
  }, 120_000);

  it('tells the paralegal of their client only, and the manager of both in one labelled digest', async () => {
    const { db } = app.harness.database;
    await evaluateNotifications(db, { now: NOW });
    const [firstEvents, secondEvents, clients] = await Promise.all([
      copiedIdsOf(app, DEFAULT_CONNECTION, 'eventId'),
      copiedIdsOf(app, SECOND, 'eventId'),
      activeClients(),
    ]);
    const firstName = clients.find((client) => client.id === DEFAULT_CONNECTION)?.name ?? '';
    expect(firstName).not.toBe('');

    // The paralegal: every renewal told is the second client's, every notification too, no label.
    const paralegalId = app.harness.users.paralegal.id;
    const told = await db
      .select()
      .from(reminderTold)
      .where(eq(reminderTold.audience, `user:${paralegalId}`));
    expect(told.length).toBeGreaterThan(0);
    for (const row of told) {
      expect(secondEvents.has(row.subjectKey)).toBe(true);
      expect(firstEvents.has(row.subjectKey)).toBe(false);
    }
    const paralegalNotes = await db.select().from(notification).where(eq(notification.userId, paralegalId));
    expect(paralegalNotes.length).toBeGreaterThan(0);
    expect(new Set(paralegalNotes.map((row) => row.connection))).toEqual(new Set([SECOND]));
    const paralegalMail = await db.select().from(mailMessage).where(eq(mailMessage.userId, paralegalId));
    expect(paralegalMail.filter((row) => row.rule === 'digest-daily')).toHaveLength(1);
    for (const mail of paralegalMail) {
      expect(mail.textBody).not.toContain('Northwind Labs — ');
      expect(mail.textBody).not.toContain(`${firstName} — `);
    }

    // The manager: one digest for the run, listing both clients' renewals, each with its client.
    const managerId = app.harness.users.manager.id;
    const managerMail = await db.select().from(mailMessage).where(eq(mailMessage.userId, managerId));
    const digests = managerMail.filter((row) => row.rule === 'digest-daily');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.textBody).toContain('Northwind Labs — ');
    expect(digests[0]?.textBody).toContain(`${firstName} — `);
    // In-app too the digest is one notification, not one per client.
    const managerDigests = await db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, managerId), eq(notification.rule, 'digest-daily')));
    expect(managerDigests).toHaveLength(1);

    // A second run tells nobody anything again.
    const again = await evaluateNotifications(db, { now: NOW });
    expect(again.messages).toEqual([]);
  }, 120_000);

  it('lists each user only the notifications of the clients in their scope, labelled for several', async () => {
    const paralegalItems = await notificationsOf(app.cookies.paralegal);
    expect(paralegalItems.length).toBeGreaterThan(0);
    expect(paralegalItems.every((item) => item.client === undefined)).toBe(true);

    // A notification about the first client alone beside the run's (which are kept under the
    // client of their most urgent renewal, here the second's).
    await addNotification(app.harness.database.db, {
      connection: DEFAULT_CONNECTION,
      userId: app.harness.users.manager.id,
      rule: 'approval_requested',
      subjectKey: 'first-client-batch',
      title: 'A batch waits for your approval',
      body: 'Sent for approval.',
      href: '/approvals',
    });
    const managerItems = await notificationsOf(app.cookies.manager);
    expect(new Set(managerItems.map((item) => item.client))).toContain('Northwind Labs');
    expect(managerItems.every((item) => item.client !== undefined)).toBe(true);
    // The header's choice narrows the list to that client.
    const chosen = await notificationsOf(`${app.cookies.manager}; ${CLIENT_COOKIE}=${SECOND}`);
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.length).toBeLessThan(managerItems.length);
    // One client in view: its notifications, unlabelled (as a single-client console shows them).
    const northwind = new Set(
      managerItems.filter((item) => item.client === 'Northwind Labs').map((item) => item.id),
    );
    expect(chosen.every((item) => northwind.has(item.id) && item.client === undefined)).toBe(true);

    // Marking all read, within the chosen client, leaves the other client's unread.
    const { POST } = await import('@/app/api/notifications/read/route');
    const marked = await POST(
      jsonRequest('/api/notifications/read', {
        method: 'POST',
        cookie: `${app.cookies.manager}; ${CLIENT_COOKIE}=${SECOND}`,
        body: {},
      }),
    );
    expect(marked.status).toBe(200);
    const unread = await app.harness.database.db
      .select()
      .from(notification)
      .where(
        and(
          eq(notification.userId, app.harness.users.manager.id),
          inArray(notification.connection, [DEFAULT_CONNECTION]),
        ),
      );
    expect(unread.some((row) => row.readAt === null)).toBe(true);
  });
});

describe('the calendar feed with two clients', () => {
  it('holds the owner’s clients’ renewals only, each named with its client when they work for several', async () => {
    const { db } = app.harness.database;
    const feedOf = async (role: 'paralegal' | 'manager') => {
      const account = app.harness.users[role];
      const actor = { userId: account.id, email: account.email };
      const { url } = await issueCalendarLink(db, actor, 'clients-calendar');
      const token = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '').replace(/\.ics$/, '');
      return (await calendarForToken(db, token)) ?? '';
    };
    const [firstEvents, paralegalFeed, managerFeed] = await Promise.all([
      copiedIdsOf(app, DEFAULT_CONNECTION, 'eventId'),
      feedOf('paralegal'),
      feedOf('manager'),
    ]);
    expect(paralegalFeed).toContain('BEGIN:VEVENT');
    for (const eventId of firstEvents) expect(paralegalFeed).not.toContain(`UID:${eventId}-`);
    expect(paralegalFeed).not.toContain('Northwind Labs —');
    expect(managerFeed).toContain('Northwind Labs —');
  });
});

describe('saved views naming a client', () => {
  async function create(cookie: string, body: unknown) {
    const { POST } = await import('@/app/api/views/route');
    return POST(jsonRequest('/api/views', { method: 'POST', cookie, body }));
  }

  async function list(cookie: string): Promise<SavedViewItem[]> {
    const { GET } = await import('@/app/api/views/route');
    const response = await GET(jsonRequest('/api/views?page=renewals', { cookie }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { views: SavedViewItem[] }).views;
  }

  it('never shows a view of another client to someone who does not work for it', async () => {
    const first = await create(app.cookies.manager, {
      page: 'renewals',
      name: 'First client, due',
      query: `client=${DEFAULT_CONNECTION}&status=undecided`,
      shared: true,
    });
    expect(first.status).toBe(201);
    const second = await create(app.cookies.manager, {
      page: 'renewals',
      name: 'Northwind, due',
      query: `client=${SECOND}`,
      shared: true,
    });
    expect(second.status).toBe(201);
    const views = await list(app.cookies.manager);
    expect(views.map((view) => view.name).sort()).toEqual(['First client, due', 'Northwind, due']);
    const queryOf = (name: string) => views.find((view) => view.name === name)?.query ?? '';
    // The paralegal sees the view of their client, not the other one's.
    expect((await list(app.cookies.paralegal)).map((view) => view.name)).toEqual(['Northwind, due']);
    // Applying the other client's view by its address widens nothing: the list refuses the client
    // as not found, while the view of their own client reads that client's renewals alone.
    const apply = async (cookie: string, query: string) => {
      const { GET } = await import('@/app/api/renewals/route');
      return GET(jsonRequest(`/api/renewals?month=${TODAY.slice(0, 7)}&${query}`, { cookie }));
    };
    expect((await apply(app.cookies.paralegal, queryOf('First client, due'))).status).toBe(404);
    const own = await apply(app.cookies.paralegal, queryOf('Northwind, due'));
    expect(own.status).toBe(200);
    const secondEvents = await copiedIdsOf(app, SECOND, 'eventId');
    const rows = ((await own.json()) as { rows: { eventId: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(secondEvents.has(row.eventId)).toBe(true);
    // Nor can they save one naming it: answered as the pages answer another client, not found.
    const refused = await create(app.cookies.paralegal, {
      page: 'renewals',
      name: 'Sneaky',
      query: `client=${DEFAULT_CONNECTION}`,
      shared: false,
    });
    expect(refused.status).toBe(404);
  });
});

import { and, eq, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import { renewalWatch, syncEvent } from '@/lib/db/schema';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import type { TodayData } from '@/lib/today/data';
import { jsonRequest } from './app-harness';
import { grantClientsAs, setUpTwoClients } from './client-grants';
import { watchedRow } from './notifications-fixtures';

/**
 * The month view, its export, Today and the calendar feed keep to the user's clients (spec:
 * Authentication 1, a key identifies one client; rule 2, all data scoped to the client): two
 * tenants of the stand-in, each synced with its own key; a paralegal working for every client sees
 * both clients' renewals, each labelled with its client, and the `client` filter narrows them to
 * one; once granted the second client only, the first client's renewals are nowhere, and naming the
 * first client is a 404.
 */

const SECOND = 'northwind-labs';
const app = setUpTwoClients({
  first: { patents: 30, seed: 3 },
  second: { patents: 12, seed: 9 },
  secondClient: 'Northwind Labs',
  sync: true,
});
/** The month holding renewals of both clients, and each client's renewals (event ids) in it. */
let month: string;
const ofClient = new Map<string, Set<string>>();
/** Every renewal of each client's copy, by event id. */
const copied = new Map<string, string>();

beforeAll(async () => {
  const rows = await app.harness.database.db
    .select({ connection: syncEvent.connection, eventId: syncEvent.eventId, month: syncEvent.month })
    .from(syncEvent);
  for (const row of rows) copied.set(row.eventId, row.connection);
  const months = [...new Set(rows.map((row) => row.month))].sort();
  const both = months.find((candidate) =>
    [DEFAULT_CONNECTION, SECOND].every((connection) =>
      rows.some((row) => row.month === candidate && row.connection === connection),
    ),
  );
  if (!both) throw new Error('the stand-in gave no month with renewals of both clients');
  month = both;
  for (const row of rows.filter((candidate) => candidate.month === month)) {
    const set = ofClient.get(row.connection) ?? new Set<string>();
    set.add(row.eventId);
    ofClient.set(row.connection, set);
  }
}, 240_000);

async function monthRoute(query: string): Promise<Response> {
  const { GET } = await import('@/app/api/renewals/route');
  return GET(jsonRequest(`/api/renewals?${query}`, { cookie: app.cookies.paralegal }));
}

async function monthRows(query: string): Promise<RenewalRow[]> {
  const response = await monthRoute(query);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as RenewalWindowData).rows;
}

async function exported(query: string): Promise<string[][]> {
  const { GET } = await import('@/app/api/renewals/export/route');
  const response = await GET(
    jsonRequest(`/api/renewals/export?${query}&format=csv`, { cookie: app.cookies.paralegal }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.text())
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

async function todayItems(query = ''): Promise<RenewalRow[]> {
  const { GET } = await import('@/app/api/today/route');
  const response = await GET(jsonRequest(`/api/today${query}`, { cookie: app.cookies.paralegal }));
  expect(response.status, await response.clone().text()).toBe(200);
  const data = (await response.json()) as TodayData;
  if (!data.renewals?.ok) throw new Error('Today has no renewals section for the paralegal');
  return data.renewals.data.buckets.flatMap((bucket) => bucket.items.map((item) => item.row));
}

let calendarUrl: string;
let calendarText = '';

async function calendarUids(): Promise<string[]> {
  const { GET } = await import('@/app/api/calendar/[token]/route');
  const token = new URL(calendarUrl).pathname.split('/').pop() ?? '';
  const response = await GET(new Request(calendarUrl), { params: Promise.resolve({ token }) });
  expect(response.status).toBe(200);
  calendarText = await response.text();
  return [...calendarText.matchAll(/^UID:(.+?)-(?:due|grace-end|opens)@/gm)].map(
    (match) => match[1] as string,
  );
}

const idsOf = (rows: readonly RenewalRow[]) => new Set(rows.map((row) => row.eventId));

/** Reads the copy again: Today reads months of its own into it (never-read months, once). */
async function recopy(): Promise<void> {
  const rows = await app.harness.database.db
    .select({ connection: syncEvent.connection, eventId: syncEvent.eventId })
    .from(syncEvent);
  for (const row of rows) copied.set(row.eventId, row.connection);
}
const connectionsOf = (ids: Iterable<string>) => new Set([...ids].map((id) => copied.get(id)));

describe('renewals across clients', () => {
  it('shows a user of every client both clients’ renewals of the month, each labelled with its client', async () => {
    const rows = await monthRows(`month=${month}`);
    expect(idsOf(rows)).toEqual(
      new Set([...(ofClient.get(DEFAULT_CONNECTION) ?? []), ...(ofClient.get(SECOND) ?? [])]),
    );
    for (const row of rows) expect(row.client?.id).toBe(copied.get(row.eventId));
    expect(new Set(rows.map((row) => row.client?.name))).toContain('Northwind Labs');
  });

  it('narrows the month view and its export to the client the filter names', async () => {
    const rows = await monthRows(`month=${month}&client=${SECOND}`);
    expect(idsOf(rows)).toEqual(ofClient.get(SECOND));
    const table = await exported(`month=${month}&client=${SECOND}`);
    expect(table[0]?.[0]).toBe('Client');
    expect(table.slice(1).map((line) => line[0])).toEqual(rows.map(() => 'Northwind Labs'));
    const whole = await exported(`month=${month}`);
    expect(whole.length - 1).toBe(
      (ofClient.get(DEFAULT_CONNECTION)?.size ?? 0) + (ofClient.get(SECOND)?.size ?? 0),
    );
  });

  it('lists both clients’ renewals on Today, labelled, and the client filter narrows them', async () => {
    const items = await todayItems();
    await recopy();
    for (const row of items) expect(row.client?.id).toBe(copied.get(row.eventId));
    expect(connectionsOf(idsOf(items))).toEqual(new Set([DEFAULT_CONNECTION, SECOND]));
    const narrowed = await todayItems(`?client=${SECOND}`);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(connectionsOf(idsOf(narrowed))).toEqual(new Set([SECOND]));
  });

  it('keeps a paralegal granted the second client to its renewals alone, unlabelled', async () => {
    await grantClientsAs(app.cookies.admin, app.harness.users.paralegal.id, [SECOND]);

    const rows = await monthRows(`month=${month}`);
    expect(idsOf(rows)).toEqual(ofClient.get(SECOND));
    // One client: the rows and the file are what a single-client console shows.
    expect(rows.every((row) => row.client === undefined)).toBe(true);
    const table = await exported(`month=${month}`);
    expect(table[0]).not.toContain('Client');
    expect(table.length - 1).toBe(ofClient.get(SECOND)?.size ?? 0);
    // Naming the other client is answered as a client that does not exist.
    expect((await monthRoute(`month=${month}&client=${DEFAULT_CONNECTION}`)).status).toBe(404);

    const items = await todayItems();
    expect(items.length).toBeGreaterThan(0);
    expect(connectionsOf(idsOf(items))).toEqual(new Set([SECOND]));
    expect(items.every((row) => row.client === undefined)).toBe(true);
    const { GET } = await import('@/app/api/today/route');
    const refused = await GET(
      jsonRequest(`/api/today?client=${DEFAULT_CONNECTION}`, { cookie: app.cookies.paralegal }),
    );
    expect(refused.status).toBe(404);
  });

  it('hides another client’s review hold: not listed, and releasing it is a 404', async () => {
    const { db } = app.harness.database;
    const today = new Date().toISOString().slice(0, 10);
    const bodies = await db
      .select({ body: syncEvent.body })
      .from(syncEvent)
      .where(and(eq(syncEvent.connection, DEFAULT_CONNECTION), gte(syncEvent.dueDate, today)));
    const open = bodies
      .map((row) => JSON.parse(row.body) as PatentEvent)
      .find((event) => event.eventType === 'RENEWAL' && event.appliedDecision === null);
    if (!open) throw new Error('the first client has no undecided renewal ahead');
    const reviews = await import('@/app/api/reviews/route');
    const placed = await reviews.POST(
      jsonRequest('/api/reviews', {
        method: 'POST',
        cookie: app.cookies.manager,
        body: {
          eventIds: [open.id],
          ownerUserId: app.harness.users.manager.id,
          reviewBy: open.dueDate,
          askedDecision: 'keep',
        },
      }),
    );
    expect(placed.status, await placed.clone().text()).toBe(200);
    const [hold] = ((await placed.json()) as { holds: { id: string }[] }).holds;
    const listed = await reviews.GET(jsonRequest('/api/reviews', { cookie: app.cookies.paralegal }));
    expect(((await listed.json()) as { holds: { id: string }[] }).holds.map((row) => row.id)).not.toContain(
      hold?.id,
    );
    const { DELETE } = await import('@/app/api/reviews/[id]/route');
    const released = await DELETE(
      jsonRequest(`/api/reviews/${hold?.id}`, { method: 'DELETE', cookie: app.cookies.paralegal }),
      { params: Promise.resolve({ id: hold?.id ?? '' }) },
    );
    expect(released.status).toBe(404);
  });

  it('lists in the calendar feed only the renewals of the owner’s clients', async () => {
    const { POST } = await import('@/app/api/preferences/calendar/route');
    const issued = await POST(
      jsonRequest('/api/preferences/calendar', { method: 'POST', cookie: app.cookies.paralegal }),
    );
    expect(issued.status).toBe(200);
    ({ url: calendarUrl } = (await issued.json()) as { url: string });
    // The poll keeps each client's watched renewals with their client (lib/server/notifications):
    // one undecided renewal of each client's month here.
    const watched = [DEFAULT_CONNECTION, SECOND].map((connection) => {
      const eventId = [...(ofClient.get(connection) ?? [])][0] as string;
      return { connection, row: watchedRow({ eventId, dueDate: `${month}-20` }) };
    });
    await app.harness.database.db.insert(renewalWatch).values(
      watched.map(({ connection, row }) => ({
        eventId: row.eventId,
        patentId: row.patentId,
        row: { ...(row as unknown as Record<string, unknown>), connection },
        processingStatus: null,
        phase: 'open',
        polledAt: new Date(),
      })),
    );
    expect(new Set(await calendarUids())).toEqual(new Set([watched[1]?.row.eventId]));

    // Working for every client again: both clients' renewals, each summary naming its client.
    await grantClientsAs(app.cookies.admin, app.harness.users.paralegal.id, 'all');
    expect(new Set(await calendarUids())).toEqual(new Set(watched.map(({ row }) => row.eventId)));
    const summaries = [...calendarText.matchAll(/^SUMMARY:Renewal due: (.+?) — /gm)].map((match) => match[1]);
    expect(new Set(summaries)).toEqual(new Set(['Northwind Labs', 'Default client']));
  });
});

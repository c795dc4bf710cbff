import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { arrangeWatched, watchedRow } from './notifications-fixtures';

/**
 * The private calendar feed: issued, read without a session, parsed by an iCal library
 * as a calendar app would, replaced and revoked.
 */
let app: Awaited<ReturnType<typeof startAppHarness>>;
let cookie: string;

async function issue(sessionCookie = cookie) {
  const { POST } = await import('@/app/api/preferences/calendar/route');
  return POST(jsonRequest('/api/preferences/calendar', { method: 'POST', cookie: sessionCookie }));
}

async function feed(url: string) {
  const { GET } = await import('@/app/api/calendar/[token]/route');
  const token = new URL(url).pathname.split('/').pop() ?? '';
  return GET(new Request(url), { params: Promise.resolve({ token }) });
}

beforeAll(async () => {
  app = await startAppHarness();
  cookie = await signIn(app.users.paralegal.email);
  await arrangeWatched(app.database.db, [
    watchedRow({ eventId: 'due-1', dueDate: '2030-03-31' }),
    watchedRow({ eventId: 'grace-1', dueDate: '2030-01-31', gracePeriodEndDate: '2030-07-31' }),
    watchedRow({
      eventId: 'early-1',
      dueDate: '2030-06-30',
      instructability: {
        isAllowed: false,
        allowedDecisions: [],
        blockedReason: 'TOO_EARLY',
        opensAt: '2030-04-01',
        mode: 'DIRECT',
      },
    }),
    watchedRow({ eventId: 'decided-1', dueDate: '2030-03-15', appliedDecision: 'PROCEED' }),
  ]);
}, 120_000);
afterAll(async () => app?.stop());

describe('calendar feed', () => {
  let url: string;

  it('issues a private link to a user who reads renewals, and refuses an administrator', async () => {
    const response = await issue();
    expect(response.status).toBe(200);
    ({ url } = (await response.json()) as { url: string });
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}$/);
    const admin = await signIn(app.users.admin.email);
    expect((await issue(admin)).status).toBe(403);
  });

  it('serves a calendar that an iCal parser reads: all-day due, grace-end and opening events with stable UIDs', async () => {
    const response = await feed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await response.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const byUid = new Map(events.map((event) => [event.uid.split('@')[0], event]));
    expect([...byUid.keys()].sort()).toEqual([
      'due-1-due',
      'early-1-due',
      'early-1-opens',
      'grace-1-due',
      'grace-1-grace-end',
    ]);
    const due = byUid.get('due-1-due');
    expect(due?.startDate.isDate).toBe(true);
    expect(due?.startDate.toString()).toBe('2030-03-31');
    expect(due?.endDate.toString()).toBe('2030-04-01');
    expect(due?.summary).toContain('Renewal due');
    expect(byUid.get('grace-1-grace-end')?.startDate.toString()).toBe('2030-07-31');
    expect(byUid.get('early-1-opens')?.startDate.toString()).toBe('2030-04-01');
    // Every event has the DTSTAMP Outlook and Google require, and the UIDs are unique.
    for (const event of events) expect(event.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
  });

  it('answers 404 to a malformed or unknown token, the same way', async () => {
    const wrong = url.replace(/.{4}$/, 'AAAA');
    for (const address of [wrong, `${url.slice(0, url.lastIndexOf('/'))}/short`]) {
      const response = await feed(address);
      expect(response.status).toBe(404);
    }
  });

  it('stops the old link when a new one is issued, and every link when revoked', async () => {
    const { url: second } = (await (await issue()).json()) as { url: string };
    expect((await feed(url)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);
    const { DELETE } = await import('@/app/api/preferences/calendar/route');
    expect(
      (await DELETE(jsonRequest('/api/preferences/calendar', { method: 'DELETE', cookie }))).status,
    ).toBe(200);
    expect((await feed(second)).status).toBe(404);
  });
});

import { and, eq, inArray, like, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessage, syncEvent, syncWindow } from '@/lib/db/schema';
import { addDays, addMonths, calendarToday, formatZonedTimestamp, monthBounds } from '@/lib/format/dates';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { readQuota } from '@/lib/server/connection/quota';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { pollUpstream } from '@/lib/server/notifications/poll';
import { loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { copyPatentEvents } from '@/lib/server/sync/copy';
import { copyMonthRows } from '@/lib/server/sync/month-rows';
import { plannedMonths, runSync } from '@/lib/server/sync/run';
import { loadToday } from '@/lib/server/today/load';
import { monthsOfWindow } from '@/lib/sync/age';
import { bucketRenewals } from '@/lib/today/buckets';
import type { RenewalsSection, TodayData } from '@/lib/today/data';
import { todayWindows } from '@/lib/today/windows';
import { jsonRequest, signIn } from './app-harness';
import { startUpstreamHarness, type UpstreamHarness } from './upstream-harness';

/**
 * What the console says of its data's age is the age of what it shows. The stand-in runs on
 * Auckland's clock (UTC+13 in November): its day turns at 11:00 UTC (spec: Limits 2, the quota
 * resets at midnight server local time).
 */
let up: UpstreamHarness;
let paralegal: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  up = await startUpstreamHarness(
    { name: 'honest-age', patents: 300, seed: 47 },
    { env: { TZ: 'Pacific/Auckland' } },
  );
  paralegal = await signIn(up.app.users.paralegal.email);
  const now = new Date();
  const todayMonths = todayWindows(calendarToday(now)).flatMap((span) => monthsOfWindow(span.from, span.to));
  const run = await runSync(up.app.database.db, {
    now,
    requestId: 'honest-age-sync',
    months: [...new Set([...plannedMonths(now), ...todayMonths])],
    force: true,
  });
  expect(run.stopped).toBeNull();
}, 180_000);
afterAll(async () => up?.stop());

async function todaySection(): Promise<RenewalsSection> {
  const { GET } = await import('@/app/api/today/route');
  const response = await GET(jsonRequest('/api/today', { cookie: paralegal }));
  expect(response.status).toBe(200);
  const data = (await response.json()) as TodayData;
  if (!data.renewals?.ok) throw new Error('Today has no renewals section');
  return data.renewals.data;
}

describe('the age the console tells', () => {
  it("says the age of the renewals Today's section shows, not of the oldest month it reads", async () => {
    const { db } = up.app.database;
    const section = await todaySection();
    const months = [...new Set(section.windows.flatMap((span) => monthsOfWindow(span.from, span.to)))];
    const { byMonth } = await copyMonthRows(months);
    const rows = months.flatMap((month) => byMonth.get(month)?.rows ?? []);
    const shown = bucketRenewals(rows, section.today).flatMap((bucket) =>
      bucket.items.map((item) => item.row),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(rows.length);
    // Every month Today reads was read half a year ago, and so were the renewals it does not
    // show; one it shows was read a week ago, the rest of them minutes ago.
    const halfYearAgo = new Date(Date.now() - 180 * DAY_MS);
    const weekAgo = new Date(Date.now() - 7 * DAY_MS);
    await db
      .update(syncWindow)
      .set({ syncedAt: halfYearAgo, attemptedAt: halfYearAgo })
      .where(inArray(syncWindow.month, months));
    await db
      .update(syncEvent)
      .set({ readAt: halfYearAgo })
      .where(
        and(
          inArray(syncEvent.month, months),
          notInArray(
            syncEvent.eventId,
            shown.map((row) => row.eventId),
          ),
        ),
      );
    await db
      .update(syncEvent)
      .set({ readAt: weekAgo })
      .where(eq(syncEvent.eventId, shown[0]?.eventId as string));
    const after = await todaySection();
    expect(after.copy?.asOf).toBe(weekAgo.toISOString());
    expect(after.fetchedAt).toBe(weekAgo.toISOString());
  });

  it("counts Today's days on the service's day, which its quota's reset tells", async () => {
    expect((await readQuota())?.resetAt).toBeTruthy();
    // 13:00 UTC is 02:00 of the next day in Auckland: Today's "today", its days left and its
    // buckets are the service's, a day ahead of UTC's date.
    const now = new Date(`${calendarToday(new Date())}T13:00:00.000Z`);
    const data = await loadToday(
      { userId: up.app.users.paralegal.id, role: 'paralegal' },
      'service-day',
      now,
    );
    expect(data.today).toBe(addDays(calendarToday(now), 1));
    const renewals = data.renewals?.ok ? data.renewals.data : null;
    const item = renewals?.buckets.flatMap((bucket) => bucket.items)[0];
    expect(item).toBeDefined();
    if (item)
      expect(item.daysLeft).toBe(
        Math.round((Date.parse(item.deadline) - Date.parse(addDays(calendarToday(now), 1))) / DAY_MS),
      );
  });

  it("takes a month as past for a freeze once the service's day has left it", async () => {
    // 13:00 UTC on the month's last day is 02:00 on the 1st of the next in Auckland: the month is
    // past at the service, which refuses to freeze it (spec: Limits 5).
    const month = up.currentMonth;
    const now = new Date(`${monthBounds(month).to}T13:00:00.000Z`);
    const data = await loadFreezeMonth(month, 'service-month', DEFAULT_CONNECTION, now);
    expect(data.currentMonth).toBe(addMonths(month, 1));
    expect(data.monthsAhead).toBeLessThan(0);
  });

  it("keeps the age of a patent's fees when Refresh now reads its events without them", async () => {
    const { db } = up.app.database;
    // spec: Patent event, `fees` on the per-patent endpoints: "not shown"; this service leaves them out.
    const before = await up.sandbox.operator.getProfile();
    await up.sandbox.operator.setProfile({ switches: { feesOnPerPatentEvents: false } });
    try {
      const [priced] = await db
        .select({ patentId: syncEvent.patentId })
        .from(syncEvent)
        .where(like(syncEvent.body, '%"fees":%'))
        .limit(1);
      const patentId = priced?.patentId as string;
      const weekAgo = new Date(Date.now() - 7 * DAY_MS);
      await db.update(syncEvent).set({ readAt: weekAgo }).where(eq(syncEvent.patentId, patentId));
      const { POST } = await import('@/app/api/copy/refresh/route');
      const response = await POST(
        jsonRequest('/api/copy/refresh', { method: 'POST', cookie: paralegal, body: { patentId } }),
      );
      expect(response.status).toBe(200);
      // The patent page's "as of": the fees it shows are the month walk's, a week old.
      const copied = await copyPatentEvents(patentId);
      expect(copied.events.some((event) => 'fees' in event)).toBe(true);
      expect(copied.asOf).toBe(weekAgo.toISOString());
    } finally {
      await up.sandbox.operator.setProfile({ switches: before.switches });
    }
  });

  it('says in the digest how old the renewals it lists are, not when the poll read the copy', async () => {
    const { db } = up.app.database;
    // The copy read every renewal three days ago; the poll reads the copy now.
    const readAt = new Date(Date.now() - 3 * DAY_MS);
    await db.update(syncEvent).set({ readAt });
    const now = new Date();
    const polled = await pollUpstream(db, { now, requestId: 'honest-age-poll' });
    expect(polled.ran).toBe(true);
    await evaluateNotifications(db, { now });
    const [digest] = await db
      .select({ text: mailMessage.textBody })
      .from(mailMessage)
      .where(and(eq(mailMessage.userId, up.app.users.paralegal.id), eq(mailMessage.rule, 'digest-daily')));
    expect(digest?.text).toContain(
      `What it lists was read from the service on ${formatZonedTimestamp(readAt)} or later.`,
    );
    expect(digest?.text).not.toContain(formatZonedTimestamp(now));
  });
});

import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { patentEventFixture, patentFixture } from '@/lib/annuity/fixtures';
import { type Patent, tolerant } from '@/lib/annuity/schemas';
import { auditLog, notification } from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import type { ReviewHoldView } from '@/lib/reviews/review-hold';
import { quarterFrom } from '@/lib/reviews/review-hold';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import { afterSend } from '@/lib/server/decisions/after-send';
import { evaluateNotifications } from '@/lib/server/notifications/evaluate';
import { placeHolds } from '@/lib/server/reviews/holds';
import { reviewSections } from '@/lib/server/reviews/reminders';
import { withKeepLines } from '@/lib/server/today/keep';
import type { BucketView } from '@/lib/today/data';
import { jsonRequest, signIn } from './app-harness';
import { seedCopyEvents, setUpOfflineCopy } from './offline-copy';

/**
 * Review holds: renewals put under review for a colleague before their deadline, read from our copy
 * (no service); the hold ends when a decision is sent, the managers hear once of an overdue one, and
 * the committee pack lists what is under review with its score and the decision asked for.
 */
const uuid = (kind: number, n: number) =>
  `00000000-0000-4000-${String(8000 + kind)}-${String(n).padStart(12, '0')}`;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = new Date().toISOString().slice(0, 10);
const QUARTER = quarterFrom(TODAY, 1);
const MONTH = QUARTER.from.slice(0, 7);

const patents: Patent[] = [1, 2, 3, 4].map((n) =>
  tolerant.patent.parse(
    patentFixture({
      id: uuid(1, n),
      providerId: `REV-${n}`,
      clientCaseReference: `R-${n}`,
      clientFamilyReference: null,
      office: 'DE',
      status: 'GRANTED',
      lapseDate: null,
      expirationDate: '2036-01-01',
      extendedExpirationDate: null,
    }),
  ),
);
const events = [1, 2, 3, 4].map((n) =>
  patentEventFixture({
    id: uuid(2, n),
    patent: { id: uuid(1, n), providerId: `REV-${n}` },
    dueDate: `${MONTH}-${String(5 + n * 5).padStart(2, '0')}`,
  }),
);
const [first, second, third, fourth] = events as [
  (typeof events)[0],
  (typeof events)[0],
  (typeof events)[0],
  (typeof events)[0],
];

describe('review holds', () => {
  const offline = setUpOfflineCopy(patents);
  const cookies = {} as Record<'paralegal' | 'manager' | 'finance' | 'admin', string>;

  const place = async (body: Record<string, unknown>, cookie = cookies.manager) => {
    const { POST } = await import('@/app/api/reviews/route');
    const response = await POST(jsonRequest('/api/reviews', { method: 'POST', cookie, body }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const list = async (query: string, cookie = cookies.paralegal) => {
    const { GET } = await import('@/app/api/reviews/route');
    const response = await GET(jsonRequest(`/api/reviews${query}`, { cookie }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { holds: ReviewHoldView[] }).holds;
  };
  const release = async (id: string, cookie: string) => {
    const { DELETE } = await import('@/app/api/reviews/[id]/route');
    return DELETE(jsonRequest(`/api/reviews/${id}`, { method: 'DELETE', cookie }), {
      params: Promise.resolve({ id }),
    });
  };
  const fields = (body: Record<string, unknown>) =>
    ((body.errors ?? []) as { field: string }[]).map((error) => error.field);

  beforeAll(async () => {
    await seedCopyEvents(events);
    for (const role of ['paralegal', 'manager', 'finance', 'admin'] as const)
      cookies[role] = await signIn(offline.harness.users[role].email);
  }, 60_000);

  it('puts a selection under review for a colleague; refuses a late review-by date, an owner who may not decide, a second hold and a reader', async () => {
    const base = { ownerUserId: offline.harness.users.paralegal.id, reviewBy: TODAY, askedDecision: 'drop' };
    const placed = await place({ ...base, eventIds: [first.id, second.id], note: 'Licensing ended' });
    expect(placed.status).toBe(200);
    expect((placed.body.holds as ReviewHoldView[]).map((hold) => [hold.eventId, hold.owner.email])).toEqual([
      [first.id, offline.harness.users.paralegal.email],
      [second.id, offline.harness.users.paralegal.email],
    ]);

    const late = await place({ ...base, eventIds: [third.id], reviewBy: plusDays(third.dueDate, 1) });
    expect(late.status).toBe(400);
    expect(fields(late.body)).toEqual(['reviewBy']);
    const past = await place({ ...base, eventIds: [third.id], reviewBy: plusDays(TODAY, -1) });
    expect(fields(past.body)).toEqual(['reviewBy']);
    const finance = await place({
      ...base,
      eventIds: [third.id],
      ownerUserId: offline.harness.users.finance.id,
    });
    expect(finance.status).toBe(400);
    expect(fields(finance.body)).toEqual(['ownerUserId']);
    expect((await place({ ...base, eventIds: [first.id] })).status).toBe(409);
    expect((await place({ ...base, eventIds: [third.id] }, cookies.finance)).status).toBe(403);

    const mine = await list('?owner=me');
    expect(mine.map((hold) => [hold.caseReference, hold.askedDecision, hold.overdue])).toEqual([
      ['R-1', 'drop', false],
      ['R-2', 'drop', false],
    ]);
    expect(await list('?owner=me', cookies.manager)).toEqual([]);
    expect((await list('', cookies.finance)).length).toBe(2);
    // The month view's rows say which renewals are under review, by whom and until when.
    const { GET } = await import('@/app/api/renewals/route');
    const month = await GET(jsonRequest(`/api/renewals?month=${MONTH}`, { cookie: cookies.paralegal }));
    expect(month.status).toBe(200);
    const rows = ((await month.json()) as { rows: { eventId: string; underReview?: string | null }[] }).rows;
    const paralegalName = 'Test paralegal';
    expect(rows.map((row) => [row.eventId, row.underReview ?? null])).toEqual([
      [first.id, `Under review by ${paralegalName} until ${TODAY}`],
      [second.id, `Under review by ${paralegalName} until ${TODAY}`],
      [third.id, null],
      [fourth.id, null],
    ]);

    // Today's listed rows say it too (a bucket holding the held renewal and one that is not).
    const listed = rows.filter((row) => row.eventId === first.id || row.eventId === third.id);
    const [bucket] = await withKeepLines(
      [{ id: 'due-soon', count: 2, items: listed.map((row) => ({ row })) } as unknown as BucketView],
      new Date(),
      [DEFAULT_CONNECTION],
    );
    expect(bucket?.items.map((item) => item.underReview ?? null)).toEqual([
      `Under review by ${paralegalName} until ${TODAY}`,
      null,
    ]);

    const db = offline.harness.database.db;
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'reviews.place'));
    expect(audited.filter((row) => row.outcome === 'success')).toHaveLength(1);
  });

  it('releases a hold (once), by those who may place one', async () => {
    const hold = (await list('')).find((item) => item.eventId === second.id) as ReviewHoldView;
    expect((await release(hold.id, cookies.finance)).status).toBe(403);
    expect((await release(hold.id, cookies.paralegal)).status).toBe(200);
    expect((await release(hold.id, cookies.paralegal)).status).toBe(404);
    expect((await list('')).map((item) => item.eventId)).toEqual([first.id]);
  });

  it('ends the hold when a decision is sent for its renewal', async () => {
    const batch = {
      id: uuid(3, 1),
      connection: 'default',
      state: 'executed',
      createdByEmail: offline.harness.users.paralegal.email,
      items: [{ eventId: first.id, patentId: first.patent.id, outcome: 'executed', dueDate: first.dueDate }],
    } as unknown as BatchView;
    // The copy's refresh after the send finds no service here; the hold ended before it.
    await afterSend(batch, 'test-send').catch(() => undefined);
    expect(await list('')).toEqual([]);
    // The renewal may be put under review again: the ended hold no longer counts as open.
    expect(
      (
        await place({
          eventIds: [first.id],
          ownerUserId: offline.harness.users.manager.id,
          reviewBy: TODAY,
          askedDecision: 'keep',
        })
      ).status,
    ).toBe(200);
  }, 60_000);

  it('tells the managers once when a review-by date passes without a decision; the owner sees it in the digest', async () => {
    const db = offline.harness.database.db;
    const earlier = new Date(Date.now() - 10 * 86_400_000);
    await placeHolds(
      { userId: offline.harness.users.manager.id, email: offline.harness.users.manager.email },
      {
        eventIds: [third.id],
        ownerUserId: offline.harness.users.paralegal.id,
        reviewBy: plusDays(TODAY, -3),
        askedDecision: 'undecided',
      },
      'test-overdue',
      earlier,
    );
    const overdueNotices = (userId: string) =>
      db
        .select()
        .from(notification)
        .where(and(eq(notification.userId, userId), eq(notification.rule, 'review-overdue')));
    await evaluateNotifications(db, { now: new Date() });
    const told = await overdueNotices(offline.harness.users.manager.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('R-3');
    expect(await overdueNotices(offline.harness.users.paralegal.id)).toHaveLength(0);
    await evaluateNotifications(db, { now: new Date() });
    expect(await overdueNotices(offline.harness.users.manager.id)).toHaveLength(1);

    const open = await list('?overdue=true');
    expect(open.map((hold) => hold.caseReference)).toEqual(['R-3']);
    const [own] = reviewSections(await list(''), offline.harness.users.paralegal.id, 'paralegal');
    expect(own?.heading).toBe('Your reviews: 1');
    expect(own?.lines[0]?.text).toContain('(overdue)');
  }, 60_000);

  it('lists what is under review in the committee pack, with score and the decision asked for', async () => {
    const { GET } = await import('@/app/api/reviews/pack/route');
    const download = (format: string, cookie: string) =>
      GET(jsonRequest(`/api/reviews/pack?format=${format}`, { cookie }));
    const xlsx = await download('xlsx', cookies.manager);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = (rows[0] ?? []).slice(1) as string[];
    const column = (name: string) => header.indexOf(name) + 1;
    const lines = rows.slice(1).map((row) => ({
      caseReference: row[column('Case reference')],
      score: row[column('Keep score')],
      asked: row[column('Decision asked for')],
      fee: row[column('Renewal fee')],
      currency: row[column('Fee currency')],
    }));
    expect(lines.map((line) => [line.caseReference, line.asked])).toEqual([
      ['R-3', 'Undecided: recommend one'],
      ['R-1', 'Keep (renew)'],
    ]);
    for (const line of lines) {
      expect(line.score).toEqual(expect.any(Number));
      expect(line.currency).toBe(fourth.fees?.currency);
    }
    const pdf = await download('pdf', cookies.finance);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await download('xlsx', cookies.admin)).status).toBe(403);
  });
});

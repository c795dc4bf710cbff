import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patentEventFixture } from '@/lib/annuity/fixtures';
import { getDb } from '@/lib/db';
import { forecastEvent, instructionBatch, instructionBatchItem, renewalBudget } from '@/lib/db/schema';
import type { BatchView } from '@/lib/decisions/batch';
import type { Draft } from '@/lib/decisions/draft';
import type { ScenarioComparison } from '@/lib/forecast/scenario-compare';
import { DEFAULT_CONNECTION } from '@/lib/server/connection/default-connection';
import type { DraftDropsResult as ScenarioDraftResult } from '@/lib/server/decisions/draft-drops';
import { loadSavings, recordDropSavings } from '@/lib/server/decisions/drop-savings';
import type { ScenarioData } from '@/lib/server/forecast/scenario';
import { jsonRequest, signIn, startAppHarness } from './app-harness';
import { seedCopyEvents } from './offline-copy';

/**
 * What-if scenarios read the stored forecast: a manager names patents by office and annuity year and
 * is told what stopping them saves per year and currency, beside the budget; nothing reaches the
 * service and nothing is decided.
 */
const row = (
  eventId: string,
  patentId: string,
  dueDate: string,
  annuityYear: number,
  total: string,
  office = 'DE',
) => ({
  eventId,
  patentId,
  dueDate,
  month: dueDate.slice(0, 7),
  annuityYear,
  office,
  owner: 'Acme',
  family: `F-${patentId}`,
  caseReference: `S-${patentId}`,
  currency: office === 'US' ? 'USD' : 'EUR',
  total,
  components: [],
  appliedDecision: null,
  isFxRateFrozen: false,
  feesStatus: 'ESTIMATED',
});

describe('what-if scenarios', () => {
  let harness: Awaited<ReturnType<typeof startAppHarness>>;
  let manager: string;

  beforeAll(async () => {
    harness = await startAppHarness();
    const db = await getDb();
    await db
      .insert(forecastEvent)
      .values([
        row('p1-9', 'p1', '2027-02-28', 9, '400.00'),
        row('p1-10', 'p1', '2028-02-29', 10, '450.50'),
        row('p2-12', 'p2', '2027-05-31', 12, '610.25'),
        row('p3-10', 'p3', '2027-07-31', 10, '800.00', 'US'),
      ]);
    await db.insert(renewalBudget).values({ year: 2027, currency: 'EUR', amount: '900.00' });
    manager = await signIn(harness.users.manager.email);
  }, 60_000);
  afterAll(async () => harness?.stop());

  const scenario = async (query: string, cookie = manager) => {
    const { GET } = await import('@/app/api/analytics/scenario/route');
    return GET(jsonRequest(`/api/analytics/scenario?${query}`, { cookie }));
  };

  it('saves the sum of the stopped renewals’ estimates per year and currency, beside the budget', async () => {
    const response = await scenario('office=DE&from=10');
    expect(response.status).toBe(200);
    const body = (await response.json()) as ScenarioData;
    expect(body.patents).toBe(2);
    expect(body.stopped.map((renewal) => renewal.eventId)).toEqual(['p2-12', 'p1-10']);
    expect(body.lines).toEqual([
      {
        year: 2027,
        currency: 'EUR',
        forecast: '1010.25',
        saved: '610.25',
        after: '400.00',
        stopped: 1,
        budget: '900.00',
      },
      {
        year: 2027,
        currency: 'USD',
        forecast: '800.00',
        saved: '0.00',
        after: '800.00',
        stopped: 0,
        budget: null,
      },
      {
        year: 2028,
        currency: 'EUR',
        forecast: '450.50',
        saved: '450.50',
        after: '0.00',
        stopped: 1,
        budget: null,
      },
    ]);
    expect(body.choices.offices).toEqual(['DE', 'US']);
  });

  it('refuses an annuity year that is not one, naming the field', async () => {
    const response = await scenario('office=DE&from=ten');
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('from');
    const score = await scenario('below=101');
    expect(score.status).toBe(400);
    expect(JSON.stringify(await score.json())).toContain('below');
  });

  it('is for those who read analytics: a paralegal is refused', async () => {
    const paralegal = await signIn(harness.users.paralegal.email);
    expect((await scenario('office=DE', paralegal)).status).toBe(403);
  });
  it('compares the scenario in the address with a saved one, per year and currency, and the renewals apart', async () => {
    const views = await import('@/app/api/views/route');
    const save = async (cookie: string, name: string, query: string) => {
      const response = await views.POST(
        jsonRequest('/api/views', { method: 'POST', cookie, body: { page: 'scenarios', name, query } }),
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { view: { id: string } }).view.id;
    };
    const everyTenth = await save(manager, 'From year 10', 'from=10');
    const { GET } = await import('@/app/api/analytics/scenario/compare/route');
    const compare = (query: string, cookie = manager) =>
      GET(jsonRequest(`/api/analytics/scenario/compare?${query}`, { cookie }));

    const response = await compare(`office=DE&right=${everyTenth}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ScenarioComparison;
    expect(body.left).toMatchObject({ name: null, patents: 2, stopped: 3 });
    expect(body.right).toMatchObject({ name: 'From year 10', viewId: everyTenth, patents: 3, stopped: 3 });
    expect(body.lines).toEqual([
      { year: 2027, currency: 'EUR', left: '1010.25', right: '610.25', difference: '-400.00' },
      { year: 2027, currency: 'USD', left: '0.00', right: '800.00', difference: '800.00' },
      { year: 2028, currency: 'EUR', left: '450.50', right: '450.50', difference: '0.00' },
    ]);
    expect(body.onlyLeft.count).toBe(1);
    expect(body.onlyLeft.renewals.map((renewal) => renewal.eventId)).toEqual(['p1-9']);
    expect(body.onlyRight.renewals.map((renewal) => renewal.eventId)).toEqual(['p3-10']);

    // A view id that is not one is named; another user's private scenario is not found.
    const bad = await compare('right=nope');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors).toEqual([
      expect.objectContaining({ field: 'right' }),
    ]);
    const finance = await signIn(harness.users.finance.email);
    const theirs = await save(finance, 'Mine only', 'office=US');
    expect((await compare(`left=${theirs}&right=${everyTenth}`)).status).toBe(404);
    expect((await compare(`left=${theirs}&right=${everyTenth}`, finance)).status).toBe(404);
  });

  it('puts the DROPs a scenario names into the draft, only where the service offers DROP now', async () => {
    // The copy: p2's first stopped renewal is open with DROP offered; p1's does not open yet.
    const _db = await getDb();
    const copied = (eventId: string, patentId: string, dueDate: string, open: boolean) =>
      patentEventFixture({
        id: eventId,
        patent: { id: patentId, providerId: null },
        dueDate,
        instructability: open
          ? {
              isAllowed: true,
              allowedDecisions: ['PROCEED', 'DROP'],
              blockedReason: null,
              opensAt: null,
              mode: 'DIRECT',
            }
          : {
              isAllowed: false,
              allowedDecisions: [],
              blockedReason: 'TOO_EARLY',
              opensAt: '2027-12-01',
              mode: 'DIRECT',
            },
      });
    const events = [copied('p2-12', 'p2', '2027-05-31', true), copied('p1-10', 'p1', '2028-02-29', false)];
    await seedCopyEvents(events);
    const { POST } = await import('@/app/api/analytics/scenario/draft/route');
    const draftFrom = async (cookie: string) =>
      POST(
        jsonRequest('/api/analytics/scenario/draft', {
          method: 'POST',
          cookie,
          body: { office: ['DE'], from: 10 },
        }),
      );

    const first = await draftFrom(manager);
    expect(first.status).toBe(200);
    const result = (await first.json()) as ScenarioDraftResult;
    expect({ ...result, draft: undefined }).toEqual({
      drafted: 1,
      notOpen: 1,
      alreadyInDraft: 0,
      notRead: 0,
    });
    expect(result.draft.entries.map((entry) => [entry.eventId, entry.decision])).toEqual([['p2-12', 'DROP']]);
    // Nothing is sent: the draft holds it for review, confirmation and approval.
    const { GET } = await import('@/app/api/decisions/draft/route');
    const held = (await (
      await GET(jsonRequest('/api/decisions/draft', { cookie: manager }))
    ).json()) as Draft;
    expect(held.entries.map((entry) => entry.eventId)).toEqual(['p2-12']);

    const again = (await (await draftFrom(manager)).json()) as ScenarioDraftResult;
    expect(again.drafted).toBe(0);
    expect(again.alreadyInDraft).toBe(1);
    // Who cannot read scenarios, or cannot decide, is refused.
    expect((await draftFrom(await signIn(harness.users.paralegal.email))).status).toBe(403);
    expect((await draftFrom(await signIn(harness.users.finance.email))).status).toBe(403);
  });
  it('counts what executed DROPs spared, as the forecast said when they were sent, per year and currency', async () => {
    const db = await getDb();
    const [batch] = await db
      .insert(instructionBatch)
      .values({ idempotencyKey: crypto.randomUUID(), state: 'posting', eventCount: 3 })
      .returning({ id: instructionBatch.id });
    const batchId = batch?.id as string;
    const item = (
      eventId: string,
      patentId: string,
      dueDate: string,
      outcome: 'executed' | 'pending',
      position: number,
    ) => ({
      batchId,
      position,
      eventId,
      patentId,
      decision: 'DROP',
      dueDate,
      outcome,
      estimateAmount: eventId === 'grace-1' ? '123.45' : null,
      estimateCurrency: 'EUR',
    });
    const items = [
      item('p1-10', 'p1', '2028-02-29', 'executed', 0),
      item('p3-10', 'p3', '2027-07-31', 'pending', 1),
      // In its grace period, so not in the forecast: spared at the batch's own estimate.
      item('grace-1', 'p9', '2026-10-01', 'executed', 2),
    ];
    await db.insert(instructionBatchItem).values(items);
    const view = {
      id: batchId,
      state: 'executed',
      items: items.map((row) => ({
        eventId: row.eventId,
        patentId: row.patentId,
        decision: row.decision,
        dueDate: row.dueDate,
        estimate: row.estimateAmount
          ? { amount: row.estimateAmount, currency: 'EUR', fxFrozen: false }
          : null,
      })),
    } as unknown as BatchView;
    expect(await recordDropSavings(view)).toBe(3);
    // A later check of the same batch keeps what was recorded first.
    await db.update(forecastEvent).set({ total: '999.99' }).where(eq(forecastEvent.eventId, 'p1-10'));
    await recordDropSavings(view);

    const saved = await loadSavings([DEFAULT_CONNECTION]);
    expect(saved.patents).toBe(2);
    expect(
      saved.years.map((year) => [year.year, year.totals.map((total) => `${total.total} ${total.currency}`)]),
    ).toEqual([
      [2026, ['123.45 EUR']],
      [2028, ['450.50 EUR']],
    ]);
    // The pending DROP counts once the service has executed it.
    await db
      .update(instructionBatchItem)
      .set({ outcome: 'executed' })
      .where(eq(instructionBatchItem.eventId, 'p3-10'));
    expect(
      (await loadSavings([DEFAULT_CONNECTION])).years.find((year) => year.year === 2027)?.totals,
    ).toEqual([{ currency: 'USD', total: '800.00', count: 1, missing: 0 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { dueMonths, type MonthRead, planSync, serviceDayStart, unreadHistory } from './plan';

const settings = {
  urgentMinutes: 15,
  soonMinutes: 180,
  farMinutes: 1440,
  horizonMonths: 24,
  sharePercent: 40,
};

describe('the sync plan', () => {
  it('reads urgent months often, the next months less and the far future daily, within the share', () => {
    const plan = planSync('2026-11', settings, () => 2, 100_000);
    const [urgent, open, soon, far, history] = plan.tiers;
    expect(open?.months).toEqual([]);
    expect(history?.months).toEqual([]);
    expect(urgent?.months[0]).toBe('2026-05');
    expect(urgent?.months.at(-1)).toBe('2027-01');
    expect(soon?.months).toEqual(['2027-02', '2027-03', '2027-04']);
    expect(far?.months.at(-1)).toBe('2028-10');
    expect(plan.stretch).toBe(1);
    // 9 urgent months × 2 pages × 96 a day, 3 × 2 × 8, 18 × 2 × 1.
    expect(plan.callsPerDay).toBe(9 * 2 * 96 + 3 * 2 * 8 + 18 * 2);
    expect(plan.callsPerDay).toBeLessThanOrEqual(plan.budget ?? 0);
  });

  it('stretches every cadence alike when the key is small, and stays within its share', () => {
    const plan = planSync('2026-11', settings, () => 21, 10_000);
    expect(plan.budget).toBe(4_000);
    expect(plan.stretch).toBeGreaterThan(1);
    expect(plan.callsPerDay).toBeLessThanOrEqual(4_000 + plan.tiers.length);
    const [urgent, , soon] = plan.tiers;
    expect((urgent?.effectiveMinutes ?? 0) / 15).toBeCloseTo((soon?.effectiveMinutes ?? 0) / 180, 0);
  });

  it('counts a month never walked as one call', () => {
    const plan = planSync('2026-11', { ...settings, horizonMonths: 12 }, () => 0, null);
    expect(plan.budget).toBeNull();
    expect(plan.tiers.every((tier) => tier.callsPerRefresh === tier.months.length)).toBe(true);
  });
});

const at = (iso: string) => new Date(iso);
const tierOf = (plan: ReturnType<typeof planSync>, name: string) =>
  plan.tiers.find((tier) => tier.name === name);

describe('months the copy keeps open', () => {
  it('reads a month with an open or moving renewal at the urgent cadence, whatever its due date', () => {
    const plan = planSync('2026-11', settings, () => 2, 100_000, {
      // Due 9 and 20 months ago (a LAPSED renewal nobody decided, a payment the office has not
      // confirmed), one inside the urgent tier already, and one of the far months.
      moving: ['2026-02', '2025-03', '2026-10', '2027-09'],
      unreadHistory: [],
    });
    const open = tierOf(plan, 'open');
    expect(open?.label).toBe('Open or still moving');
    expect(open?.months).toEqual(['2027-09', '2026-02', '2025-03']);
    expect(open?.effectiveMinutes).toBe(15);
    // Each month in one tier only: the far month moved to the open ones, the urgent one stays urgent.
    expect(tierOf(plan, 'far')?.months).not.toContain('2027-09');
    expect(tierOf(plan, 'urgent')?.months).toContain('2026-10');
    // Their reads count in the plan's calls a day.
    expect(open?.callsPerDay).toBe(3 * 2 * 96);
    expect(plan.callsPerDay).toBe(9 * 2 * 96 + 3 * 2 * 96 + 3 * 2 * 8 + 17 * 2);
  });

  it('stretches the open months with the others when the share is short', () => {
    const plan = planSync('2026-11', settings, () => 21, 10_000, {
      moving: ['2025-01', '2025-02'],
      unreadHistory: [],
    });
    expect(plan.stretch).toBeGreaterThan(1);
    expect(tierOf(plan, 'open')?.effectiveMinutes).toBe(tierOf(plan, 'urgent')?.effectiveMinutes);
    expect(plan.callsPerDay).toBeLessThanOrEqual((plan.budget ?? 0) + plan.tiers.length);
  });
});

describe('the history, read once', () => {
  it('lists every month from the earliest possible due date up to M−7 not read yet, most recent first', () => {
    expect(unreadHistory('2025-12-17', '2026-11', new Set(['2026-02']))).toEqual([
      '2026-04',
      '2026-03',
      '2026-01',
      '2025-12',
    ]);
    // Nothing earlier than M−7 (M−6 is the urgent tier's), nothing without a known date.
    expect(unreadHistory('2026-09-01', '2026-11', new Set())).toEqual([]);
    expect(unreadHistory(null, '2026-11', new Set())).toEqual([]);
    // A stray date decades back stops at 30 years.
    expect(unreadHistory('1901-01-01', '2026-11', new Set()).at(-1)).toBe('1996-11');
  });

  it('spends on the history only what the recurring reads leave of the share', () => {
    const history = Array.from(
      { length: 200 },
      (_, index) =>
        `20${String(10 + Math.floor(index / 12)).padStart(2, '0')}-${String((index % 12) + 1).padStart(2, '0')}`,
    );
    const plan = planSync('2026-11', settings, () => 2, 10_000, { moving: [], unreadHistory: history });
    const tier = tierOf(plan, 'history');
    expect(tier?.label).toBe('History, read once');
    expect(tier?.cadenceMinutes).toBeNull();
    expect(tier?.callsPerRefresh).toBe(400);
    // 9 × 2 × 96 + 3 × 2 × 8 + 18 × 2 = 1,812 recurring of a 4,000 share: the rest goes to the history.
    expect(tier?.callsPerDay).toBe(400);
    expect(plan.stretch).toBe(1);
    const small = planSync('2026-11', settings, () => 2, 5_000, { moving: [], unreadHistory: history });
    expect(tierOf(small, 'history')?.callsPerDay).toBe(2_000 - 1_812);
    expect(small.callsPerDay).toBe(2_000);
  });
});

describe('the months due now', () => {
  const plan = planSync('2026-11', settings, () => 1, null, {
    moving: ['2026-02'],
    unreadHistory: ['2026-04', '2026-03'],
  });
  const read = (month: string, syncedAt: string | null, complete = syncedAt !== null): MonthRead => ({
    month,
    syncedAt: syncedAt ? at(syncedAt) : null,
    attemptedAt: at(syncedAt ?? '2026-11-30T23:58:00Z'),
    complete,
  });
  const everyTierReadJustNow = plan.tiers
    .filter((tier) => tier.name !== 'history')
    .flatMap((tier) => tier.months.map((month) => read(month, '2026-11-30T23:50:00Z')));
  const noneOpened = { months: [], dayStartsAt: at('2026-11-30T00:00:00Z') };

  it('reads an open month again after the urgent cadence, and the history only while never read', () => {
    const now = at('2026-11-30T23:59:00Z');
    expect(dueMonths(plan, everyTierReadJustNow, now, noneOpened)).toEqual(['2026-04', '2026-03']);
    const historyRead = [
      ...everyTierReadJustNow,
      read('2026-04', '2026-11-30T23:51:00Z'),
      read('2026-03', null),
    ];
    // 2026-03's walk failed a minute ago: tried again after five.
    expect(dueMonths(plan, historyRead, now, noneOpened)).toEqual([]);
    expect(dueMonths(plan, historyRead, at('2026-12-01T00:04:00Z'), noneOpened)).toEqual(['2026-03']);
    const later = at('2026-12-01T00:06:00Z');
    const due = dueMonths(plan, historyRead, later, noneOpened);
    expect(due).toContain('2026-02');
    expect(due).toContain('2026-03');
    expect(due).not.toContain('2026-04');
    // A month of the soon tier read 16 minutes ago waits for its 3 hours.
    expect(due).not.toContain('2027-02');
  });

  it('reads at once a month whose TOO_EARLY renewals the service opened at its midnight', () => {
    const now = at('2026-12-01T00:05:00Z');
    const opened = { months: ['2027-02'], dayStartsAt: at('2026-12-01T00:00:00Z') };
    // Read 15 minutes ago, as a month of the soon tier (every 3 hours): due now, and first.
    expect(dueMonths(plan, everyTierReadJustNow, now, opened)[0]).toBe('2027-02');
    // Read since the service's day began, it waits for its cadence again.
    const readToday = everyTierReadJustNow.map((row) =>
      row.month === '2027-02' ? read('2027-02', '2026-12-01T00:01:00Z') : row,
    );
    expect(dueMonths(plan, readToday, now, opened)).not.toContain('2027-02');
  });
});

describe("the start of the service's day", () => {
  it('is the last midnight of the service its announced reset names', () => {
    // A service at UTC+1: its day of 1 December began at 23:00 UTC on 30 November.
    expect(serviceDayStart(at('2026-12-01T23:00:00Z'), at('2026-11-30T23:30:00Z'))).toEqual(
      at('2026-11-30T23:00:00Z'),
    );
    expect(serviceDayStart(at('2026-12-01T23:00:00Z'), at('2026-11-30T22:30:00Z'))).toEqual(
      at('2026-11-29T23:00:00Z'),
    );
    // A reading from days before still tells the hour of its midnight.
    expect(serviceDayStart(at('2026-11-28T05:00:00Z'), at('2026-12-01T02:00:00Z'))).toEqual(
      at('2026-11-30T05:00:00Z'),
    );
    // Without a reading, UTC's midnight.
    expect(serviceDayStart(null, at('2026-12-01T02:00:00Z'))).toEqual(at('2026-12-01T00:00:00Z'));
  });
});

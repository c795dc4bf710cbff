import { describe, expect, it } from 'vitest';
import { monthsBetween } from '../format/dates';
import { classifyFreezeRefusal, monthState, monthsAhead, yearMonthSchema } from './months';

const context = (overrides: Partial<Parameters<typeof monthState>[1]> = {}) => ({
  currentMonth: '2026-11',
  frozenMonths: new Set<string>(),
  refusedFromMonthsAhead: null,
  ...overrides,
});

describe('monthsBetween', () => {
  it('counts whole months across years, negative backwards', () => {
    expect(monthsBetween('2026-11', '2027-02')).toBe(3);
    expect(monthsBetween('2026-11', '2026-11')).toBe(0);
    expect(monthsBetween('2027-01', '2026-12')).toBe(-1);
  });
});

describe('yearMonthSchema', () => {
  it('takes YYYY-MM only', () => {
    expect(yearMonthSchema.safeParse('2027-03').success).toBe(true);
    for (const bad of ['2027-13', '2027-3', '27-03', '2027-03-01', '../x', '']) {
      expect(yearMonthSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('monthState', () => {
  it('frozen wins, even for a past month', () => {
    expect(monthState('2026-09', context({ frozenMonths: new Set(['2026-09']) }))).toBe('frozen');
  });

  it('past months cannot be frozen; the current month can', () => {
    expect(monthState('2026-10', context())).toBe('past');
    expect(monthState('2026-11', context())).toBe('freezable');
  });

  it('every future month is freezable while no refusal is known', () => {
    expect(monthState('2031-01', context())).toBe('freezable');
  });

  it('months at or past the refused distance are beyond the horizon', () => {
    const learned = context({ refusedFromMonthsAhead: 4 });
    expect(monthState('2027-02', learned)).toBe('freezable');
    expect(monthState('2027-03', learned)).toBe('beyond-horizon');
    expect(monthState('2028-01', learned)).toBe('beyond-horizon');
  });
});

describe('monthsAhead', () => {
  it('lists the current month and the next twelve with their states', () => {
    const rows = monthsAhead(context({ frozenMonths: new Set(['2026-12']), refusedFromMonthsAhead: 6 }));
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual({ month: '2026-11', monthsAhead: 0, state: 'freezable', confirmed: true });
    expect(rows[1]).toEqual({ month: '2026-12', monthsAhead: 1, state: 'frozen', confirmed: true });
    expect(rows[5]?.state).toBe('freezable');
    expect(rows[6]).toEqual({ month: '2027-05', monthsAhead: 6, state: 'beyond-horizon', confirmed: true });
    expect(rows[12]?.month).toBe('2027-11');
  });

  it('calls a month "can be frozen" only when the service accepted one as far ahead; the rest are not known', () => {
    // Nothing learnt: only this month is known to be accepted (the horizon is not published).
    const unknown = monthsAhead(context({}));
    expect(unknown.map((row) => row.confirmed)).toEqual([true, ...Array(12).fill(false)]);
    // A refusal 6 months ahead says nothing of months 1 to 5: still not known, never green.
    const refused = monthsAhead(context({ refusedFromMonthsAhead: 6 }));
    expect(refused.slice(1, 6).map((row) => [row.state, row.confirmed])).toEqual(
      Array(5).fill(['freezable', false]),
    );
    // A first freeze 3 months ahead confirms months up to 3.
    const accepted = monthsAhead(context({ refusedFromMonthsAhead: 6, acceptedUpToMonthsAhead: 3 }));
    expect(accepted.slice(0, 6).map((row) => row.confirmed)).toEqual([true, true, true, true, false, false]);
  });
});

describe('classifyFreezeRefusal', () => {
  it("decides by the month and the service's words: before or at the current month is past, a horizon only when the words say so", () => {
    expect(classifyFreezeRefusal('2026-10', '2026-11')).toBe('past');
    expect(classifyFreezeRefusal('2025-01', '2026-11')).toBe('past');
    expect(classifyFreezeRefusal('2026-11', '2026-11')).toBe('past');
    // A later month: a horizon is learnt only from a refusal whose words speak of it.
    expect(classifyFreezeRefusal('2026-12', '2026-11', 'beyond the freeze horizon of 3 months')).toBe(
      'beyond-horizon',
    );
    expect(classifyFreezeRefusal('2029-01', '2026-11', 'Too far ahead.')).toBe('beyond-horizon');
    expect(classifyFreezeRefusal('2026-12', '2026-11', 'Freezing is paused for maintenance.')).toBe(
      'refused',
    );
    expect(classifyFreezeRefusal('2029-01', '2026-11')).toBe('refused');
  });
});

import { describe, expect, it } from 'vitest';
import { planSync } from './plan';

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
    const [urgent, soon, far] = plan.tiers;
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
    const [urgent, soon] = plan.tiers;
    expect((urgent?.effectiveMinutes ?? 0) / 15).toBeCloseTo((soon?.effectiveMinutes ?? 0) / 180, 0);
  });

  it('counts a month never walked as one call', () => {
    const plan = planSync('2026-11', { ...settings, horizonMonths: 12 }, () => 0, null);
    expect(plan.budget).toBeNull();
    expect(plan.tiers.every((tier) => tier.callsPerRefresh === tier.months.length)).toBe(true);
  });
});

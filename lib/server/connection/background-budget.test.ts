import { describe, expect, it } from 'vitest';
import { decideBudget, quotaDay } from './background-budget';

const now = new Date('2030-01-01T12:00:00Z');
const reading = (remaining: number, limit = 10_000) => ({
  limit,
  remaining,
  resetAt: new Date('2030-01-02T00:00:00Z'),
  exhaustedUntil: null,
  observedAt: now,
});

describe('decideBudget', () => {
  it('allows a poll within the share of the daily limit', () => {
    expect(
      decideBudget({ quota: reading(9_000), sharePercent: 10, spent: 600, estimate: 300, now }),
    ).toMatchObject({ ok: true, budget: 1_000 });
  });

  it('refuses once the share is spent', () => {
    expect(
      decideBudget({ quota: reading(9_000), sharePercent: 10, spent: 800, estimate: 300, now }),
    ).toMatchObject({
      ok: false,
      reason: 'budget-spent',
    });
  });

  it('backs off when RateLimit-Remaining runs low, whatever the share left', () => {
    expect(
      decideBudget({ quota: reading(600), sharePercent: 10, spent: 0, estimate: 200, now }),
    ).toMatchObject({
      ok: false,
      reason: 'remaining-low',
    });
  });

  it('waits out a 429 and ignores a reading from before the reset', () => {
    const exhausted = { ...reading(0), exhaustedUntil: new Date('2030-01-01T13:00:00Z') };
    expect(decideBudget({ quota: exhausted, sharePercent: 10, spent: 0, estimate: 1, now })).toMatchObject({
      reason: 'quota-exhausted',
    });
    const stale = { ...reading(10), resetAt: new Date('2030-01-01T00:00:00Z') };
    expect(decideBudget({ quota: stale, sharePercent: 10, spent: 0, estimate: 1, now }).ok).toBe(true);
  });

  it('lets the first poll run before the limit is known', () => {
    expect(decideBudget({ quota: null, sharePercent: 10, spent: 0, estimate: 0, now })).toMatchObject({
      ok: true,
      budget: null,
    });
  });
});

describe('quotaDay', () => {
  it('names the service’s quota day by its announced reset, not the UTC date', () => {
    // A service in India resets at 18:30 UTC; two readings seconds apart name the same day.
    const early = { ...reading(5), resetAt: new Date('2030-01-01T18:29:58Z') };
    const late = { ...reading(4), resetAt: new Date('2030-01-01T18:30:03Z') };
    expect(quotaDay(early, now)).toBe('until 2030-01-01T18:30');
    expect(quotaDay(late, now)).toBe(quotaDay(early, now));
    expect(quotaDay(null, now)).toBe('2030-01-01');
    expect(quotaDay({ ...reading(5), resetAt: new Date('2030-01-01T11:00:00Z') }, now)).toBe('2030-01-01');
  });
});

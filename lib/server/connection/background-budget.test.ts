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

/** A decision with a 10 % share of the daily limit. */
const decide = (quota: Parameters<typeof decideBudget>[0]['quota'], spent: number, estimate: number) =>
  decideBudget({ quota, sharePercent: 10, spent, estimate, now });

describe('decideBudget', () => {
  it('allows a poll within the share of the daily limit', () => {
    expect(decide(reading(9_000), 600, 300)).toMatchObject({ ok: true, budget: 1_000 });
  });

  it('refuses once the share is spent', () => {
    expect(decide(reading(9_000), 800, 300)).toMatchObject({ ok: false, reason: 'budget-spent' });
  });

  it('backs off when RateLimit-Remaining runs low, whatever the share left', () => {
    expect(decide(reading(600), 0, 200)).toMatchObject({ ok: false, reason: 'remaining-low' });
  });

  it('waits out a 429 and ignores a reading from before the reset', () => {
    const exhausted = { ...reading(0), exhaustedUntil: new Date('2030-01-01T13:00:00Z') };
    expect(decide(exhausted, 0, 1)).toMatchObject({ reason: 'quota-exhausted' });
    const stale = { ...reading(10), resetAt: new Date('2030-01-01T00:00:00Z') };
    expect(decide(stale, 0, 1).ok).toBe(true);
  });

  it('lets the first poll run before the limit is known', () => {
    expect(decide(null, 0, 0)).toMatchObject({ ok: true, budget: null });
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

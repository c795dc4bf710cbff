import { describe, expect, it } from 'vitest';
import { openableMonths, windowFromParams, windowParamsSchema } from './window';

describe('renewal windows', () => {
  it('prefers the month when both forms are given, as the service does', () => {
    const parsed = windowParamsSchema.parse({ month: '2026-12', from: '2026-01-01', to: '2026-01-31' });
    expect(windowFromParams(parsed)).toEqual({ kind: 'month', month: '2026-12' });
  });

  it('needs both ends of a range, in order, and not longer than a year', () => {
    expect(windowParamsSchema.safeParse({ from: '2026-01-01' }).success).toBe(false);
    expect(windowParamsSchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(windowParamsSchema.safeParse({ from: '2026-01-01', to: '2027-06-01' }).success).toBe(false);
    expect(windowParamsSchema.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(windowFromParams(windowParamsSchema.parse({}))).toBeNull();
  });

  it('looks for open renewals from a year back to two months ahead (opensAt rule)', () => {
    const months = openableMonths(new Date('2026-11-23T10:00:00Z'));
    expect(months[0]).toBe('2025-11');
    expect(months.at(-1)).toBe('2027-01');
    expect(months).toHaveLength(15);
  });
});

import { describe, expect, it } from 'vitest';
import { openableMonths } from './window';

describe('renewal windows', () => {
  it('looks for open renewals from a year back to two months ahead (opensAt rule)', () => {
    const months = openableMonths(new Date('2026-11-23T10:00:00Z'));
    expect(months[0]).toBe('2025-11');
    expect(months.at(-1)).toBe('2027-01');
    expect(months).toHaveLength(15);
  });
});

import { describe, expect, it } from 'vitest';
import { todayWindows } from './windows';

describe('todayWindows', () => {
  it('reads from twelve months back to the last month whose renewals are open (two months ahead)', () => {
    expect(todayWindows('2026-11-10')).toEqual([{ from: '2025-11-01', to: '2027-01-31' }]);
  });

  it('takes the month opening on the first of next month into the same range when that is within the opening-soon days', () => {
    expect(todayWindows('2026-11-23')).toEqual([{ from: '2025-11-01', to: '2027-02-28' }]);
  });
});

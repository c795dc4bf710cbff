import { describe, expect, it } from 'vitest';
import { todayWindows } from './windows';

describe('todayWindows', () => {
  it('reads from twelve months back to the end of next month mid-month', () => {
    expect(todayWindows('2026-11-10')).toEqual([{ from: '2025-11-01', to: '2026-12-31' }]);
  });

  it('adds the month opening on the first of next month when that is within the opening-soon days', () => {
    expect(todayWindows('2026-11-23')).toEqual([
      { from: '2025-11-01', to: '2026-12-31' },
      { from: '2027-02-01', to: '2027-02-28' },
    ]);
  });
});

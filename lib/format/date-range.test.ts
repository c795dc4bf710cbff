import { describe, expect, it } from 'vitest';
import { dateRangeProblem } from './date-range';

describe('why a date range cannot be applied', () => {
  it('says the end is before the start', () => {
    expect(dateRangeProblem('2026-06-30', '2026-06-01')).toBe(
      'The end date is before the start date: choose an end on or after the start.',
    );
  });

  it('names a missing end', () => {
    expect(dateRangeProblem('2026-06-01', '')).toBe('Enter an end date.');
    expect(dateRangeProblem('', '2026-06-01')).toBe('Enter a start date.');
  });

  it('has nothing to say about a range in order, one day long included', () => {
    expect(dateRangeProblem('2026-06-01', '2026-06-30')).toBeNull();
    expect(dateRangeProblem('2026-06-01', '2026-06-01')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatClockTime,
  formatDate,
  formatZonedTimestamp,
  isCalendarDate,
  monthBounds,
} from './dates';

describe('calendar dates', () => {
  it('format without time-zone drift', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDate('2026-12-01', 'en-GB')).toBe('1 Dec 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('step months across years', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
  });

  it('know the last day of each month, leap years included', () => {
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthBounds('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('accept only real dates', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });
});

describe('instants written with their zone', () => {
  const instant = new Date('2026-11-24T05:07:00Z');

  it('name the zone, in the reader’s format', () => {
    expect(formatZonedTimestamp(instant, 'en-GB')).toBe('24 Nov 2026, 05:07 UTC');
    // ICU versions differ in the space before AM (U+202F in some): compared as plain spaces.
    expect(formatZonedTimestamp(instant, 'en-US').replace(/\s/gu, ' ')).toBe('Nov 24, 2026, 05:07 AM UTC');
    expect(formatClockTime(instant, 'en-GB', 'UTC')).toBe('05:07 UTC');
  });

  it('write nothing for an invalid instant rather than "Invalid Date"', () => {
    expect(formatZonedTimestamp(new Date(Number.NaN))).toBe('');
    expect(formatClockTime(new Date(Number.NaN))).toBe('');
  });
});

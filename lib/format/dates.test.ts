import { describe, expect, it } from 'vitest';
import {
  addMonths,
  formatClockTime,
  formatDate,
  formatShortYearMonth,
  formatZonedTimestamp,
  isCalendarDate,
  monthBounds,
  monthsFromTo,
  wholeMonthsUntil,
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

  it('list the months from one to another, both included, from months or dates', () => {
    expect(monthsFromTo('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsFromTo('2026-11-15', '2026-12-01')).toEqual(['2026-11', '2026-12']);
    expect(monthsFromTo('2026-12', '2026-11')).toEqual([]);
  });

  it('count whole calendar months to a later date, none once it has passed', () => {
    expect(wholeMonthsUntil('2026-11-26', '2027-11-25')).toBe(11);
    expect(wholeMonthsUntil('2026-11-26', '2027-11-26')).toBe(12);
    expect(wholeMonthsUntil('2026-11-26', '2020-01-01')).toBe(0);
  });

  it('shorten a month for a chart axis', () => {
    expect(formatShortYearMonth('2026-03', 'en-GB')).toBe('Mar 26');
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

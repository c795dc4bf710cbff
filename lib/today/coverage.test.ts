import { describe, expect, it } from 'vitest';
import { addMonths, monthBounds, monthOf } from '@/lib/format/dates';
import type { RenewalRow } from '@/lib/renewals/rows';
import { allowed, blocked, renewalRow } from '@/lib/renewals/testing';
import { addDays, daysFrom } from '../format/dates';
import { bucketRenewals, OPENING_SOON_DAYS } from './buckets';
import { todayWindows } from './windows';

/**
 * Today leaves no open renewal out, whatever the day: over every day of a year (and a leap day), a
 * renewal open for instruction (opensAt, the first day of the month two months before its due
 * month, has come: spec: Instruction rules) or opening within OPENING_SOON_DAYS, due from today on
 * or still in its grace period, is inside Today's window and in one of its buckets. The windows
 * have no gap between them. Late November once read December and February but not January.
 */
const opensAtOf = (dueDate: string) => monthBounds(addMonths(monthOf(dueDate), -2)).from;

/** Renewals due on the first, the 15th and the last day of each month around `today`. */
function renewalsAround(today: string): RenewalRow[] {
  const rows: RenewalRow[] = [];
  for (let offset = -14; offset <= 6; offset++) {
    const month = addMonths(monthOf(today), offset);
    const { from, to } = monthBounds(month);
    for (const dueDate of [from, `${month}-15`, to]) {
      const opensAt = opensAtOf(dueDate);
      const index = rows.length;
      rows.push(
        renewalRow({
          eventId: `e-${index}`,
          patentId: `p-${index}`,
          dueDate,
          gracePeriodEndDate: addMonths(monthOf(dueDate), 6) + dueDate.slice(7, 10).replace(/-3[01]$/, '-28'),
          instructability: opensAt > today ? blocked('TOO_EARLY', opensAt) : { ...allowed(), opensAt },
        }),
      );
    }
  }
  return rows;
}

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

describe('Today over a year of clock positions', () => {
  const days = [...everyDay('2026-01-01', '2026-12-31'), '2028-02-29'];

  it.each(days)('on %s every open or soon-opening renewal is in the window and in a bucket', (today) => {
    const windows = todayWindows(today);
    const sorted = [...windows].sort((a, b) => a.from.localeCompare(b.from));
    for (let at = 1; at < sorted.length; at++) {
      expect(sorted[at]?.from).toBe(addDays(sorted[at - 1]?.to as string, 1));
    }
    const rows = renewalsAround(today);
    const inWindow = rows.filter((row) => windows.some((w) => row.dueDate >= w.from && row.dueDate <= w.to));
    const bucketed = new Set(
      bucketRenewals(inWindow, today).flatMap((bucket) => bucket.items.map((item) => item.row.eventId)),
    );
    const mustShow = rows.filter((row) => {
      const opensAt = opensAtOf(row.dueDate);
      const openOrSoon = daysFrom(today, opensAt) <= OPENING_SOON_DAYS;
      const stillPayable = row.dueDate >= today || (row.gracePeriodEndDate ?? '') >= today;
      return openOrSoon && stillPayable;
    });
    const missing = mustShow.filter((row) => !bucketed.has(row.eventId)).map((row) => row.dueDate);
    expect(missing).toEqual([]);
  });
});

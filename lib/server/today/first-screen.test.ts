import { describe, expect, it } from 'vitest';
import { blocked, renewalRow } from '../../renewals/testing';
import { bucketRenewals } from '../../today/buckets';
import type { TodayData } from '../../today/data';
import { FIRST_ROWS } from '../../today/first-screen';
import { firstScreenOfToday, hasMoreThanFirstScreen, restOfToday } from './first-screen';

const TODAY = '2026-11-23';
// 25 renewals due this month, every fifth not open yet; 3 due next month.
const rows = [
  ...Array.from({ length: 25 }, (_, n) =>
    renewalRow({
      eventId: `this-${n}`,
      patentId: `p-this-${n}`,
      dueDate: `2026-11-${String(24 + (n % 6)).padStart(2, '0')}`,
      ...(n % 5 === 0 ? { instructability: blocked('EARLIER_EVENT_PENDING') } : {}),
    }),
  ),
  ...Array.from({ length: 3 }, (_, n) =>
    renewalRow({ eventId: `next-${n}`, patentId: `p-next-${n}`, dueDate: '2026-12-10' }),
  ),
];

function today(): TodayData {
  const buckets = bucketRenewals(rows, TODAY).map((bucket) => ({
    ...bucket,
    href: `/renewals#${bucket.id}`,
  }));
  return {
    role: 'paralegal',
    today: TODAY,
    renewals: {
      ok: true,
      data: {
        today: TODAY,
        windows: [],
        buckets,
        renewalsRead: rows.length,
        openOutside: 0,
        upstreamCalls: 1,
        fetchedAt: '',
      },
    },
    finance: null,
    manager: null,
    admin: null,
    changes: null,
  };
}

const bucketOf = (data: TodayData, id: string) =>
  data.renewals?.ok ? data.renewals.data.buckets.find((bucket) => bucket.id === id) : undefined;

describe('Today’s first screen', () => {
  it('sends the first items of a bucket with the whole bucket’s figures and where the rest is', () => {
    const whole = today();
    expect(hasMoreThanFirstScreen(whole)).toBe(true);
    const first = firstScreenOfToday(whole, null, 'kept-id');
    const due = bucketOf(first, 'due-this-month');
    const all = bucketOf(whole, 'due-this-month');
    expect(due?.items).toEqual(all?.items.slice(0, FIRST_ROWS));
    expect(due?.count).toBe(25);
    expect(due?.totals).toEqual(all?.totals);
    expect(due?.listed).toEqual({ items: 25, decidable: 20 });
    expect(first.renewals?.ok && first.renewals.data.rest).toBe('kept-id');
    // A bucket that fits is sent whole, without `listed`.
    expect(bucketOf(first, 'due-next-month')?.items).toHaveLength(3);
    expect(bucketOf(first, 'due-next-month')?.listed).toBeUndefined();
  });

  it('sends the bucket a link asked for whole', () => {
    const first = firstScreenOfToday(today(), 'due-this-month', 'kept-id');
    expect(bucketOf(first, 'due-this-month')?.items).toHaveLength(25);
  });

  it('keeps every item of every bucket with its links for "show all"', () => {
    const rest = restOfToday(today());
    expect(rest['due-this-month']?.items).toHaveLength(25);
    for (const item of rest['due-this-month']?.items ?? []) {
      expect(rest['due-this-month']?.links[item.row.eventId]?.renewal).toMatch(/^\/renewals\?/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/format/dates';
import { allowed, blocked, renewalRow } from '@/lib/renewals/testing';
import { bucketRenewals } from './buckets';
import { bucketLinkCount, todayFocus, todayLink } from './links';

const TODAY = '2026-11-23';

function bucketOf(rows: Parameters<typeof bucketRenewals>[0], id: string) {
  const found = bucketRenewals(rows, TODAY).find((bucket) => bucket.id === id);
  if (!found) throw new Error(id);
  return found;
}

describe('todayLink', () => {
  it('links a bucket spread over months to the month view range of its due dates and badges', () => {
    const rows = [
      renewalRow({ eventId: 'a', patentId: 'pa', dueDate: '2026-05-28', gracePeriodEndDate: '2026-11-28' }),
      renewalRow({
        eventId: 'b',
        patentId: 'pb',
        dueDate: '2026-06-10',
        gracePeriodEndDate: '2026-12-10',
        instructability: blocked('EARLIER_EVENT_PENDING'),
      }),
    ];
    const href = todayLink({ kind: 'bucket', bucket: bucketOf(rows, 'lapsing-soon'), today: TODAY });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/renewals');
    expect(url.searchParams.get('from')).toBe('2026-05-28');
    expect(url.searchParams.get('to')).toBe('2026-06-10');
    expect(url.searchParams.getAll('badge').sort()).toEqual(['allowed', 'earlier-pending']);
  });

  it('says how many of a bucket spanning years its month-view link lists: the latest year of them', () => {
    const lapsed = (id: string, dueDate: string) =>
      renewalRow({
        eventId: id,
        patentId: `p-${id}`,
        dueDate,
        gracePeriodEndDate: addDays(dueDate, 180),
        duePeriod: 'LAPSED',
        instructability: allowed(['SKIP_THIS_TIME', 'DROP']),
      });
    const bucket = bucketOf(
      [lapsed('a', '2018-02-01'), lapsed('b', '2024-03-01'), lapsed('c', '2024-09-30')],
      'lapsed-blocking',
    );
    expect(bucket.count).toBe(3);
    expect(bucketLinkCount(bucket)).toBe(2);
    const url = new URL(todayLink({ kind: 'bucket', bucket, today: TODAY }), 'http://x');
    expect(url.searchParams.get('from')).toBe('2023-09-30');
    expect(url.searchParams.get('to')).toBe('2024-09-30');
    // Within a year, the link lists the whole bucket.
    expect(
      bucketLinkCount(bucketOf([lapsed('b', '2024-03-01'), lapsed('c', '2024-09-30')], 'lapsed-blocking')),
    ).toBe(2);
  });

  it('links a bucket within one month to its due dates only, undecided, not the whole month', () => {
    const rows = [
      renewalRow({ eventId: 'a', patentId: 'pa', dueDate: '2026-11-25' }),
      renewalRow({ eventId: 'b', patentId: 'pb', dueDate: '2026-11-30' }),
    ];
    const url = new URL(
      todayLink({ kind: 'bucket', bucket: bucketOf(rows, 'due-this-month'), today: TODAY }),
      'http://x',
    );
    expect(url.searchParams.get('month')).toBeNull();
    expect(url.searchParams.get('from')).toBe('2026-11-25');
    expect(url.searchParams.get('to')).toBe('2026-11-30');
    expect(url.searchParams.getAll('badge')).toEqual(['allowed']);
    expect(url.searchParams.getAll('decision')).toEqual(['NONE']);
  });

  it('links an empty bucket to its month', () => {
    const url = new URL(
      todayLink({ kind: 'bucket', bucket: bucketOf([], 'due-next-month'), today: TODAY }),
      'http://x',
    );
    expect(url.searchParams.get('month')).toBe('2026-12');
  });

  it('links a renewal to its due day and office in the month view', () => {
    const url = new URL(todayLink({ kind: 'renewal', dueDate: '2026-11-30', office: 'EP' }), 'http://x');
    expect(url.searchParams.get('from')).toBe('2026-11-30');
    expect(url.searchParams.get('to')).toBe('2026-11-30');
    expect(url.searchParams.getAll('offices')).toEqual(['EP']);
  });

  it('builds the other addresses', () => {
    expect(todayLink({ kind: 'patent', patentId: 'p 1' })).toBe('/portfolio/p%201');
    expect(todayLink({ kind: 'invoices', status: ['disputed'] })).toBe('/invoices?status=disputed');
    expect(todayLink({ kind: 'invoices' })).toBe('/invoices');
    expect(todayLink({ kind: 'rate-freeze', month: '2027-01' })).toBe('/rate-freezes/2027-01');
    expect(todayLink({ kind: 'admin', page: 'connection' })).toBe('/admin/connection');
  });

  it('opens a bucket on Today: the parameter Today focuses and the card it scrolls to', () => {
    const href = todayLink({ kind: 'today-bucket', bucket: 'lapsing-soon' });
    expect(href).toBe('/?bucket=lapsing-soon#bucket-lapsing-soon');
    const url = new URL(href, 'http://x');
    expect(todayFocus(Object.fromEntries(url.searchParams))).toBe('lapsing-soon');
    expect(todayLink({ kind: 'outbox-unknown' })).toBe('/admin/outbox?status=unknown');
  });
});

describe('todayFocus', () => {
  it('accepts only a bucket Today has, and the first of repeated values', () => {
    expect(todayFocus({ bucket: 'in-grace' })).toBe('in-grace');
    expect(todayFocus({ bucket: ['due-next-month', 'lapsed'] })).toBe('due-next-month');
    expect(todayFocus({ bucket: 'everything' })).toBeNull();
    expect(todayFocus({})).toBeNull();
  });
});

import { addMonths, monthOf } from '@/lib/format/dates';
import type { ReconciliationStatus } from '@/lib/invoices/reconciliation';
import { patentHref } from '@/lib/portfolio/links';
import type { BadgeKind } from '@/lib/renewals/instructability';
import { serializeRenewalsParams } from '@/lib/renewals/url-state-address';
import { NONE } from '@/lib/renewals/view-model';
import { MAX_RANGE_DAYS } from '@/lib/renewals/window';
import { addDays, daysFrom } from '../format/dates';
import { bucketAnchor } from './anchor';
import { isTodayBucketId, type TodayBucket, type TodayBucketId } from './buckets';

/**
 * Every address Today links to, built in this one function: each item links to where it is acted
 * on, each bucket to a month view (or list) filtered to the same items. The month
 * view's own URL serializer builds its addresses, so a renamed parameter cannot leave Today's
 * links behind.
 */
export type TodayLinkTarget =
  /** A bucket: the month view over its items' due dates, showing only their badges. */
  | { kind: 'bucket'; bucket: Pick<TodayBucket, 'id' | 'items'>; today: string }
  /** One renewal: the month view on its due day (and office), where its decision is taken. */
  | { kind: 'renewal'; dueDate: string; office: string | null }
  | { kind: 'patent'; patentId: string }
  /** One renewal on its patent's page (the row is the anchor `event-<id>`). */
  | { kind: 'patent-event'; patentId: string; eventId: string }
  | { kind: 'month'; month: string; badge?: readonly BadgeKind[] }
  | { kind: 'draft' }
  | { kind: 'batch'; batchId: string }
  | { kind: 'invoice'; invoiceId: string }
  | { kind: 'invoices'; status?: readonly ReconciliationStatus[]; to?: string }
  | { kind: 'tracking'; month: string }
  /** `client`: the client whose month it is, when the user works for several (a freeze is one client's). */
  | { kind: 'rate-freeze'; month: string; client?: string }
  | { kind: 'rate-freezes' }
  | { kind: 'admin'; page: 'connection' | 'users' | 'audit' }
  /** The outbox, only the messages whose delivery is unknown. */
  | { kind: 'outbox-unknown' }
  /** Today itself with one bucket focused (the digest's "open all" links). */
  | { kind: 'today-bucket'; bucket: TodayBucketId };

/** The buckets cut by the grace period's end rather than the due date. */
const GRACE_BUCKETS: ReadonlySet<TodayBucketId> = new Set([
  'lapsing-soon',
  'in-grace',
  'lapsed',
  'lapsed-blocking',
]);

/** Today's one URL parameter: the bucket a link asked to open. */
const TODAY_BUCKET_PARAM = 'bucket';

/** The bucket Today's address focuses, if it names one (anything else is ignored). */
export function todayFocus(params: Record<string, string | string[] | undefined>): TodayBucketId | null {
  const raw = params[TODAY_BUCKET_PARAM];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && isTodayBucketId(value) ? value : null;
}

/** The first due date a bucket's month-view link takes: the range is MAX_RANGE_DAYS at most. */
function linkFrom(first: string, last: string): string {
  return daysFrom(first, last) > MAX_RANGE_DAYS ? addDays(last, -MAX_RANGE_DAYS) : first;
}

/**
 * How many of a bucket's renewals its month-view link lists: all of them, unless they span more
 * than the month view's range, when only the latest are (a bucket of renewals lapsed years ago).
 */
export function bucketLinkCount(bucket: Pick<TodayBucket, 'items'>): number {
  const dues = bucket.items.map((item) => item.row.dueDate).sort();
  const first = dues[0];
  const last = dues[dues.length - 1];
  if (first === undefined || last === undefined) return 0;
  const from = linkFrom(first, last);
  return dues.filter((due) => due >= from).length;
}

export function todayLink(target: TodayLinkTarget): string {
  switch (target.kind) {
    case 'bucket': {
      const { bucket, today } = target;
      const badge = [...new Set(bucket.items.map((item) => item.badge))].sort();
      const dues = bucket.items.map((item) => item.row.dueDate).sort();
      const first = dues[0];
      const last = dues[dues.length - 1];
      if (first === undefined || last === undefined) {
        const ahead = bucket.id === 'due-next-month' ? 1 : bucket.id === 'due-later' ? 2 : 0;
        const month = addMonths(monthOf(today), ahead);
        return serializeRenewalsParams('/renewals', { month });
      }
      // Exactly the bucket's renewals, so the month view lists as many as the bucket counts: its
      // items' due dates (a whole month would add that month's renewals of other buckets), the
      // badges they show, and only renewals without a decision (needsDecision). A range the month
      // view accepts (at most MAX_RANGE_DAYS): the latest due dates are kept (bucketLinkCount).
      const from = linkFrom(first, last);
      // Grace buckets are cut by the grace period's end, which differs by office among renewals
      // due on one day: the link names the same ends, so it lists what the bucket counts.
      const graceEnds = GRACE_BUCKETS.has(bucket.id)
        ? bucket.items
            .flatMap((item) => (item.row.gracePeriodEndDate ? [item.row.gracePeriodEndDate] : []))
            .sort()
        : [];
      return serializeRenewalsParams('/renewals', {
        from,
        to: last,
        badge,
        decision: [NONE],
        graceFrom: graceEnds[0] ?? null,
        graceTo: graceEnds[graceEnds.length - 1] ?? null,
      });
    }
    case 'renewal':
      return serializeRenewalsParams('/renewals', {
        from: target.dueDate,
        to: target.dueDate,
        offices: target.office ? [target.office] : null,
      });
    case 'patent':
      return patentHref(target.patentId);
    case 'patent-event':
      return patentHref(target.patentId, target.eventId);
    case 'month':
      return serializeRenewalsParams('/renewals', {
        month: target.month,
        badge: target.badge ? [...target.badge] : null,
      });
    case 'draft':
      return '/renewals/review';
    case 'batch':
      return `/renewals/batches/${encodeURIComponent(target.batchId)}`;
    case 'invoice':
      return `/invoices/${encodeURIComponent(target.invoiceId)}`;
    case 'invoices': {
      // The invoice list's own parameter names (lib/invoices/url-state.ts): repeated status, to.
      const params = new URLSearchParams();
      for (const status of target.status ?? []) params.append('status', status);
      if (target.to) params.set('to', target.to);
      const query = params.toString();
      return query ? `/invoices?${query}` : '/invoices';
    }
    case 'tracking':
      return `/tracking?month=${encodeURIComponent(target.month)}`;
    case 'rate-freeze':
      return `/rate-freezes/${encodeURIComponent(target.month)}${target.client ? `?client=${encodeURIComponent(target.client)}` : ''}`;
    case 'rate-freezes':
      return '/rate-freezes';
    case 'admin':
      return target.page === 'users' ? '/admin' : `/admin/${target.page}`;
    case 'outbox-unknown':
      return '/admin/outbox?status=unknown';
    case 'today-bucket':
      // The query focuses the bucket (todayFocus); the fragment scrolls to it without script.
      return `/?${TODAY_BUCKET_PARAM}=${encodeURIComponent(target.bucket)}#${bucketAnchor(target.bucket)}`;
    default:
      return '/';
  }
}

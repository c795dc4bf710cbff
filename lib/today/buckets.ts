import { DECISIONS, type Decision } from '@/lib/annuity/enums';
import { type CurrencyTotal, sumByCurrency } from '@/lib/annuity/money';
import { addMonths, compareIso, daysFrom, monthBounds, monthOf } from '@/lib/format/dates';
import { type BadgeKind, badgeKind } from '@/lib/renewals/instructability';
import type { RenewalRow } from '@/lib/renewals/rows';
import { OPEN_LOOKBACK_MONTHS } from '@/lib/renewals/window';
import type { KeepLine } from '@/lib/signals/keep-line';
import { type GraceSurcharge, graceSurcharge } from './cost-of-waiting';

/**
 * Today's paralegal buckets: the renewals that still need a decision, grouped by the deadline that
 * matters and ordered by it, most urgent first. Pure and browser-safe; `today` is a
 * calendar date and every comparison is between calendar dates (spec: Conventions).
 *
 * Which bucket a renewal is in follows its dates; whether it can be decided now follows only
 * the service's instructability (spec: Other state sets: "never inferred from duePeriod").
 */
const TODAY_BUCKET_IDS = [
  'lapsing-soon',
  'in-grace',
  'due-this-month',
  'due-next-month',
  'due-later',
  'opening-soon',
  'lapsed',
  'lapsed-blocking',
] as const;
export type TodayBucketId = (typeof TODAY_BUCKET_IDS)[number];

export function isTodayBucketId(value: string): value is TodayBucketId {
  return (TODAY_BUCKET_IDS as readonly string[]).includes(value);
}

/** A grace period ending within this many days (today included) is "lapsing soon". */
export const LAPSING_SOON_DAYS = 30;
/** A renewal whose instruction window opens within this many days is "opening soon". */
export const OPENING_SOON_DAYS = 14;

export const TODAY_BUCKET_TEXT: Record<TodayBucketId, { title: string; description: string }> = {
  'lapsing-soon': {
    title: 'Lapsing soon',
    description: `Grace period ends within ${LAPSING_SOON_DAYS} days: decide now or the right is lost.`,
  },
  'in-grace': {
    title: 'In grace period',
    description: 'Past the due date: paying now costs the grace-period surcharge.',
  },
  'due-this-month': { title: 'Due this month', description: 'Due date this month, not yet passed.' },
  'due-next-month': { title: 'Due next month', description: 'Due date next month.' },
  'due-later': {
    title: 'Due later, open now',
    description: 'Due after next month and already open for instruction: it can be decided now.',
  },
  'opening-soon': {
    title: 'Opening soon',
    description: `Can be decided from a date within ${OPENING_SOON_DAYS} days; not yet.`,
  },
  lapsed: {
    title: 'Lapsed, still undecided',
    description: 'The grace period is over: the office no longer accepts payment. Record a skip or a drop.',
  },
  'lapsed-blocking': {
    title: 'Lapsed more than a year ago, still undecided',
    description:
      "Blocks this patent's next renewal until skipped or dropped. The office no longer accepts payment; the service keeps it open until a skip or a drop is recorded.",
  },
};

/**
 * The first day Today's due-date window looks back to (./windows.ts): the first day of the month
 * OPEN_LOOKBACK_MONTHS before today's, which covers a 12-month grace period. A lapsed renewal due
 * before it is still open at the service until someone skips or drops it, and until then it
 * blocks every later renewal of its patent (spec: Instruction rules, EARLIER_EVENT_PENDING; PROCEED
 * is not offered on a LAPSED event): it is read beside the window (lib/server/sync/open-events.ts)
 * and has a bucket of its own, 'lapsed-blocking'.
 */
export function lookBackFrom(today: string): string {
  return monthBounds(addMonths(monthOf(today), -OPEN_LOOKBACK_MONTHS)).from;
}

/** The renewal that must be decided first (spec: Instruction rules, EARLIER_EVENT_PENDING). */
interface EarlierRenewal {
  patentId: string;
  /** Null when the earlier renewal is older than the window Today reads. */
  eventId: string | null;
  dueDate: string | null;
  annuityYear: number | null;
  /** Its own bucket on Today, when it is in one. */
  bucket: TodayBucketId | null;
}

export interface TodayItem {
  row: RenewalRow;
  bucket: TodayBucketId;
  badge: BadgeKind;
  /** The date that matters in this bucket: grace end, due date, or the day it opens. */
  deadline: string;
  /** Whole days from today to `deadline`; 0 on the day itself, negative once passed. */
  daysLeft: number;
  /** The GRACE_PERIOD fee component in its currency, when the estimate carries one. */
  surcharge: GraceSurcharge | null;
  /** Decisions the service offers now (empty when blocked). */
  decisions: Decision[];
  earlier: EarlierRenewal | null;
  /** The keep score and its signals line, set where the server computed them (Today's listed rows). */
  keep?: KeepLine;
  /** "Under review by Ann until 2027-01-15" while an open review hold names the renewal. */
  underReview?: string;
}

export interface TodayBucket {
  id: TodayBucketId;
  /** Every renewal of the bucket (items may hold only the first of them, see limitItems). */
  count: number;
  items: TodayItem[];
  /** Estimated totals per currency, never added across currencies. */
  totals: CurrencyTotal[];
  /** GRACE_PERIOD surcharges per currency (grace buckets only carry any). */
  surcharges: CurrencyTotal[];
  /** Items without an estimate (left out of the totals, not counted as zero). */
  withoutEstimate: number;
  /** Items that can take a decision now. */
  decidable: number;
  /** Every decision at least one item offers now, in the service's order. */
  decisions: Decision[];
}

/** A renewal still waiting for a decision: none applied and the service not reporting one sent. */
export function needsDecision(row: Pick<RenewalRow, 'appliedDecision' | 'instructability'>): boolean {
  return row.appliedDecision === null && badgeKind(row.instructability) !== 'already-instructed';
}

function offered(row: RenewalRow): Decision[] {
  const allowed = row.instructability?.isAllowed ? row.instructability.allowedDecisions : [];
  return DECISIONS.filter((decision) => allowed.includes(decision));
}

function placeOf(
  row: RenewalRow,
  badge: BadgeKind,
  today: string,
  lookBack: string,
): { bucket: TodayBucketId; deadline: string } | null {
  if (badge === 'too-early') {
    const opensAt = row.instructability?.opensAt ?? null;
    if (opensAt === null || daysFrom(today, opensAt) > OPENING_SOON_DAYS) return null;
    return { bucket: 'opening-soon', deadline: opensAt };
  }
  if (row.dueDate >= today) {
    const month = monthOf(today);
    if (monthOf(row.dueDate) === month) return { bucket: 'due-this-month', deadline: row.dueDate };
    if (monthOf(row.dueDate) === nextMonthOf(month))
      return { bucket: 'due-next-month', deadline: row.dueDate };
    // Open (not reported too early) and due after next month: the renewals due two months ahead
    // open on the first of this month (spec: Instruction rules, opensAt), so none is left out.
    return { bucket: 'due-later', deadline: row.dueDate };
  }
  const grace = row.gracePeriodEndDate;
  if (grace !== null && grace >= today) {
    return {
      bucket: daysFrom(today, grace) <= LAPSING_SOON_DAYS ? 'lapsing-soon' : 'in-grace',
      deadline: grace,
    };
  }
  // Lapsed and due before the window Today looks back over: still open at the service (it offers
  // a skip or a drop) and blocking the patent's later renewals (spec: Instruction rules).
  return { bucket: row.dueDate < lookBack ? 'lapsed-blocking' : 'lapsed', deadline: grace ?? row.dueDate };
}

/** Two calendar dates or ids, compared as the strings they are (YYYY-MM-DD sorts by date). */
function byDeadline(a: TodayItem, b: TodayItem): number {
  return (
    compareIso(a.deadline, b.deadline) ||
    compareIso(a.row.dueDate, b.row.dueDate) ||
    (a.row.caseReference ?? a.row.providerId ?? '').localeCompare(
      b.row.caseReference ?? b.row.providerId ?? '',
    ) ||
    compareIso(a.row.eventId, b.row.eventId)
  );
}

/** `addMonths(month, 1)`, once per month asked (every renewal of Today asks for the same one). */
const nextMonths = new Map<string, string>();
function nextMonthOf(month: string): string {
  let next = nextMonths.get(month);
  if (next === undefined) {
    next = addMonths(month, 1);
    nextMonths.set(month, next);
  }
  return next;
}

/**
 * Every renewal that needs a decision, in its bucket, each bucket ordered by deadline. All
 * buckets are returned, in TODAY_BUCKET_IDS order, empty ones included.
 */
export function bucketRenewals(rows: readonly RenewalRow[], today: string): readonly TodayBucket[] {
  // The same rows on the same day give the same buckets: a server answering Today again from
  // unchanged rows (the same array, lib/server/today/renewals.ts) keeps them instead of sorting
  // some 30,000 renewals again. The buckets are read, never changed, by their callers.
  const kept = keptBuckets.get(rows);
  if (kept?.today === today) return kept.buckets;
  const buckets = sortIntoBuckets(rows, today);
  keptBuckets.set(rows, { today, buckets });
  return buckets;
}

const keptBuckets = new WeakMap<readonly RenewalRow[], { today: string; buckets: readonly TodayBucket[] }>();

function sortIntoBuckets(rows: readonly RenewalRow[], today: string): readonly TodayBucket[] {
  const waiting = rows.filter(needsDecision);
  // The chronologically earliest undecided renewal of each patent is the one that can be decided.
  const earliestByPatent = new Map<string, RenewalRow>();
  for (const row of waiting) {
    const known = earliestByPatent.get(row.patentId);
    if (!known || row.dueDate < known.dueDate) earliestByPatent.set(row.patentId, row);
  }

  const items: TodayItem[] = [];
  const lookBack = lookBackFrom(today);
  for (const row of waiting) {
    const badge = badgeKind(row.instructability);
    const place = placeOf(row, badge, today, lookBack);
    if (!place) continue;
    items.push({
      row,
      bucket: place.bucket,
      badge,
      deadline: place.deadline,
      daysLeft: daysFrom(today, place.deadline),
      surcharge: graceSurcharge(row.fees),
      decisions: offered(row),
      earlier: null,
    });
  }
  const bucketOf = new Map(items.map((item) => [item.row.eventId, item.bucket]));
  for (const item of items) {
    if (item.badge !== 'earlier-pending') continue;
    const first = earliestByPatent.get(item.row.patentId);
    const known = first && first.eventId !== item.row.eventId && first.dueDate < item.row.dueDate;
    item.earlier = known
      ? {
          patentId: first.patentId,
          eventId: first.eventId,
          dueDate: first.dueDate,
          annuityYear: first.annuityYear,
          bucket: bucketOf.get(first.eventId) ?? null,
        }
      : { patentId: item.row.patentId, eventId: null, dueDate: null, annuityYear: null, bucket: null };
  }

  // Grouped in one pass, then each bucket sorted on its own (Today holds some 30,000 renewals).
  const grouped = new Map<TodayBucketId, TodayItem[]>(TODAY_BUCKET_IDS.map((id) => [id, []]));
  for (const item of items) grouped.get(item.bucket)?.push(item);
  return TODAY_BUCKET_IDS.map((id) => {
    const inBucket = (grouped.get(id) ?? []).sort(byDeadline);
    const decisions = new Set(inBucket.flatMap((item) => item.decisions));
    const estimated = inBucket.flatMap((item) =>
      item.row.fees ? [{ amount: item.row.fees.total, currency: item.row.fees.currency }] : [],
    );
    return {
      id,
      count: inBucket.length,
      items: inBucket,
      totals: sumByCurrency(estimated),
      surcharges: sumByCurrency(inBucket.flatMap((item) => (item.surcharge ? [item.surcharge] : []))),
      withoutEstimate: inBucket.length - estimated.length,
      decidable: inBucket.filter((item) => item.decisions.length > 0).length,
      decisions: DECISIONS.filter((decision) => decisions.has(decision)),
    };
  });
}

/**
 * Renewals a page or an answer carries per bucket: the most urgent, in order. Counts and totals
 * stay those of the whole bucket; the rest is one link away in the month view. Keeps Today's
 * payload small on a large portfolio.
 */
const ITEMS_PER_BUCKET = 200;

export function limitItems<Bucket extends TodayBucket>(bucket: Bucket, max = ITEMS_PER_BUCKET): Bucket {
  return bucket.items.length <= max ? bucket : { ...bucket, items: bucket.items.slice(0, max) };
}

/** The first item of the first non-empty bucket that can be decided now: what to do first. */
export function mostUrgent(buckets: readonly TodayBucket[]): TodayItem | null {
  for (const bucket of buckets) {
    const item = bucket.items.find((candidate) => candidate.decisions.length > 0);
    if (item) return item;
  }
  return null;
}

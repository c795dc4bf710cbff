import { describe, expect, it } from 'vitest';
import { allowed, blocked, JPY_FEES_WITH_GRACE, renewalRow } from '@/lib/renewals/testing';
import { addDays } from '../format/dates';
import {
  bucketRenewals,
  LAPSING_SOON_DAYS,
  limitItems,
  mostUrgent,
  OPENING_SOON_DAYS,
  TODAY_BUCKET_TEXT,
  type TodayBucketId,
} from './buckets';

const TODAY = '2026-11-23';

function bucket(rows: Parameters<typeof bucketRenewals>[0], id: TodayBucketId, today = TODAY) {
  const found = bucketRenewals(rows, today).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no bucket ${id}`);
  return found;
}

const eur = (total: string, grace?: string) => ({
  currency: 'EUR',
  total,
  components: [
    { type: 'OFFICE', amount: grace ? String(Number(total) - Number(grace)) : total },
    ...(grace ? [{ type: 'GRACE_PERIOD', amount: grace }] : []),
  ],
  feesStatus: 'ESTIMATED',
  isFxRateFrozen: false,
  invoiceId: null,
});

const inGrace = (id: string, graceEnd: string, extra = {}) =>
  renewalRow({
    eventId: id,
    patentId: `p-${id}`,
    caseReference: `C-${id}`,
    dueDate: '2026-06-01',
    gracePeriodEndDate: graceEnd,
    duePeriod: 'GRACE_PERIOD',
    fees: eur('150.00', '50.00'),
    ...extra,
  });

describe('bucketRenewals', () => {
  it('returns every bucket in urgency order, empty ones included', () => {
    expect(bucketRenewals([], TODAY).map((b) => b.id)).toEqual([
      'lapsing-soon',
      'in-grace',
      'due-this-month',
      'due-next-month',
      'due-later',
      'opening-soon',
      'lapsed',
      'lapsed-blocking',
    ]);
  });

  it('answers the next day with the days left counted anew, though the rows are the same', () => {
    const rows = [inGrace('a', addDays(TODAY, 3))];
    expect(bucket(rows, 'lapsing-soon').items[0]?.daysLeft).toBe(3);
    expect(bucket(rows, 'lapsing-soon', addDays(TODAY, 1)).items[0]?.daysLeft).toBe(2);
    // Rows read again (a new array) with the renewal decided meanwhile: it leaves the bucket.
    const decided = [inGrace('a', addDays(TODAY, 3), { appliedDecision: 'PAY' })];
    expect(bucket(decided, 'lapsing-soon').items).toHaveLength(0);
  });

  it('puts a grace period ending today in lapsing soon with 0 days left, not in lapsed', () => {
    const lapsing = bucket([inGrace('a', TODAY)], 'lapsing-soon');
    expect(lapsing.items).toHaveLength(1);
    expect(lapsing.items[0]?.daysLeft).toBe(0);
    expect(lapsing.items[0]?.deadline).toBe(TODAY);
    expect(bucket([inGrace('a', TODAY)], 'lapsed').items).toHaveLength(0);
  });

  it('moves a grace period that ended yesterday to lapsed', () => {
    const row = inGrace('a', addDays(TODAY, -1), { instructability: allowed(['SKIP_THIS_TIME', 'DROP']) });
    const lapsed = bucket([row], 'lapsed');
    expect(lapsed.items.map((item) => item.row.eventId)).toEqual(['a']);
    expect(lapsed.decisions).toEqual(['SKIP_THIS_TIME', 'DROP']);
  });

  it('puts a lapsed renewal due before the twelve-month look-back in a bucket of its own, blocking its patent', () => {
    // TODAY is 2026-11-23: Today's window looks back to 2025-11-01 (./windows.ts).
    const lapsedOpen = { duePeriod: 'LAPSED', instructability: allowed(['SKIP_THIS_TIME', 'DROP']) };
    const old = renewalRow({
      eventId: 'old',
      patentId: 'p',
      annuityYear: 5,
      dueDate: '2025-10-31',
      gracePeriodEndDate: '2026-04-30',
      ...lapsedOpen,
    });
    const ancient = renewalRow({
      eventId: 'ancient',
      patentId: 'q',
      dueDate: '2019-03-15',
      gracePeriodEndDate: '2019-09-15',
      ...lapsedOpen,
    });
    const recent = renewalRow({
      eventId: 'recent',
      patentId: 'r',
      dueDate: '2025-11-01',
      gracePeriodEndDate: '2026-05-01',
      ...lapsedOpen,
    });
    // The next renewal of the first patent, refused until the old one is skipped or dropped.
    const next = renewalRow({
      eventId: 'next',
      patentId: 'p',
      dueDate: '2026-10-31',
      gracePeriodEndDate: '2027-04-30',
      duePeriod: 'GRACE_PERIOD',
      instructability: blocked('EARLIER_EVENT_PENDING'),
    });
    const rows = [next, recent, old, ancient];
    const blocking = bucket(rows, 'lapsed-blocking');
    expect(blocking.items.map((item) => item.row.eventId)).toEqual(['ancient', 'old']);
    expect(blocking.count).toBe(2);
    expect(blocking.decisions).toEqual(['SKIP_THIS_TIME', 'DROP']);
    expect(blocking.decidable).toBe(2);
    expect(bucket(rows, 'lapsed').items.map((item) => item.row.eventId)).toEqual(['recent']);
    // The blocked renewal names it, and where it is on Today.
    expect(bucket(rows, 'in-grace').items[0]?.earlier).toEqual({
      patentId: 'p',
      eventId: 'old',
      dueDate: '2025-10-31',
      annuityYear: 5,
      bucket: 'lapsed-blocking',
    });
    expect(TODAY_BUCKET_TEXT['lapsed-blocking'].description).toContain(
      "Blocks this patent's next renewal until skipped or dropped",
    );
  });

  it('counts a capped lapsed-blocking bucket whole', () => {
    const rows = Array.from({ length: 5 }, (_, at) =>
      renewalRow({
        eventId: `e${at}`,
        patentId: `p${at}`,
        dueDate: `201${at}-06-01`,
        gracePeriodEndDate: `201${at}-12-01`,
        duePeriod: 'LAPSED',
        instructability: allowed(['SKIP_THIS_TIME', 'DROP']),
      }),
    );
    const capped = limitItems(bucket(rows, 'lapsed-blocking'), 2);
    expect(capped.count).toBe(5);
    expect(capped.decidable).toBe(5);
    expect(capped.items.map((item) => item.row.eventId)).toEqual(['e0', 'e1']);
  });

  it('splits grace at LAPSING_SOON_DAYS, inclusive', () => {
    const rows = [
      inGrace('edge', addDays(TODAY, LAPSING_SOON_DAYS)),
      inGrace('later', addDays(TODAY, LAPSING_SOON_DAYS + 1)),
    ];
    expect(bucket(rows, 'lapsing-soon').items.map((i) => i.row.eventId)).toEqual(['edge']);
    expect(bucket(rows, 'in-grace').items.map((i) => i.row.eventId)).toEqual(['later']);
  });

  it('orders by the deadline that matters, then due date', () => {
    const rows = [
      inGrace('c', addDays(TODAY, 9)),
      inGrace('a', addDays(TODAY, 2)),
      inGrace('b', addDays(TODAY, 2), { dueDate: '2026-05-30' }),
    ];
    expect(bucket(rows, 'lapsing-soon').items.map((i) => i.row.eventId)).toEqual(['b', 'a', 'c']);
  });

  it('shows the GRACE_PERIOD surcharge in its currency and sums it per currency', () => {
    const jpy = JPY_FEES_WITH_GRACE;
    const rows = [
      inGrace('a', addDays(TODAY, 3)),
      inGrace('j1', addDays(TODAY, 4), { fees: jpy }),
      inGrace('j2', addDays(TODAY, 5), {
        fees: { ...jpy, total: '15001', components: [{ type: 'OFFICE', amount: '15001' }] },
      }),
    ];
    const lapsing = bucket(rows, 'lapsing-soon');
    expect(lapsing.items[0]?.surcharge).toEqual({ amount: '50.00', currency: 'EUR' });
    expect(lapsing.items[2]?.surcharge).toBeNull();
    expect(lapsing.totals).toEqual([
      { currency: 'EUR', total: '150.00', count: 1, missing: 0 },
      { currency: 'JPY', total: '45001', count: 2, missing: 0 },
    ]);
    expect(lapsing.surcharges).toEqual([
      { currency: 'EUR', total: '50.00', count: 1, missing: 0 },
      { currency: 'JPY', total: '10000', count: 1, missing: 0 },
    ]);
  });

  it('counts items without an estimate apart, never as zero', () => {
    const lapsing = bucket([inGrace('a', TODAY, { fees: null })], 'lapsing-soon');
    expect(lapsing.totals).toEqual([]);
    expect(lapsing.withoutEstimate).toBe(1);
  });

  it('puts a renewal due today in due this month, not in grace', () => {
    const row = renewalRow({ dueDate: TODAY, gracePeriodEndDate: '2027-05-23' });
    expect(bucket([row], 'due-this-month').items.map((i) => i.deadline)).toEqual([TODAY]);
    expect(bucket([row], 'in-grace').items).toHaveLength(0);
  });

  it('splits this month and next month by calendar month, across a year end', () => {
    const today = '2026-12-31';
    const rows = [
      renewalRow({ eventId: 'dec', patentId: 'p1', dueDate: '2026-12-31' }),
      renewalRow({ eventId: 'jan', patentId: 'p2', dueDate: '2027-01-31' }),
      renewalRow({ eventId: 'feb', patentId: 'p3', dueDate: '2027-02-01' }),
    ];
    const buckets = bucketRenewals(rows, today);
    const ids = (id: TodayBucketId) => buckets.find((b) => b.id === id)?.items.map((i) => i.row.eventId);
    expect(ids('due-this-month')).toEqual(['dec']);
    expect(ids('due-next-month')).toEqual(['jan']);
    // Open since 1 December (opensAt: two months before the due month): due later, open now.
    expect(ids('due-later')).toEqual(['feb']);
  });

  it('lists a renewal opening today (still reported too early) as opening soon with 0 days', () => {
    const row = renewalRow({ dueDate: '2027-01-15', instructability: blocked('TOO_EARLY', TODAY) });
    const soon = bucket([row], 'opening-soon');
    expect(soon.items[0]?.daysLeft).toBe(0);
    expect(soon.items[0]?.decisions).toEqual([]);
    expect(soon.decidable).toBe(0);
  });

  it('keeps opening soon to OPENING_SOON_DAYS', () => {
    const rows = [
      renewalRow({
        eventId: 'in',
        patentId: 'p1',
        dueDate: '2027-02-10',
        instructability: blocked('TOO_EARLY', addDays(TODAY, OPENING_SOON_DAYS)),
      }),
      renewalRow({
        eventId: 'out',
        patentId: 'p2',
        dueDate: '2027-02-10',
        instructability: blocked('TOO_EARLY', addDays(TODAY, OPENING_SOON_DAYS + 1)),
      }),
    ];
    expect(bucket(rows, 'opening-soon').items.map((i) => i.row.eventId)).toEqual(['in']);
  });

  it('leaves out renewals already decided or instructed', () => {
    const rows = [
      inGrace('done', TODAY, { appliedDecision: 'PROCEED' }),
      inGrace('sent', TODAY, { instructability: blocked('ALREADY_INSTRUCTED') }),
    ];
    expect(bucketRenewals(rows, TODAY).every((b) => b.items.length === 0)).toBe(true);
  });

  it('names the earlier renewal of the same patent that blocks a renewal', () => {
    const earlier = inGrace('old', addDays(TODAY, 5), { patentId: 'p', annuityYear: 4 });
    const later = renewalRow({
      eventId: 'new',
      patentId: 'p',
      dueDate: '2026-11-30',
      instructability: blocked('EARLIER_EVENT_PENDING'),
    });
    const due = bucket([later, earlier], 'due-this-month');
    expect(due.items[0]?.earlier).toEqual({
      patentId: 'p',
      eventId: 'old',
      dueDate: '2026-06-01',
      annuityYear: 4,
      bucket: 'lapsing-soon',
    });
    expect(due.decidable).toBe(0);
  });

  it('still names the patent when the earlier renewal is outside the window read', () => {
    const later = renewalRow({
      eventId: 'new',
      patentId: 'p',
      dueDate: '2026-11-30',
      instructability: blocked('EARLIER_EVENT_PENDING'),
    });
    expect(bucket([later], 'due-this-month').items[0]?.earlier).toEqual({
      patentId: 'p',
      eventId: null,
      dueDate: null,
      annuityYear: null,
      bucket: null,
    });
  });

  it('reports the decisions the bucket offers, in the service order, from instructability only', () => {
    const rows = [
      inGrace('a', TODAY, { instructability: allowed(['DROP', 'SKIP_THIS_TIME']) }),
      inGrace('b', TODAY, { instructability: allowed(['PROCEED']), duePeriod: 'LAPSED' }),
    ];
    const lapsing = bucket(rows, 'lapsing-soon');
    expect(lapsing.decisions).toEqual(['PROCEED', 'SKIP_THIS_TIME', 'DROP']);
    expect(lapsing.decidable).toBe(2);
  });
});

describe('mostUrgent', () => {
  it('is the first decidable item of the first bucket', () => {
    const blockedFirst = inGrace('x', TODAY, { instructability: blocked('EARLIER_EVENT_PENDING') });
    const open = inGrace('y', addDays(TODAY, 1));
    expect(mostUrgent(bucketRenewals([blockedFirst, open], TODAY))?.row.eventId).toBe('y');
    expect(mostUrgent(bucketRenewals([], TODAY))).toBeNull();
  });
});

describe('limitItems', () => {
  it('keeps the most urgent items and the whole bucket counts and totals', () => {
    const rows = Array.from({ length: 5 }, (_, at) =>
      inGrace(`e${at}`, addDays(TODAY, at), { patentId: `p${at}` }),
    );
    const full = bucket(rows, 'lapsing-soon');
    const limited = limitItems(full, 2);
    expect(limited.count).toBe(5);
    expect(limited.items.map((item) => item.row.eventId)).toEqual(['e0', 'e1']);
    expect(limited.totals).toEqual(full.totals);
    expect(limitItems(full, 10)).toBe(full);
  });
});

import { describe, expect, it } from 'vitest';
import type { RenewalRow } from './rows';
import { blocked, renewalRow } from './testing';
import {
  applyLocalFilters,
  countByBadge,
  groupByOffice,
  NONE,
  SORTABLE_COLUMNS,
  SortRanks,
  sortRows,
  totalsByCurrency,
} from './view-model';

const rows = [
  renewalRow({ eventId: 'a', office: 'EP', caseReference: 'C-10', dueDate: '2026-12-20' }),
  renewalRow({
    eventId: 'b',
    office: 'US',
    caseReference: 'C-2',
    dueDate: '2026-12-01',
    instructability: blocked('TOO_EARLY', '2027-01-01'),
    fees: {
      currency: 'USD',
      total: '1500.50',
      components: [],
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
      invoiceId: null,
    },
  }),
  renewalRow({
    eventId: 'c',
    office: 'JP',
    caseReference: null,
    providerId: 'P-9',
    dueDate: '2026-12-05',
    appliedDecision: 'PROCEED',
    processingStatus: 'INSTRUCTED',
    instructability: blocked('ALREADY_INSTRUCTED'),
    fees: {
      currency: 'JPY',
      total: '12000',
      components: [],
      feesStatus: 'INVOICED',
      isFxRateFrozen: true,
      invoiceId: 'i',
    },
  }),
  renewalRow({ eventId: 'd', office: 'EP', caseReference: 'C-1', dueDate: '2026-12-10', fees: null }),
  renewalRow({ eventId: 'e', office: null, caseReference: 'C-3', instructability: blocked('SOMETHING_NEW') }),
  renewalRow({ eventId: 'f', office: 'EP', caseReference: 'C-4', instructability: null }),
];
const ids = (list: { eventId: string }[]) => list.map((row) => row.eventId);

describe('local filters', () => {
  it('keep every row when no filter is set', () => {
    expect(ids(applyLocalFilters(rows, { badges: [], decisions: [], processing: [] }))).toEqual(ids(rows));
  });

  it('filter on the badge as the service reported it, with unknown reasons as "blocked-other"', () => {
    expect(ids(applyLocalFilters(rows, { badges: ['too-early'], decisions: [], processing: [] }))).toEqual([
      'b',
    ]);
    expect(
      ids(
        applyLocalFilters(rows, { badges: ['blocked-other', 'not-reported'], decisions: [], processing: [] }),
      ),
    ).toEqual(['e', 'f']);
  });

  it('match "no decision" and combine filters with AND', () => {
    expect(ids(applyLocalFilters(rows, { badges: [], decisions: [NONE], processing: [] }))).not.toContain(
      'c',
    );
    expect(
      ids(applyLocalFilters(rows, { badges: ['allowed'], decisions: ['PROCEED'], processing: [] })),
    ).toEqual([]);
    expect(
      ids(applyLocalFilters(rows, { badges: [], decisions: ['PROCEED'], processing: ['INSTRUCTED'] })),
    ).toEqual(['c']);
  });
});

describe('counts and totals', () => {
  it('count each row under exactly one badge', () => {
    const counts = countByBadge(rows);
    expect(counts).toEqual({
      allowed: 2,
      'too-early': 1,
      'earlier-pending': 0,
      'already-instructed': 1,
      'blocked-other': 1,
      'not-reported': 1,
    });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(rows.length);
  });

  it('total per currency, never across currencies, with JPY in whole yen', () => {
    expect(totalsByCurrency(rows)).toEqual([
      { currency: 'EUR', total: '300.00', count: 3, missing: 0 },
      { currency: 'JPY', total: '12000', count: 1, missing: 0 },
      { currency: 'USD', total: '1500.50', count: 1, missing: 0 },
    ]);
  });

  it('adds decimal strings exactly (no float drift)', () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      renewalRow({
        eventId: String(i),
        fees: {
          currency: 'EUR',
          total: '0.10',
          components: [],
          feesStatus: 'ESTIMATED',
          isFxRateFrozen: false,
          invoiceId: null,
        },
      }),
    );
    expect(totalsByCurrency(many)).toEqual([{ currency: 'EUR', total: '1.00', count: 10, missing: 0 }]);
  });
});

describe('sorting', () => {
  it('defaults to due date order', () => {
    expect(ids(sortRows(rows.slice(0, 4), null))).toEqual(['b', 'c', 'd', 'a']);
  });

  it('sorts case references naturally and keeps missing values last in both directions', () => {
    // C-1 < C-2 < C-10 (natural order); a row without case reference sorts by its provider ID.
    expect(ids(sortRows(rows, { id: 'caseReference', desc: false }))).toEqual(['d', 'b', 'e', 'f', 'a', 'c']);
    const desc = ids(sortRows(rows, { id: 'office', desc: true }));
    expect(desc.at(-1)).toBe('e');
    expect(ids(sortRows(rows, { id: 'office', desc: false })).at(-1)).toBe('e');
  });

  it('sorts fees by currency, then by amount as decimals', () => {
    const fees = (total: string) => ({
      currency: 'EUR',
      total,
      components: [],
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
      invoiceId: null,
    });
    const list = [
      renewalRow({ eventId: 'x', fees: fees('100.00') }),
      renewalRow({ eventId: 'y', fees: fees('9.99') }),
      renewalRow({ eventId: 'z', fees: fees('1000.00') }),
    ];
    expect(ids(sortRows(list, { id: 'fees', desc: false }))).toEqual(['y', 'x', 'z']);
    expect(ids(sortRows(list, { id: 'fees', desc: true }))).toEqual(['z', 'x', 'y']);
  });
});

describe('sorting with ranks kept for the month', () => {
  const money = (currency: string, total: string | null) => ({
    currency,
    total,
    components: [],
    feesStatus: 'ESTIMATED',
    isFxRateFrozen: false,
    invoiceId: null,
  });
  // Values that tie for the collator (case), natural numbers, missing values, decimal amounts.
  const month = [
    ...rows,
    renewalRow({
      eventId: 'g',
      caseReference: 'c-2',
      office: 'ep',
      dueDate: '2026-11-30',
      fees: money('EUR', '99.5'),
    }),
    renewalRow({
      eventId: 'h',
      caseReference: 'C-100',
      office: null,
      dueDate: '2026-12-02',
      fees: money('EUR', null),
    }),
    renewalRow({
      eventId: 'i',
      caseReference: 'C-2',
      title: null,
      dueDate: '2026-12-03',
      fees: money('USD', '0.10'),
    }),
    renewalRow({ eventId: 'j', annuityYear: null, dueDate: '2026-12-04', fees: money('EUR', '1000') }),
  ];

  it('orders every column in both directions exactly as a sort without them', () => {
    const ranks = new SortRanks(month);
    for (const id of SORTABLE_COLUMNS) {
      for (const desc of [false, true]) {
        expect(ids(sortRows(month, { id, desc }, ranks)), `${id} ${desc ? 'desc' : 'asc'}`).toEqual(
          ids(sortRows(month, { id, desc })),
        );
      }
    }
  });

  it('sorts a filtered subset with the ranks of the whole month, and ranks a column once', () => {
    const ranks = new SortRanks(month);
    const subset = month.filter((_, index) => index % 2 === 0);
    expect(ids(sortRows(subset, { id: 'caseReference', desc: true }, ranks))).toEqual(
      ids(sortRows(subset, { id: 'caseReference', desc: true })),
    );
    const first = ranks.of('caseReference');
    sortRows(subset, { id: 'caseReference', desc: false }, ranks);
    expect(ranks.of('caseReference')).toBe(first);
    // Rows equal for the collator ("C-2", "c-2") share a rank: their order falls to the due date.
    const rankOf = (id: string) => first.get(month.find((row) => row.eventId === id) as RenewalRow);
    expect(rankOf('g')).toBeDefined();
    expect(rankOf('g')).toBe(rankOf('i'));
  });

  it('orders the whole month once per sort and keeps a filtered subset’s rows from that order', () => {
    const ranks = new SortRanks(month);
    const sort = { id: 'office', desc: true } as const;
    const whole = ranks.order(sort);
    expect(ranks.order(sort)).toBe(whole);
    expect(ids(sortRows(month, sort, ranks))).toEqual(ids([...whole]));
    const subset = month.filter((_, index) => index % 3 !== 1);
    expect(ids(sortRows(subset, sort, ranks))).toEqual(ids(sortRows(subset, sort)));
    expect(ids(sortRows(subset, null, ranks))).toEqual(ids(sortRows(subset, null)));
  });

  it('prepares an order in short steps for idle time, the same order a click would get', () => {
    const many = Array.from({ length: 600 }, (_, index) =>
      renewalRow({
        eventId: `e${index}`,
        caseReference: `C-${(index * 7919) % 600}`,
        dueDate: `2026-12-${String((index % 28) + 1).padStart(2, '0')}`,
      }),
    );
    const sort = { id: 'caseReference', desc: true } as const;
    const idle = new SortRanks(many);
    const steps = idle.prepare(sort);
    let count = 0;
    while (!steps.next().done) count += 1;
    // 600 distinct references and 600 rows take thousands of comparisons: many steps, not one.
    expect(count).toBeGreaterThan(10);
    expect(ids([...idle.order(sort)])).toEqual(ids(sortRows(many, sort)));
    // A click in the middle of the steps orders at once; the steps then leave its order alone.
    const clicked = new SortRanks(many);
    const halfway = clicked.prepare(sort);
    for (let step = 0; step < count / 2; step++) halfway.next();
    const order = clicked.order(sort);
    while (!halfway.next().done);
    expect(clicked.order(sort)).toBe(order);
    expect(ids([...order])).toEqual(ids(sortRows(many, sort)));
  });

  it('still sorts rows the ranks were not built from (a refetch racing a sort)', () => {
    const ranks = new SortRanks(month.slice(0, 3));
    expect(ids(sortRows(month, { id: 'fees', desc: false }, ranks))).toEqual(
      ids(sortRows(month, { id: 'fees', desc: false })),
    );
  });
});

describe('grouping by office', () => {
  it('groups in office order with unknown office last and totals per group', () => {
    const groups = groupByOffice(rows);
    expect(groups.map((group) => group.office)).toEqual(['EP', 'JP', 'US', null]);
    expect(groups[0]?.rows.map((row) => row.eventId)).toEqual(['a', 'd', 'f']);
    expect(groups[0]?.totals).toEqual([{ currency: 'EUR', total: '200.00', count: 2, missing: 0 }]);
  });
});

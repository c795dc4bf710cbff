import { describe, expect, it } from 'vitest';
import { blocked, renewalRow } from './testing';
import { applyLocalFilters, countByBadge, sortRows, totalsByCurrency } from './view-model';
import type { RenewalWindowData } from './window-data';
import { windowHead } from './window-head';

const offices = ['US', 'EP', 'JP'];
const rows = Array.from({ length: 90 }, (_, n) =>
  renewalRow({
    eventId: `e${n}`,
    caseReference: `C-${90 - n}`,
    office: offices[n % 3] ?? null,
    dueDate: `2026-12-${String((n % 28) + 1).padStart(2, '0')}`,
    instructability: n % 4 === 0 ? blocked('TOO_EARLY', '2027-01-01') : undefined,
    fees: {
      currency: n % 5 === 0 ? 'JPY' : 'EUR',
      total: n % 5 === 0 ? '1000' : '10.50',
      components: [],
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
      invoiceId: null,
    },
  }),
);
const data: RenewalWindowData = {
  window: { kind: 'month', month: '2026-12' },
  filters: { offices: [], owners: [], family: [] },
  rows,
  skippedOtherKinds: 0,
  fetchedAt: '2026-11-24T00:00:00.000Z',
  upstreamCalls: 1,
  upstreamRequestIds: [],
  snapshot: { refreshedAt: null, unknownPatents: 0 },
};
const view = { badge: [], decision: [], processing: [], sort: null, group: null };

describe('the month page’s first screen', () => {
  it('holds the first rows in the order the address asks, and figures of the whole window', () => {
    const head = windowHead(data, { ...view, badge: ['too-early'], sort: 'caseReference' }, 'id-1', 10);
    const filtered = applyLocalFilters(rows, { badges: ['too-early'], decisions: [], processing: [] });
    expect(head.rows.map((row) => row.eventId)).toEqual(
      sortRows(filtered, { id: 'caseReference', desc: false })
        .slice(0, 10)
        .map((row) => row.eventId),
    );
    expect(head.head).toMatchObject({
      handoff: 'id-1',
      total: 90,
      shown: filtered.length,
      counts: countByBadge(rows),
      totals: totalsByCurrency(filtered),
      groups: null,
    });
  });

  it('grouped by office, starts with the first office’s rows and carries every office’s figures', () => {
    const head = windowHead(data, { ...view, group: 'office' }, 'id-2', 10);
    expect(new Set(head.rows.map((row) => row.office))).toEqual(new Set(['EP']));
    expect(head.head?.groups?.map((group) => [group.office, group.count])).toEqual([
      ['EP', 30],
      ['JP', 30],
      ['US', 30],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { analyticsExportRows } from './export-columns';
import {
  feeKind,
  type SpendLine,
  spendBy,
  spendTotals,
  surchargeCause,
  surchargeOf,
  surchargeTotals,
  varianceBy,
} from './spend';
import { spendDataOf } from './testing';

const line = (over: Partial<SpendLine>): SpendLine => ({
  month: '2026-03',
  office: 'EP',
  currency: 'EUR',
  total: '0.00',
  components: [],
  ...over,
});

/** A line's fee components, by type, in the order written. */
const fees = (amounts: Record<string, string>) =>
  Object.entries(amounts).map(([type, amount]) => ({ type, amount }));

describe('spend by month, office and fee component', () => {
  const lines: SpendLine[] = [
    line({ total: '150.10', components: fees({ OFFICE: '100.00', AGENT: '30.05', SERVICE: '20.05' }) }),
    line({
      office: 'US',
      total: '260.00',
      // VAT_ADJUSTMENT is a kind the spec does not name yet (open enum): counted, as "other".
      components: fees({ OFFICE: '200.00', GRACE_PERIOD: '50.00', VAT_ADJUSTMENT: '10.00' }),
    }),
    line({ currency: 'JPY', office: 'JP', total: '12001', components: fees({ OFFICE: '12001' }) }),
    line({ month: '2026-04', total: null, components: fees({ SERVICE: '20.00' }) }),
  ];

  it('keeps every currency apart and writes JPY with no decimals', () => {
    const totals = spendTotals(lines);
    expect(totals.map((row) => [row.currency, row.total, row.lines, row.missingTotals])).toEqual([
      ['EUR', '410.10', 3, 1],
      ['JPY', '12001', 1, 0],
    ]);
    const jpy = totals.find((row) => row.currency === 'JPY');
    expect(jpy?.byKind).toEqual({ OFFICE: '12001', AGENT: '0', SERVICE: '0', GRACE_PERIOD: '0', other: '0' });
  });

  it('splits components by kind and puts unknown kinds under "other"', () => {
    const [eur] = spendTotals(lines);
    expect(eur?.byKind).toEqual({
      OFFICE: '300.00',
      AGENT: '30.05',
      SERVICE: '40.05',
      GRACE_PERIOD: '50.00',
      other: '10.00',
    });
    expect(feeKind('SOMETHING_NEW')).toBe('other');
    expect(feeKind('GRACE_PERIOD')).toBe('GRACE_PERIOD');
  });

  it('groups by month (then currency) and by office, unknown office last', () => {
    const byMonth = spendBy(lines, ['month']);
    expect(byMonth.map((row) => [row.month, row.office, row.currency, row.total])).toEqual([
      ['2026-03', null, 'EUR', '410.10'],
      ['2026-03', null, 'JPY', '12001'],
      ['2026-04', null, 'EUR', '0.00'],
    ]);
    const byOffice = spendBy([...lines, line({ office: null, total: '1.00' })], ['office']);
    expect(byOffice.map((row) => [row.office, row.currency, row.total])).toEqual([
      ['EP', 'EUR', '150.10'],
      ['JP', 'JPY', '12001'],
      ['US', 'EUR', '260.00'],
      [null, 'EUR', '1.00'],
    ]);
  });
});

describe('surcharges and what caused them', () => {
  it('names the cause from the decision day against the due date and grace end', () => {
    expect(surchargeCause('2026-02-10', '2026-01-31', '2026-07-31')).toBe('decided-in-grace');
    expect(surchargeCause('2026-01-31', '2026-01-31', '2026-07-31')).toBe('decided-before-due');
    expect(surchargeCause('2026-08-01', '2026-01-31', '2026-07-31')).toBe('decided-after-grace');
    expect(surchargeCause(null, '2026-01-31', '2026-07-31')).toBe('unknown');
    expect(surchargeCause('2026-02-10', null, null)).toBe('unknown');
  });

  it('takes only GRACE_PERIOD components, in the line currency', () => {
    expect(surchargeOf(fees({ OFFICE: '5' }), 'JPY')).toBeNull();
    expect(surchargeOf(fees({ GRACE_PERIOD: '500', OFFICE: '5' }), 'JPY')).toBe('500');
  });

  it('totals per currency and cause, never across currencies', () => {
    const totals = surchargeTotals([
      { currency: 'EUR', cause: 'decided-in-grace', amount: '50.00' },
      { currency: 'EUR', cause: 'decided-in-grace', amount: '25.50' },
      { currency: 'JPY', cause: 'decided-in-grace', amount: '7000' },
      { currency: 'EUR', cause: 'unknown', amount: '1.00' },
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', cause: 'decided-in-grace', amount: '75.50', lines: 2 },
      { currency: 'EUR', cause: 'unknown', amount: '1.00', lines: 1 },
      { currency: 'JPY', cause: 'decided-in-grace', amount: '7000', lines: 1 },
    ]);
  });
});

describe('FX variance against recorded estimates', () => {
  it('sums per month and currency, keeps frozen rates apart, signs the difference', () => {
    const rows = varianceBy([
      { month: '2026-03', currency: 'EUR', invoiced: '110.00', estimated: '100.00', frozen: false },
      { month: '2026-03', currency: 'EUR', invoiced: '95.00', estimated: '100.00', frozen: false },
      { month: '2026-03', currency: 'EUR', invoiced: '100.00', estimated: '100.00', frozen: true },
      { month: '2026-03', currency: 'JPY', invoiced: '10500', estimated: '10000', frozen: false },
      { month: null, currency: 'USD', invoiced: '1.00', estimated: '0.00', frozen: false },
    ]);
    expect(rows.map((r) => [r.month, r.currency, r.frozen, r.difference, r.percent, r.lines])).toEqual([
      ['2026-03', 'EUR', false, '5.00', '2.50', 2],
      ['2026-03', 'EUR', true, '0.00', '0.00', 1],
      ['2026-03', 'JPY', false, '500', '5.00', 1],
      [null, 'USD', false, '1.00', null, 1],
    ]);
  });
});

describe('CSV rows', () => {
  it('write amounts as decimals with their currency digits and name the unknown', () => {
    const data = spendDataOf(
      [line({ currency: 'JPY', total: '12001', month: null })],
      '2026-03-01T00:00:00.000Z',
    );
    const [header, row] = analyticsExportRows(data, 'month');
    expect(header?.[0]).toBe('Month');
    expect(header).toContain('Grace surcharges');
    expect(header).toContain('Other');
    expect(row?.[0]).toBe('No issue date');
    expect(row?.[1]).toBe('JPY');
    expect(row?.at(-2)).toEqual({ decimal: '12001', digits: 0 });
  });
});

import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { budgetMonths, compareBudget, spreadEvenly, VARIANCE_PARTS } from './budget';
import { budgetSchema } from './budget.schema';

const sum = (values: readonly (string | null)[]) =>
  values.reduce((acc, value) => (value === null ? acc : acc.plus(value)), new Big(0)).toFixed();

describe('spreading a year evenly', () => {
  it('gives the remainder cent by cent to the earliest months and keeps the total exact', () => {
    const months = spreadEvenly('1000.00', 'EUR');
    expect(months.slice(0, 4)).toEqual(['83.34', '83.34', '83.34', '83.34']);
    expect(months.slice(4)).toEqual(Array(8).fill('83.33'));
    expect(sum(months)).toBe('1000');
  });

  it('spreads JPY in whole yen, never in fractions', () => {
    const months = spreadEvenly('100', 'JPY');
    expect(months).toEqual(['9', '9', '9', '9', '8', '8', '8', '8', '8', '8', '8', '8']);
    expect(months.every((month) => !month.includes('.'))).toBe(true);
  });

  it('spreads an amount smaller than 12 minor units without inventing money', () => {
    const months = spreadEvenly('0.05', 'EUR');
    expect(months.filter((month) => month === '0.01')).toHaveLength(5);
    expect(sum(months)).toBe('0.05');
  });

  it('keeps the manager’s phasing when given', () => {
    const phased = ['100', ...Array(11).fill('0')];
    expect(budgetMonths({ amount: '100', currency: 'EUR', months: phased })[0]).toBe('100.00');
  });
});

describe('budget against forecast against actual', () => {
  const base = {
    year: 2026,
    currency: 'EUR',
    currentMonth: '2026-06',
    budget: { amount: '12000.00', currency: 'EUR', months: null },
    forecast: [
      { month: '2026-06', currency: 'EUR', total: '500.00' },
      { month: '2026-07', currency: 'EUR', total: '1200.00' },
      { month: '2026-07', currency: 'JPY', total: '999999' },
      { month: '2027-01', currency: 'EUR', total: '7777.00' },
    ],
    droppedOrSkipped: [{ month: '2026-08', currency: 'EUR', total: '300.00' }],
    actual: [
      { month: '2026-02', currency: 'EUR', total: '1100.00', byKind: { GRACE_PERIOD: '50.00' } },
      { month: '2026-06', currency: 'EUR', total: '400.00', byKind: { GRACE_PERIOD: '0.00' } },
      { month: '2026-02', currency: 'USD', total: '5000.00', byKind: { GRACE_PERIOD: '900.00' } },
    ],
    variance: [
      { month: '2026-02', currency: 'EUR', frozen: false, difference: '30.00' },
      { month: '2026-02', currency: 'EUR', frozen: true, difference: '5.00' },
      { month: '2026-02', currency: 'USD', frozen: false, difference: '700.00' },
    ],
  };

  it('shows actual for past months, forecast for future ones and both for the current month', () => {
    const comparison = compareBudget(base);
    const row = (month: string) => comparison.rows.find((r) => r.month === month);
    expect(row('2026-02')).toMatchObject({
      phase: 'past',
      actual: '1100.00',
      forecast: null,
      outturn: '1100.00',
    });
    expect(row('2026-06')).toMatchObject({
      phase: 'current',
      actual: '400.00',
      forecast: '500.00',
      outturn: '900.00',
    });
    expect(row('2026-07')).toMatchObject({ phase: 'future', actual: null, forecast: '1200.00' });
    expect(row('2026-07')?.budget).toBe('1000.00');
  });

  it('never adds another currency and leaves other years out of the totals', () => {
    const { totals } = compareBudget(base);
    expect(totals).toMatchObject({
      budget: '12000.00',
      forecast: '1700.00',
      actual: '1500.00',
      outturn: '3200.00',
      difference: '-8800.00',
      droppedOrSkipped: '300.00',
    });
  });

  it('explains the variance as FX, surcharges, dropped patents and the rest, adding up to the total', () => {
    const { variance } = compareBudget(base);
    expect(variance).toEqual({
      total: '-8800.00',
      fx: '30.00',
      surcharges: '50.00',
      droppedPatents: '-300.00',
      feeScheduleOther: '-8580.00',
    });
    if (!variance) throw new Error('expected a variance');
    // The parts as the page and the export list them add up to the total.
    expect(sum(VARIANCE_PARTS.map((part) => variance[part.key]))).toBe(new Big(variance.total).toFixed());
  });

  it('works in JPY with whole yen and a phased budget', () => {
    const months = [
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1000',
      '1001',
    ];
    const comparison = compareBudget({
      ...base,
      currency: 'JPY',
      budget: { amount: '12001', currency: 'JPY', months },
      actual: [{ month: '2026-01', currency: 'JPY', total: '1500', byKind: { GRACE_PERIOD: '200' } }],
      variance: [{ month: '2026-01', currency: 'JPY', frozen: false, difference: '-120' }],
    });
    expect(comparison.rows[11]?.budget).toBe('1001');
    expect(comparison.totals).toMatchObject({ budget: '12001', forecast: '999999', actual: '1500' });
    expect(comparison.variance).toMatchObject({
      total: '989498',
      fx: '-120',
      surcharges: '200',
      droppedPatents: '0',
    });
    const v = comparison.variance;
    if (!v) throw new Error('expected a variance');
    expect(sum([v.fx, v.surcharges, v.droppedPatents, v.feeScheduleOther])).toBe(v.total);
  });

  it('has no variance to explain without a budget, and no actual where it is not known', () => {
    const comparison = compareBudget({ ...base, budget: null, actual: null, variance: null });
    expect(comparison.variance).toBeNull();
    expect(comparison.actualAvailable).toBe(false);
    expect(comparison.rows.every((row) => row.actual === null && row.difference === null)).toBe(true);
  });
});

describe('the budget form schema', () => {
  const valid = { year: 2027, currency: 'EUR', amount: '120000.00' };
  const fieldOf = (input: unknown) => {
    const parsed = budgetSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('accepts a year budget and normalises codes', () => {
    const parsed = budgetSchema.parse({ ...valid, currency: 'eur', office: 'ep' });
    expect(parsed).toMatchObject({ currency: 'EUR', office: 'EP', family: '', year: 2027 });
  });

  it('names the field at fault', () => {
    expect(fieldOf({ ...valid, currency: 'EURO' })).toEqual(['currency']);
    expect(fieldOf({ ...valid, currency: 'JPY', amount: '1000.5' })).toEqual(['amount']);
    expect(fieldOf({ ...valid, amount: '0' })).toEqual(['amount']);
    expect(fieldOf({ ...valid, year: 1999 })).toEqual(['year']);
    expect(fieldOf({ ...valid, office: 'EPO' })).toEqual(['office']);
    expect(fieldOf({ ...valid, months: Array(12).fill('1000.00') })).toEqual(['months']);
    expect(fieldOf({ ...valid, months: Array(11).fill('1000.00') })).toEqual(['months']);
  });

  it('accepts months that add up to the year', () => {
    expect(fieldOf({ ...valid, months: Array(12).fill('10000.00') })).toBeNull();
  });
});

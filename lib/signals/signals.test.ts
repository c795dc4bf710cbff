import { describe, expect, it } from 'vitest';
import type { ForecastEvent } from '../forecast/data';
import {
  decisionWord,
  familySignal,
  isKept,
  lastDecisions,
  type MemberFacts,
  remainingCost,
  termLeft,
  termLeftLabel,
} from './signals';

const TODAY = '2026-11-26';

function member(id: string, office: string, facts: Partial<MemberFacts> = {}): MemberFacts {
  return {
    id,
    office,
    status: 'GRANTED',
    lapseDate: null,
    expirationDate: '2034-05-01',
    extendedExpirationDate: null,
    ...facts,
  };
}

function event(dueDate: string, total: string | null, facts: Partial<ForecastEvent> = {}): ForecastEvent {
  return {
    eventId: `e-${dueDate}`,
    patentId: 'p1',
    dueDate,
    month: dueDate.slice(0, 7),
    annuityYear: 8,
    office: 'EP',
    owner: null,
    family: 'F1',
    caseReference: 'C1',
    currency: total === null ? null : 'EUR',
    total,
    components: [],
    appliedDecision: null,
    isFxRateFrozen: false,
    feesStatus: 'ESTIMATED',
    ...facts,
  };
}

describe('term left', () => {
  it('counts whole months to the extended expiry when there is one', () => {
    expect(termLeft({ expirationDate: '2030-01-10', extendedExpirationDate: '2032-03-30' }, TODAY)).toEqual({
      expiry: '2032-03-30',
      extended: true,
      months: 64,
    });
  });

  it('reads as years and months, or expired', () => {
    expect(termLeftLabel({ expiry: 'x', extended: false, months: 87 })).toBe('7 years 3 months');
    expect(termLeftLabel({ expiry: 'x', extended: false, months: 12 })).toBe('1 year');
    expect(termLeftLabel({ expiry: 'x', extended: false, months: 0 })).toBe('expired');
  });

  it('is unknown without an expiration date', () => {
    expect(termLeft({ expirationDate: null, extendedExpirationDate: null }, TODAY)).toBeNull();
  });
});

describe('the family', () => {
  it('counts a member dropped, lapsed or expired as no longer kept, and lists its offices', () => {
    const members = [
      member('a', 'EP'),
      member('b', 'DE', { status: 'LAPSED' }),
      member('c', 'US'),
      member('d', 'JP', { expirationDate: '2025-01-01' }),
      member('e', 'FR', { lapseDate: '2026-01-01' }),
    ];
    const family = familySignal('F1', members, new Set(['c']), TODAY);
    expect(family).toMatchObject({ reference: 'F1', members: 5, kept: 1 });
    expect(family?.offices.map((office) => `${office.office}:${office.kept}`)).toEqual([
      'DE:false',
      'EP:true',
      'FR:false',
      'JP:false',
      'US:false',
    ]);
    expect(familySignal(null, members, new Set(), TODAY)).toBeNull();
  });

  it('keeps a patent whose lapse date is still to come', () => {
    expect(isKept(member('a', 'EP', { lapseDate: '2027-01-01' }), new Set(), TODAY)).toBe(true);
  });

  it('shows the latest decisions first, three at most, and names unknown decisions as sent', () => {
    const decisions = ['2024-01-01', '2026-03-01', '2025-06-01', '2023-01-01'].map((dueDate) => ({
      patentId: 'a',
      office: 'EP',
      caseReference: null,
      annuityYear: 5,
      dueDate,
      decision: 'PROCEED',
    }));
    expect(lastDecisions(decisions).map((decision) => decision.dueDate)).toEqual([
      '2026-03-01',
      '2025-06-01',
      '2024-01-01',
    ]);
    expect(decisionWord('DROP')).toBe('dropped');
    expect(decisionWord('HOLD_FOR_LATER')).toBe('hold for later');
  });
});

describe('cost to keep', () => {
  it('sums the remaining renewals per currency as decimals, leaving out skipped and dropped ones', () => {
    const { costs, unpriced } = remainingCost(
      [
        event('2026-12-01', '1200.10'),
        event('2027-12-01', '1300.20'),
        event('2028-12-01', '0.30', { appliedDecision: 'SKIP_THIS_TIME' }),
        event('2028-06-01', '99.00', { currency: 'USD' }),
        event('2029-12-01', null),
        event('2025-12-01', '500.00'),
      ],
      TODAY,
    );
    expect(costs).toEqual([
      { currency: 'EUR', total: '2500.30', renewals: 2, lastDue: '2027-12-01' },
      { currency: 'USD', total: '99.00', renewals: 1, lastDue: '2028-06-01' },
    ]);
    expect(unpriced).toBe(1);
  });

  it('counts a patent whose renewals have no estimate as unpriced, never as free', () => {
    expect(remainingCost([event('2027-01-01', null)], TODAY)).toEqual({ costs: [], unpriced: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceUrlState } from '@/lib/invoices/url-state';
import { portfolioUrlState } from '@/lib/portfolio/url-state';
import { renewalsUrlState } from '@/lib/renewals/url-state';
import { trackingUrlState } from '@/lib/tracking/url-state';
import { addressProblems, addressWithout } from './url-state-rules';

/**
 * A page's address with a value the page cannot use: every such value is named (and the address
 * without it offered), never quietly replaced by a default while the address keeps it.
 */
describe('addressProblems', () => {
  it('names a bad page, sort, status and date on the invoice list', () => {
    const problems = addressProblems(invoiceUrlState, {
      page: 'abc',
      sort: 'cheapest',
      status: ['unmarked', 'paid'],
      from: '2026-13-01',
      to: '2026-12-31',
      size: '25',
    });
    expect(problems.map((problem) => problem.field)).toEqual(['page', 'sort', 'status', 'from']);
    expect(problems.find((problem) => problem.field === 'page')?.message).toBe('expected a whole number');
    expect(problems.find((problem) => problem.field === 'sort')?.message).toMatch(/^one of /);
  });

  it('names a bad badge and sort on the month view, and a page beyond the range', () => {
    expect(
      addressProblems(renewalsUrlState, {
        month: '2026-12',
        badge: ['allowed', 'bogus'],
        sort: 'nonsense',
      }).map((problem) => problem.field),
    ).toEqual(['badge', 'sort']);
    expect(
      addressProblems(renewalsUrlState, { month: '2026-12', sort: '-dueDate', badge: 'allowed' }),
    ).toEqual([]);
    expect(
      addressProblems(portfolioUrlState, { page: '0', size: '500' }).map((problem) => problem.message),
    ).toEqual(['at least 1', 'at most 100']);
    expect(addressProblems(trackingUrlState, { month: '9999-12' }).map((problem) => problem.field)).toEqual([
      'month',
    ]);
  });

  it('reads an empty value as absent and leaves keys the page does not name alone', () => {
    expect(addressProblems(portfolioUrlState, { q: '', page: '', utm_source: 'mail' })).toEqual([]);
    expect(addressProblems(invoiceUrlState, { page: ['1', '2'] })).toEqual([
      { field: 'page', message: 'given more than once' },
    ]);
  });

  it('offers the address without the bad values', () => {
    expect(
      addressWithout('/invoices', { page: 'abc', status: ['unmarked', 'disputed'], to: '2026-12-31' }, [
        'page',
      ]),
    ).toBe('/invoices?status=unmarked&status=disputed&to=2026-12-31');
    expect(addressWithout('/tracking', { month: '9999-12' }, ['month'])).toBe('/tracking');
  });
});

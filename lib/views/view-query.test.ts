import { describe, expect, it } from 'vitest';
import { normalizeViewQuery } from './view-query';

describe('normalizeViewQuery', () => {
  it('keeps only the page’s own keys, in the table’s order, from a query string or an address', () => {
    expect(normalizeViewQuery('portfolio', 'hide=title&q=ep123&api_key=abc&format=csv&page=4')).toBe(
      'q=ep123&hide=title',
    );
    expect(normalizeViewQuery('portfolio', 'https://x.example/portfolio?q=ep123&fresh=1')).toBe('q=ep123');
    // A key of another page is no part of this one.
    expect(normalizeViewQuery('invoices', 'q=ep123&status=disputed')).toBe('status=disputed');
  });

  it('keeps a scenario as its rule: offices in capitals, tags, the annuity year; nothing else', () => {
    expect(
      normalizeViewQuery(
        'scenarios',
        '/analytics/scenarios?office=%20de&tag=core&from=10&family=&api_key=abc',
      ),
    ).toBe('office=DE&tag=core&from=10');
  });

  it('normalises values by their rules and drops what a rule refuses', () => {
    expect(normalizeViewQuery('renewals', 'month=2026-12&offices=%20ep%20&offices=US&offices=EUROPE')).toBe(
      'month=2026-12&offices=EP&offices=US',
    );
    expect(normalizeViewQuery('renewals', 'month=13&badge=too-early&badge=nonsense')).toBe('badge=too-early');
    expect(normalizeViewQuery('invoices', 'size=50&sort=-reference&status=paid-maybe')).toBe(
      'size=50&sort=-reference',
    );
    expect(normalizeViewQuery('invoices', 'size=33')).toBe('');
  });

  it('drops repeated items and keeps the first of a single value', () => {
    expect(normalizeViewQuery('renewals', 'offices=EP&offices=ep&sort=dueDate&sort=-office')).toBe(
      'offices=EP&sort=dueDate',
    );
  });

  it('keeps a month view window only when the page would accept it', () => {
    expect(normalizeViewQuery('renewals', 'month=2026-12&from=2026-01-01&to=2026-02-01')).toBe(
      'month=2026-12',
    );
    expect(normalizeViewQuery('renewals', 'from=2026-01-01&to=2026-02-01')).toBe(
      'from=2026-01-01&to=2026-02-01',
    );
    expect(normalizeViewQuery('renewals', 'from=2026-03-01&to=2026-02-01&badge=too-early')).toBe(
      'badge=too-early',
    );
    expect(normalizeViewQuery('renewals', 'from=2026-01-01')).toBe('');
    expect(normalizeViewQuery('renewals', 'from=2026-01-01&to=2027-06-01')).toBe('');
  });

  it('is stable: a normalised query normalises to itself', () => {
    const once = normalizeViewQuery('renewals', 'hide=owner&offices=de&month=2026-11&decision=PROCEED');
    expect(normalizeViewQuery('renewals', once)).toBe(once);
  });
});

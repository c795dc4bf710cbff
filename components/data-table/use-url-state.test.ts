import { describe, expect, it } from 'vitest';
import { invoiceParams } from '@/lib/invoices/url-state';
import { renewalsParams } from '@/lib/renewals/url-state';
import { readUrlValues, writeUrlValues } from './use-url-state';

const read = (query: string) => readUrlValues(renewalsParams, new URLSearchParams(query));

describe('a table’s state in its address', () => {
  it('reads absent values as their defaults, and lists from repeated keys', () => {
    const values = read('month=2026-12&offices=EP&offices=US');
    expect(values.month).toBe('2026-12');
    expect(values.offices).toEqual(['EP', 'US']);
    expect(values.from).toBeNull();
    expect(values.hide).toEqual(['owner']);
  });

  it('reads a value its parser refuses as absent', () => {
    expect(readUrlValues(invoiceParams, new URLSearchParams('page=many')).page).toBe(
      readUrlValues(invoiceParams, new URLSearchParams('')).page,
    );
  });

  it('writes values back as they were read, leaving defaults, nulls and empty lists out', () => {
    const values = { ...read('month=2026-12&offices=EP&offices=US'), hide: ['owner'], sort: null };
    expect(writeUrlValues(renewalsParams, values, new URLSearchParams()).toString()).toBe(
      'month=2026-12&offices=EP&offices=US',
    );
  });

  it('keeps keys of the address it does not own, and replaces those it does', () => {
    const search = new URLSearchParams('view=abc&offices=JP&month=2026-01');
    const values = { ...read(search.toString()), month: '2026-02', offices: [] };
    expect(writeUrlValues(renewalsParams, values, search).toString()).toBe('view=abc&month=2026-02');
  });

  it('keeps a list that differs from its default', () => {
    const values = { ...read(''), hide: ['title'] };
    expect(writeUrlValues(renewalsParams, values, new URLSearchParams()).getAll('hide')).toEqual(['title']);
  });
});

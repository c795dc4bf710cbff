import { describe, expect, it } from 'vitest';
import { readUrlValues, writeUrlValues } from '@/lib/http/url-parsers';
import { invoiceParams } from '@/lib/invoices/url-state';
import { renewalsParams } from '@/lib/renewals/url-state';
import { type AddressState, followAddress } from './use-url-state';

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

describe('following the address Next.js reports', () => {
  const reread = (key: string) => `read ${key}`;
  // Sorted by case reference, written to the address; Next.js still reports the address before.
  const written: AddressState<string> = { key: 'sort=caseReference', seen: '', values: 'sorted' };

  it('keeps a change of ours while Next.js still reports the address from before it', () => {
    // Taking the old address as a navigation showed the old order for a moment, and a click in
    // that moment acted on it (a second sort click lost, a fee total of another row opened).
    expect(followAddress(written, '', false, reread)).toBeNull();
  });

  it('takes our own write back from Next.js without reading it again', () => {
    expect(followAddress(written, 'sort=caseReference', false, reread)).toEqual({
      ...written,
      seen: 'sort=caseReference',
    });
  });

  it('reads an address that moved elsewhere (back, forward, a link)', () => {
    expect(followAddress(written, 'sort=dueDate', false, reread)).toEqual({
      key: 'sort=dueDate',
      seen: 'sort=dueDate',
      values: 'read sort=dueDate',
    });
  });

  it('lets a write that is waiting replace an address that moved meanwhile', () => {
    expect(followAddress(written, 'sort=dueDate', true, reread)).toEqual({
      ...written,
      seen: 'sort=dueDate',
    });
  });
});

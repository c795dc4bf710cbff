import { describe, expect, it } from 'vitest';
import { queryObject, refusedFields } from '@/lib/http/testing';
import { RENEWAL_COLUMN_IDS } from './columns';
import { renewalsExportSchema, renewalsQuerySchema, renewalsViewSchema } from './query';
import {
  formatSort,
  localFiltersOf,
  parseSort,
  renewalsApiQuery,
  renewalsExportQuery,
  renewalsParams,
} from './url-state';
import { loadRenewalsParams, serializeRenewalsParams } from './url-state-address';
import { windowFromParams } from './window';

describe('renewal windows in the URL', () => {
  it('prefers the month when both forms are given, as the service does', () => {
    const parsed = renewalsViewSchema.parse({ month: '2026-12', from: '2026-01-01', to: '2026-01-31' });
    expect(windowFromParams(parsed)).toEqual({ kind: 'month', month: '2026-12' });
  });

  it('needs both ends of a range, in order, and not longer than a year', () => {
    expect(renewalsViewSchema.safeParse({ from: '2026-01-01' }).success).toBe(false);
    expect(renewalsViewSchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(renewalsViewSchema.safeParse({ from: '2026-01-01', to: '2027-06-01' }).success).toBe(false);
    expect(renewalsViewSchema.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(windowFromParams(renewalsViewSchema.parse({}))).toBeNull();
  });

  it('names the end of the range at fault', () => {
    expect(refusedFields(renewalsViewSchema, { from: '2026-01-01' })).toEqual(['to']);
    expect(refusedFields(renewalsViewSchema, { to: '2026-01-01' })).toEqual(['from']);
    expect(refusedFields(renewalsViewSchema, { from: '2026-02-01', to: '2026-01-01' })).toEqual(['to']);
    expect(refusedFields(renewalsQuerySchema, {})).toEqual(['month']);
  });
});

describe('the month view sort in the URL', () => {
  it('is `column` or `-column`; an unknown column is no sort', () => {
    expect(parseSort('-dueDate')).toEqual({ id: 'dueDate', desc: true });
    expect(parseSort('fees')).toEqual({ id: 'fees', desc: false });
    expect(parseSort('colour')).toBeNull();
    expect(parseSort(null)).toBeNull();
    expect(formatSort({ id: 'office', desc: true })).toBe('-office');
    expect(formatSort(null)).toBeNull();
  });
});

describe('one definition: parsers, query strings and the server schema agree', () => {
  const state = {
    month: '2026-12',
    from: '2026-11-01',
    to: '2027-01-31',
    offices: ['EP', 'US'],
    owners: ['Acme Ltd', 'Widgets & Co'],
    family: ['FAM-1'],
    client: 'northwind-labs',
    badge: ['allowed' as const, 'too-early' as const],
    decision: ['PROCEED', 'NONE'],
    processing: ['INSTRUCTED'],
    graceFrom: '2026-12-01',
    graceTo: '2026-12-31',
    scoreBelow: '40',
    tag: ['core', 'product a'],
    sort: '-dueDate',
    group: 'office' as const,
    hide: ['title'],
  };
  const serviceFilters = {
    offices: state.offices,
    owners: state.owners,
    family: state.family,
    client: state.client,
  };

  it('round-trips a full state through the address', () => {
    expect(Object.keys(renewalsParams).sort()).toEqual(Object.keys(state).sort());
    const address = serializeRenewalsParams('/renewals', state);
    expect(loadRenewalsParams(new URL(address, 'http://x').searchParams)).toEqual(state);
  });

  it('keeps the owner column hidden unless the address says otherwise', () => {
    expect(loadRenewalsParams(new URLSearchParams('month=2026-12')).hide).toEqual(['owner']);
    expect(serializeRenewalsParams('/renewals', { month: '2026-12', hide: ['owner'] })).toBe(
      '/renewals?month=2026-12',
    );
    // Shown, it stays shown: the key with one empty value, which hides no column.
    const shown = serializeRenewalsParams('/renewals', { month: '2026-12', hide: [] });
    expect(shown).toBe('/renewals?month=2026-12&hide=');
    expect(loadRenewalsParams(new URL(shown, 'http://x').searchParams).hide).not.toContain('owner');
  });

  it('sends the service the window and its filters; the schema reads them back with the window', () => {
    const { from: _from, to: _to, ...month } = state;
    expect(renewalsQuerySchema.parse(queryObject(renewalsApiQuery(month)))).toEqual({
      month: '2026-12',
      ...serviceFilters,
      window: { kind: 'month', month: '2026-12' },
    });
    const { month: _month, ...range } = state;
    expect(renewalsQuerySchema.parse(queryObject(renewalsApiQuery(range)))).toEqual({
      from: state.from,
      to: state.to,
      ...serviceFilters,
      window: { kind: 'range', from: state.from, to: state.to },
    });
    expect(renewalsApiQuery({ month: '2026-12', offices: ['EP', 'US'], owners: [], family: [] })).toBe(
      'month=2026-12&offices=EP&offices=US',
    );
  });

  it('sends the export the view as shown: window, filters, local filters, order and columns', () => {
    const { from: _from, to: _to, ...month } = state;
    const columns = RENEWAL_COLUMN_IDS.filter((id) => !state.hide.includes(id));
    const parsed = renewalsExportSchema.parse(
      queryObject(renewalsExportQuery({ ...month, format: 'csv', columns })),
    );
    expect(parsed).toEqual({
      month: '2026-12',
      ...serviceFilters,
      badge: state.badge,
      decision: state.decision,
      processing: state.processing,
      graceFrom: state.graceFrom,
      graceTo: state.graceTo,
      scoreBelow: state.scoreBelow,
      tag: state.tag,
      sort: state.sort,
      format: 'csv',
      columns,
      window: { kind: 'month', month: '2026-12' },
    });
    expect(localFiltersOf(parsed)).toEqual({
      badges: state.badge,
      decisions: state.decision,
      processing: state.processing,
      graceFrom: state.graceFrom,
      graceTo: state.graceTo,
      scoreBelow: 40,
      tags: state.tag,
    });
  });

  it('reads office codes in capitals, as the service knows them', () => {
    expect(renewalsQuerySchema.parse(queryObject('month=2026-12&offices=%20ep%20')).offices).toEqual(['EP']);
  });

  it('refuses a bad value on the server, naming the field', () => {
    for (const [query, field] of [
      ['month=2026-13', 'month'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['month=2026-12&offices=EUR', 'offices.0'],
      ['month=2026-12&owners=%20', 'owners.0'],
      [`month=2026-12&family=${'x'.repeat(201)}`, 'family.0'],
    ] as const) {
      expect(refusedFields(renewalsQuerySchema, queryObject(query)), query).toEqual([field]);
      expect(refusedFields(renewalsViewSchema, queryObject(query)), query).toEqual([field]);
    }
    for (const [query, field] of [
      ['badge=nope', 'badge.0'],
      [`decision=${'x'.repeat(61)}`, 'decision.0'],
      ['processing=', 'processing.0'],
      [`sort=${'x'.repeat(41)}`, 'sort'],
      ['columns=colour', 'columns.0'],
      ['format=pdf', 'format'],
    ] as const) {
      const full = query.startsWith('format')
        ? `month=2026-12&${query}`
        : `month=2026-12&format=csv&${query}`;
      expect(refusedFields(renewalsExportSchema, queryObject(full)), query).toEqual([field]);
    }
  });
});

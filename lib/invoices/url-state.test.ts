import { describe, expect, it } from 'vitest';
import { queryObject, refusedFields } from '@/lib/http/testing';
import { urlOf } from '@/lib/http/url-parsers';
import { invoiceExportQuerySchema, invoiceListQuerySchema } from '@/lib/invoices/query';
import { invoiceExportQuery, invoiceListApiQuery, invoiceParams, invoiceQueryFromParams } from './url-state';
import { loadInvoiceParams } from './url-state-address';

const defaults = {
  page: 1,
  size: 25,
  sort: '-issueDate' as const,
  origin: [] as string[],
  status: [] as ('unmarked' | 'in-progress' | 'reconciled' | 'disputed')[],
  from: null,
  to: null,
  client: null,
};

describe('the invoice list state in the URL', () => {
  it('reads the filters the URL names', () => {
    const named = {
      page: 3,
      size: 50,
      origin: ['REGULARIZATION'],
      status: ['disputed'],
      from: '2026-01-01',
      to: '2026-03-31',
    };
    expect(invoiceQueryFromParams({ ...defaults, ...named })).toMatchObject(named);
  });

  it('falls back to the default for each bad value of a hand-edited URL, never an error', () => {
    const query = invoiceQueryFromParams({
      ...defaults,
      page: -4,
      size: 33,
      origin: ['not an origin!'],
      from: '2026-02-30',
      to: 'yesterday',
    });
    expect(query).toMatchObject({ page: 1, size: 25, origin: [], sort: '-issueDate' });
    expect(query.from).toBeUndefined();
    expect(query.to).toBeUndefined();
  });

  it('answers only queries the list schema accepts as they are', () => {
    for (const params of [
      defaults,
      { ...defaults, page: 100_001, size: 100, origin: [' imported ', 'GENERATED'], from: '2026-01-31' },
      { ...defaults, page: 2.5, origin: Array.from({ length: 201 }, () => 'GENERATED'), to: '2026-12-31' },
    ]) {
      const query = invoiceQueryFromParams(params);
      expect(invoiceListQuerySchema.parse(query)).toEqual(query);
    }
  });
});

describe('one definition: parsers, query strings and the server schema agree', () => {
  const state = {
    page: 2,
    size: 50,
    sort: 'reference' as const,
    origin: ['GENERATED', 'IMPORTED'],
    status: ['unmarked' as const, 'disputed' as const],
    from: '2026-01-01',
    to: '2026-03-31',
    client: 'northwind-labs',
    hide: ['dueDate'],
  };

  it('round-trips a full state through the address', () => {
    expect(Object.keys(invoiceParams).sort()).toEqual(Object.keys(state).sort());
    const address = urlOf(invoiceParams, '/invoices', state);
    expect(loadInvoiceParams(new URL(address, 'http://x').searchParams)).toEqual(state);
  });

  it('sends /api/invoices and the export what the page shows; the schemas read it back unchanged', () => {
    const { hide: _hide, ...listed } = state;
    expect(invoiceListQuerySchema.parse(queryObject(invoiceListApiQuery(state)))).toEqual(listed);
    expect(invoiceListQuerySchema.parse(queryObject(invoiceListApiQuery({ ...state, fresh: '1' })))).toEqual({
      ...listed,
      fresh: '1',
    });
    const { page: _page, size: _size, sort: _sort, ...filters } = listed;
    expect(
      invoiceExportQuerySchema.parse(
        queryObject(invoiceExportQuery({ ...state, format: 'csv', progress: '1' })),
      ),
    ).toEqual({ ...filters, format: 'csv', progress: '1' });
    const invoiceId = '0b9f7c3e-5d2a-4c1b-9e8f-7a6b5c4d3e2f';
    expect(
      invoiceExportQuerySchema.parse(queryObject(invoiceExportQuery({ invoiceId, format: 'xlsx' }))),
    ).toEqual({
      origin: [],
      status: [],
      invoiceId,
      format: 'xlsx',
    });
  });

  it('gives the defaults when the address names nothing, on both sides', () => {
    const query = invoiceQueryFromParams(loadInvoiceParams(new URLSearchParams()));
    expect(query).toEqual({ page: 1, size: 25, sort: '-issueDate', origin: [], status: [] });
    expect(invoiceListQuerySchema.parse({})).toEqual(query);
  });

  it('refuses a bad value on the server, naming the field', () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['size=33', 'size'],
      ['sort=amount', 'sort'],
      ['origin=not%20an%20origin!', 'origin.0'],
      ['status=paid', 'status.0'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['fresh=yes', 'fresh'],
    ] as const) {
      expect(refusedFields(invoiceListQuerySchema, queryObject(query)), query).toEqual([field]);
    }
    expect(
      refusedFields(invoiceExportQuerySchema, queryObject('format=pdf&invoiceId=42&progress=2')),
    ).toEqual(['format', 'invoiceId', 'progress']);
    expect(refusedFields(invoiceExportQuerySchema, queryObject('invoiceId=42'))).toEqual([
      'format',
      'invoiceId',
    ]);
  });

  it('a hand-edited address the page forgives is one the server accepts', () => {
    const loaded = loadInvoiceParams(
      new URLSearchParams('page=x&size=33&origin=%20imported%20&to=2026-13-01'),
    );
    const query = invoiceQueryFromParams(loaded);
    expect(query).toMatchObject({ page: 1, size: 25, origin: ['IMPORTED'], to: undefined });
    expect(invoiceListQuerySchema.parse(queryObject(invoiceListApiQuery(query)))).toEqual(
      invoiceListQuerySchema.parse(query),
    );
  });
});

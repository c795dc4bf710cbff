import { describe, expect, it } from 'vitest';
import { invoiceListQuerySchema } from '@/lib/invoices/query';
import { invoiceQueryFromParams } from './search-params';

const defaults = {
  page: 1,
  size: 25,
  sort: '-issueDate' as const,
  origin: [] as string[],
  status: [] as ('unmarked' | 'in-progress' | 'reconciled' | 'disputed')[],
  from: null,
  to: null,
};

describe('the invoice list state in the URL', () => {
  it('reads the filters the URL names', () => {
    expect(
      invoiceQueryFromParams({
        ...defaults,
        page: 3,
        size: 50,
        origin: ['REGULARIZATION'],
        status: ['disputed'],
        from: '2026-01-01',
        to: '2026-03-31',
      }),
    ).toMatchObject({
      page: 3,
      size: 50,
      origin: ['REGULARIZATION'],
      status: ['disputed'],
      from: '2026-01-01',
      to: '2026-03-31',
    });
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

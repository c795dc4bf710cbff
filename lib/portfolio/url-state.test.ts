import { describe, expect, it } from 'vitest';
import { queryObject, refusedFields } from '@/lib/http/testing';
import { urlOf } from '@/lib/http/url-parsers';
import { portfolioExportSchema, portfolioQuerySchema } from '@/lib/portfolio/query';
import {
  portfolioApiQuery,
  portfolioExportQuery,
  portfolioParams,
  portfolioQueryFromParams,
} from './url-state';
import { loadPortfolioParams } from './url-state-address';

const defaults = { page: 1, size: 25, sort: null, providerId: null, q: null, tag: null, client: null };

describe('the portfolio state in the URL', () => {
  it('reads the page, size, sort, provider id and search the URL names', () => {
    expect(
      portfolioQueryFromParams({
        page: 4,
        size: 50,
        sort: '-office',
        providerId: ' PAM-1000342 ',
        q: ' EP 1 234 567 ',
        tag: ' Core ',
        client: 'northwind-labs',
      }),
    ).toEqual({
      page: 4,
      size: 50,
      sort: '-office',
      providerId: 'PAM-1000342',
      q: 'EP 1 234 567',
      tag: 'Core',
      client: 'northwind-labs',
    });
  });

  it('falls back to the default for each bad value of a hand-edited URL, never an error', () => {
    expect(
      portfolioQueryFromParams({
        page: -3,
        size: 500,
        sort: 'colour',
        providerId: 'x'.repeat(201),
        q: '--',
        tag: '<b>',
        client: 'Not A Client!',
      }),
    ).toEqual({
      page: 1,
      size: 100,
      sort: undefined,
      providerId: undefined,
      q: undefined,
      tag: undefined,
      client: undefined,
    });
  });

  it('answers only queries the portfolio schema accepts as they are', () => {
    for (const params of [
      defaults,
      {
        page: 100_001,
        size: 0,
        sort: 'office',
        providerId: '  ',
        q: 'z'.repeat(101),
        tag: 'x'.repeat(41),
        client: 'x'.repeat(49),
      },
      {
        page: 2.5,
        size: 10.7,
        sort: '-clientCaseReference',
        providerId: 'y'.repeat(200),
        q: ' Müller ',
        tag: 'licensed',
        client: 'default',
      },
    ]) {
      const query = portfolioQueryFromParams(params);
      expect(portfolioQuerySchema.parse(query)).toEqual(query);
    }
  });
});

describe('one definition: parsers, query strings and the server schema agree', () => {
  const state = {
    page: 3,
    size: 50,
    sort: '-applicationDate' as const,
    providerId: 'PAM-1000342',
    q: 'acme gmbh',
    tag: 'core',
    client: 'northwind-labs',
    hide: ['title', 'owner'],
  };

  it('round-trips a full state through the address', () => {
    expect(Object.keys(portfolioParams).sort()).toEqual(Object.keys(state).sort());
    const address = urlOf(portfolioParams, '/portfolio', state);
    expect(loadPortfolioParams(new URL(address, 'http://x').searchParams)).toEqual(state);
  });

  it('sends the service what the page shows, and the schema reads it back unchanged', () => {
    const { hide: _hide, ...sent } = state;
    expect(portfolioQuerySchema.parse(queryObject(portfolioApiQuery(state)))).toEqual(sent);
    expect(
      portfolioExportSchema.parse(
        queryObject(portfolioExportQuery({ ...state, format: 'xlsx', columns: ['title'] })),
      ),
    ).toEqual({
      sort: state.sort,
      providerId: state.providerId,
      q: state.q,
      tag: state.tag,
      client: state.client,
      format: 'xlsx',
      columns: ['title'],
    });
  });

  it('gives the defaults when the address names nothing, on both sides', () => {
    const query = portfolioQueryFromParams(loadPortfolioParams(new URLSearchParams()));
    expect(query).toEqual({ page: 1, size: 25 });
    expect(portfolioQuerySchema.parse({})).toEqual(query);
    expect(portfolioApiQuery(query)).toBe('page=1&size=25');
  });

  it('refuses a bad value on the server, naming the field', () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['size=101', 'size'],
      ['size=ten', 'size'],
      ['sort=colour', 'sort'],
      [`providerId=${'x'.repeat(201)}`, 'providerId'],
      ['providerId=%20', 'providerId'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=%20', 'q'],
      ['q=--%2F.', 'q'],
      ['client=Not%20a%20client', 'client'],
    ] as const) {
      expect(refusedFields(portfolioQuerySchema, queryObject(query)), query).toEqual([field]);
    }
    expect(refusedFields(portfolioExportSchema, queryObject('format=pdf&columns=colour'))).toEqual([
      'columns.0',
      'format',
    ]);
  });

  it('a hand-edited address the page forgives is one the server accepts', () => {
    const loaded = loadPortfolioParams(
      new URLSearchParams('page=-2&size=900&sort=colour&providerId=%20x%20'),
    );
    const query = portfolioQueryFromParams(loaded);
    expect(query).toEqual({ page: 1, size: 100, providerId: 'x' });
    expect(portfolioQuerySchema.parse(queryObject(portfolioApiQuery(query)))).toEqual(query);
  });
});

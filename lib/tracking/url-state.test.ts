import { createLoader } from 'nuqs/server';
import { describe, expect, it } from 'vitest';
import { searchParamsToObject } from '@/lib/http/query';
import { readField } from '@/lib/http/url-state-rules';
import { trackingQuerySchema } from './query';
import { serializeTrackingParams, trackingApiQuery, trackingParams, trackingUrlState } from './url-state';

const toObject = (query: string) => searchParamsToObject(new URLSearchParams(query));

describe('one definition: parsers, query strings and the server schema agree', () => {
  const state = { month: '2026-12', client: 'northwind-labs' };

  it('round-trips a full state through the address', () => {
    expect(Object.keys(trackingParams)).toEqual(Object.keys(state));
    const address = serializeTrackingParams('/tracking', state);
    expect(address).toBe('/tracking?month=2026-12&client=northwind-labs');
    expect(createLoader(trackingParams)(new URL(address, 'http://x').searchParams)).toEqual(state);
    // Without a client filter the address is the single-client board's.
    expect(serializeTrackingParams('/tracking', { month: '2026-12', client: null })).toBe(
      '/tracking?month=2026-12',
    );
  });

  it('sends the service the month and client the page shows, and the schema reads them back unchanged', () => {
    expect(trackingQuerySchema.parse(toObject(trackingApiQuery(state)))).toEqual(state);
    expect(trackingQuerySchema.parse(toObject(trackingApiQuery({ month: '2026-12' })))).toEqual({
      month: '2026-12',
    });
  });

  it('refuses a bad or missing month on the server, naming the field', () => {
    for (const query of ['month=2026-13', 'month=December', '']) {
      const result = trackingQuerySchema.safeParse(toObject(query));
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        query,
      ).toEqual(['month']);
    }
  });

  it('gives the page no month for an address that names none, or not a month (it opens this month)', () => {
    expect(readField(trackingUrlState.month, '2027-02')).toBe('2027-02');
    for (const month of ['2026-13', undefined, ['2027-01', '2027-02']]) {
      expect(readField(trackingUrlState.month, month)).toBeUndefined();
    }
  });
});

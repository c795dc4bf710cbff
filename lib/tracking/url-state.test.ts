import { describe, expect, it } from 'vitest';
import { queryObject, refusedFields } from '@/lib/http/testing';
import { readUrlValues } from '@/lib/http/url-parsers';
import { readField } from '@/lib/http/url-state-rules';
import { trackingQuerySchema } from './query';
import { serializeTrackingParams, trackingApiQuery, trackingParams, trackingUrlState } from './url-state';

describe('one definition: parsers, query strings and the server schema agree', () => {
  const state = { month: '2026-12', client: 'northwind-labs' };

  it('round-trips a full state through the address', () => {
    expect(Object.keys(trackingParams)).toEqual(Object.keys(state));
    const address = serializeTrackingParams('/tracking', state);
    expect(address).toBe('/tracking?month=2026-12&client=northwind-labs');
    expect(readUrlValues(trackingParams, new URL(address, 'http://x').searchParams)).toEqual(state);
    // Without a client filter the address is the single-client board's.
    expect(serializeTrackingParams('/tracking', { month: '2026-12', client: null })).toBe(
      '/tracking?month=2026-12',
    );
  });

  it('sends the service the month and client the page shows, and the schema reads them back unchanged', () => {
    expect(trackingQuerySchema.parse(queryObject(trackingApiQuery(state)))).toEqual(state);
    expect(trackingQuerySchema.parse(queryObject(trackingApiQuery({ month: '2026-12' })))).toEqual({
      month: '2026-12',
    });
  });

  it('refuses a bad or missing month on the server, naming the field', () => {
    for (const query of ['month=2026-13', 'month=December', '']) {
      expect(refusedFields(trackingQuerySchema, queryObject(query)), query).toEqual(['month']);
    }
  });

  it('gives the page no month for an address that names none, or not a month (it opens this month)', () => {
    expect(readField(trackingUrlState.month, '2027-02')).toBe('2027-02');
    for (const month of ['2026-13', undefined, ['2027-01', '2027-02']]) {
      expect(readField(trackingUrlState.month, month)).toBeUndefined();
    }
  });
});

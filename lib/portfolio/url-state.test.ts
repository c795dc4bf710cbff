import { describe, expect, it } from 'vitest';
import { portfolioQuerySchema } from '@/lib/portfolio/query';
import { portfolioQueryFromParams } from './search-params';

const defaults = { page: 1, size: 25, sort: null, providerId: null };

describe('the portfolio state in the URL', () => {
  it('reads the page, size, sort and provider id the URL names', () => {
    expect(
      portfolioQueryFromParams({ page: 4, size: 50, sort: '-office', providerId: ' PAM-1000342 ' }),
    ).toEqual({ page: 4, size: 50, sort: '-office', providerId: 'PAM-1000342' });
  });

  it('falls back to the default for each bad value of a hand-edited URL, never an error', () => {
    expect(
      portfolioQueryFromParams({ page: -3, size: 500, sort: 'colour', providerId: 'x'.repeat(201) }),
    ).toEqual({ page: 1, size: 100, sort: undefined, providerId: undefined });
  });

  it('answers only queries the portfolio schema accepts as they are', () => {
    for (const params of [
      defaults,
      { page: 100_001, size: 0, sort: 'office', providerId: '  ' },
      { page: 2.5, size: 10.7, sort: '-clientCaseReference', providerId: 'y'.repeat(200) },
    ]) {
      const query = portfolioQueryFromParams(params);
      expect(portfolioQuerySchema.parse(query)).toEqual(query);
    }
  });
});

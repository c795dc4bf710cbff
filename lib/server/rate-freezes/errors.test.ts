import { describe, expect, it } from 'vitest';
import { AnnuityApiError } from '@/lib/annuity/errors';
import type { Problem } from '@/lib/annuity/schemas';
import { errorToProblem } from '../errors/error-mapping';
import { FreezeRefusedError } from './errors';

const apiError = (status: number, code: string, operation: string, extra: Partial<Problem> = {}) =>
  new AnnuityApiError({
    status,
    operation,
    problem: {
      type: `/errors/${code.replaceAll('_', '-')}`,
      title: code,
      status,
      detail: 'from the service',
      instance: undefined,
      code,
      requestId: 'upstream-1',
      ...extra,
    },
    requestId: 'upstream-1',
    retryAfterSeconds: status === 429 ? 3600 : null,
  });

describe('freeze errors through the one error table', () => {
  it('a refused past month says past months cannot be frozen', () => {
    const problem = errorToProblem(
      new FreezeRefusedError('2026-09', 'past', -2, 'validation_failed', 'u-2'),
      'r-1',
    );
    expect(problem).toMatchObject({ status: 422, code: 'freeze_month_past', upstreamRequestId: 'u-2' });
    expect(problem.detail).toContain('September 2026');
    expect(problem.extensions).toEqual({ month: '2026-09', refusal: 'past', monthsAhead: -2 });
  });

  it('a month beyond the horizon says the horizon is not published and what is now assumed', () => {
    const problem = errorToProblem(
      new FreezeRefusedError('2027-06', 'beyond-horizon', 7, 'whatever_code', null),
      'r-1',
    );
    expect(problem).toMatchObject({ status: 422, code: 'freeze_beyond_horizon' });
    expect(problem.detail).toContain('June 2027');
    expect(problem.detail).toContain('does not publish');
    expect(problem.detail).toContain('7 or more ahead');
  });

  it('forbidden on a freeze operation: not enabled for the account, ask the service', () => {
    for (const operation of ['putExchangeRateFreeze', 'getExchangeRateFreeze', 'getExchangeRateFreezes']) {
      const problem = errorToProblem(apiError(403, 'forbidden', operation), 'r-1');
      expect(problem).toMatchObject({ status: 403, code: 'upstream_forbidden' });
      expect(problem.detail).toContain(
        'Freezing exchange rates is not enabled for your account: ask the service',
      );
    }
    expect(errorToProblem(apiError(403, 'forbidden', 'getPatents'), 'r-1').detail).toContain(
      'Ask the service to enable it',
    );
  });

  it('a missing scope is told apart from forbidden: the key needs another grant', () => {
    const problem = errorToProblem(
      apiError(403, 'insufficient_scope', 'putExchangeRateFreeze', {
        requiredScope: 'exchange-rate-freezes:write',
      }),
      'r-1',
    );
    expect(problem).toMatchObject({ status: 503, code: 'upstream_scope_missing' });
    expect(problem.detail).toContain('exchange-rate-freezes:write');
  });

  it('an exhausted quota says until when', () => {
    const problem = errorToProblem(apiError(429, 'rate_limit_exceeded', 'putExchangeRateFreeze'), 'r-1');
    expect(problem).toMatchObject({ status: 429, code: 'upstream_quota_exhausted', retryAfterSeconds: 3600 });
  });
});

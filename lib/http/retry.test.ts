import { describe, expect, it } from 'vitest';
import { ApiProblem, isWorthRetrying } from './api-client';

const problem = (status: number, code: string) => new ApiProblem(status, { status, code, title: 't' });

describe('what the browser asks again', () => {
  it('asks again only for a passing outage, never for an answer a retry cannot change', () => {
    expect(isWorthRetrying(problem(502, 'upstream_unreachable'))).toBe(true);
    expect(isWorthRetrying(problem(502, 'upstream_failing'))).toBe(true);
    for (const code of ['upstream_key_expired', 'upstream_scope_missing', 'upstream_unexpected_answer'])
      expect(isWorthRetrying(problem(502, code)), code).toBe(false);
    expect(isWorthRetrying(problem(400, 'validation_failed'))).toBe(false);
    expect(isWorthRetrying(problem(404, 'not_found'))).toBe(false);
  });
});

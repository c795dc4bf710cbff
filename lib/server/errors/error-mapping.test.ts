import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { errorToProblem } from './error-mapping';

describe('the one error table', () => {
  it('answers a refusal of our own with the status, code, title, detail and fields it carries', () => {
    const carried = {
      code: 'invalid_channel',
      title: 'Invalid channel',
      detail: 'The webhook URL must use https.',
      errors: [{ field: 'body.url', message: 'must use https' }],
      extensions: { host: 'hooks.example' },
    };
    const refusal = new DomainError({ status: 400, ...carried, message: 'must use https' });
    expect(errorToProblem(refusal, 'r-1')).toEqual({ status: 400, ...carried, requestId: 'r-1' });
  });

  it('answers anything else as a 500 with the request id and none of its words', () => {
    const problem = errorToProblem(new Error('connection string postgres://secret@db'), 'r-2');
    expect(problem).toMatchObject({ status: 500, code: 'internal_error', requestId: 'r-2' });
    expect(problem.detail).toContain('r-2');
    expect(problem.detail).not.toContain('secret');
  });
});

import { describe, expect, it } from 'vitest';
import { problemFieldErrors } from './problem-fields';

const fields = new Set(['email', 'password', 'url', 'limits.0.amount']);
const hasField = (name: string) => fields.has(name);

describe('a 400 named on the form', () => {
  it('puts each named body field on the form field of that name, the first message per field', () => {
    expect(
      problemFieldErrors(
        {
          status: 400,
          errors: [
            { field: 'password', message: 'At least 12 characters' },
            { field: 'password', message: 'Known from a breach' },
            { field: 'body.url', message: 'must use https' },
            { field: '/limits/0/amount', message: 'Not an amount' },
          ],
        },
        hasField,
      ),
    ).toEqual([
      { name: 'password', message: 'At least 12 characters' },
      { name: 'url', message: 'must use https' },
      { name: 'limits.0.amount', message: 'Not an amount' },
    ]);
  });

  it('leaves out what the form has no field for and any answer but a 400', () => {
    expect(
      problemFieldErrors({ status: 400, errors: [{ field: 'body', message: 'Not valid JSON' }] }, hasField),
    ).toEqual([]);
    expect(
      problemFieldErrors({ status: 409, errors: [{ field: 'email', message: 'taken' }] }, hasField),
    ).toEqual([]);
  });
});

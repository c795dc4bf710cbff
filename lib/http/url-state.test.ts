import { describe, expect, it } from 'vitest';
import { choice, int, list, requestQuery, text, urlParsers } from './url-state';
import { readField, requestFromUrl } from './url-state-rules';
import { requestSchema } from './url-state-schema';

const table = {
  page: int({ min: 1, max: 10, default: 1, sent: ['api'] }),
  size: int({ only: [10, 25], default: 25, sent: ['api'] }),
  code: text({
    trim: true,
    upper: true,
    check: { test: (v) => /^[A-Z]{2}$/.test(v), message: 'two letters' },
  }),
  codes: list(text({ trim: true, upper: true, min: 2, max: 2 }), { sent: ['api', 'export'] }),
  kind: choice(['a', 'b'], { default: 'a', sent: ['export'] }),
  note: text({ max: 5, sent: ['export'] }),
};

describe('a URL state table', () => {
  it('derives one parser per field', () => {
    expect(Object.keys(urlParsers(table))).toEqual(Object.keys(table));
  });

  it('builds each request from the fields sent there, lists as repeated keys, absent values left out', () => {
    const values = { page: 2, size: 10, codes: ['EP', 'US'], kind: 'b' as const, note: '' };
    expect(requestQuery(table, 'api', values)).toBe('page=2&size=10&codes=EP&codes=US');
    expect(requestQuery(table, 'export', { ...values, note: null })).toBe('codes=EP&codes=US&kind=b');
  });

  it('reads a hand-edited value as its default: numbers brought into range, a list with a bad value dropped', () => {
    expect(requestFromUrl(table, 'api', { page: 40, size: 33, codes: ['ep', 'usa'] })).toEqual({
      page: 10,
      size: 25,
      codes: [],
    });
    expect(readField(table.code, ' ep ')).toBe('EP');
    expect(readField(table.code, 'E')).toBeUndefined();
    expect(readField(table.kind, 'c')).toBe('a');
  });

  it('refuses on the server what the forgiving reader would replace, with the same rule', () => {
    const api = requestSchema(table, 'api');
    expect(api.parse({ codes: [' ep '] })).toEqual({ page: 1, size: 25, codes: ['EP'] });
    const result = api.safeParse({ page: '40', size: '33', codes: ['ep', 'usa'] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['page', 'at most 10'],
      ['size', 'one of 10, 25'],
      ['codes.1', 'at most 2 characters'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { readUrlValues, urlOf, writeUrlValues } from './url-parsers';
import { choice, int, list, text, urlParsers } from './url-state';

const parsers = urlParsers({
  page: int({ default: 1 }),
  q: text(),
  sort: choice(['a', '-a']),
  kind: choice(['x', 'y'], { default: 'x' }),
  codes: list(text()),
  badge: list(choice(['ok', 'late']), { default: ['ok'] }),
});
const read = (query: string) => readUrlValues(parsers, new URLSearchParams(query));
const defaults = { page: 1, q: null, sort: null, kind: 'x' as const, codes: [], badge: ['ok' as const] };

describe('reading an address', () => {
  it('reads absent keys as their defaults, null without one', () => {
    expect(read('')).toEqual(defaults);
    expect(read('other=1')).toEqual(defaults);
  });

  it('reads whole numbers as parseInt does: leading digits count, anything else is the default', () => {
    const page = (value: string) => read(`page=${encodeURIComponent(value)}`).page;
    expect([page('12abc'), page('1e3'), page('0x10'), page(' 42'), page('3.9'), page('-3')]).toEqual([
      12, 1, 16, 42, 3, -3,
    ]);
    expect([page(''), page('abc'), page('Infinity')]).toEqual([1, 1, 1]);
  });

  it('reads a value outside its choices as the default, and an empty text as given', () => {
    expect(read('sort=b&kind=z')).toMatchObject({ sort: null, kind: 'x' });
    expect(read('q=').q).toBe('');
  });

  it('reads a single value given twice from its first occurrence', () => {
    expect(read('page=abc&page=3&q=one&q=two&kind=z&kind=y')).toMatchObject({ page: 1, q: 'one', kind: 'x' });
    expect(readUrlValues(parsers, { page: ['4', '5'], q: ['one', 'two'], kind: undefined })).toMatchObject({
      page: 4,
      q: 'one',
      kind: 'x',
    });
  });

  it('reads lists from repeated keys, dropping the items it cannot read', () => {
    expect(read('codes=EP&codes=US&badge=late&badge=bad')).toMatchObject({
      codes: ['EP', 'US'],
      badge: ['late'],
    });
    expect(readUrlValues(parsers, { codes: 'EP', badge: ['late', 'ok'] })).toMatchObject({
      codes: ['EP'],
      badge: ['late', 'ok'],
    });
    // None readable: the default. One empty value: the empty list (an empty text is an item).
    expect(read('badge=bad&badge=').badge).toEqual(['ok']);
    expect(read('badge=').badge).toEqual([]);
    expect(read('codes=').codes).toEqual(['']);
  });
});

describe('writing an address', () => {
  it('leaves out values equal to their default, and nulls', () => {
    expect(urlOf(parsers, '/p', { ...defaults, q: null })).toBe('/p');
    expect(urlOf(parsers, '/p', { page: 1, kind: 'x', badge: ['ok'], codes: [] })).toBe('/p');
    expect(urlOf(parsers, '/p', { page: 2, kind: 'y', badge: ['late', 'ok'], codes: ['EP', 'US'] })).toBe(
      '/p?page=2&kind=y&codes=EP&codes=US&badge=late&badge=ok',
    );
  });

  it('writes whole numbers rounded', () => {
    expect(urlOf(parsers, '/p', { page: 3.6 })).toBe('/p?page=4');
    expect(urlOf(parsers, '/p', { page: -0.4 })).toBe('/p?page=0');
  });

  it('keeps an emptied list whose default is not empty: the key with one empty value', () => {
    const href = urlOf(parsers, '/p', { badge: [] });
    expect(href).toBe('/p?badge=');
    expect(readUrlValues(parsers, new URL(href, 'http://x').searchParams).badge).toEqual([]);
  });

  it('keeps keys of other parsers and keys not given; replaces or removes those given', () => {
    const search = new URLSearchParams('view=v&q=old&page=4&codes=JP');
    expect(writeUrlValues(parsers, { q: 'new', page: 1, codes: null }, search).toString()).toBe(
      'view=v&q=new',
    );
    expect(writeUrlValues(parsers, { sort: '-a' }, new URLSearchParams('page=4')).toString()).toBe(
      'page=4&sort=-a',
    );
  });

  it('reads back what it wrote', () => {
    const values = {
      page: 7,
      q: 'a & b/é',
      sort: '-a' as const,
      kind: 'y' as const,
      codes: ['', 'X'],
      badge: [],
    };
    expect(readUrlValues(parsers, new URL(urlOf(parsers, '/p', values), 'http://x').searchParams)).toEqual(
      values,
    );
  });
});

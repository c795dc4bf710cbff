/**
 * How a screen's values are read from its address and written back: one parser per key, and the
 * one reader and writer that server pages, links from other pages and the table hook
 * (components/data-table/use-url-state.ts) share. The rules:
 *
 * - a key absent, or unreadable, is read as its parser's default (null without one);
 * - a single value is read from the key's first occurrence;
 * - a list is the key repeated (offices=EP&offices=US): unreadable items are dropped, and a list
 *   with none readable is unreadable, except one empty value (`badge=`): an emptied list is
 *   written so, and read back as no item (one empty text, for a list of texts), not as its default;
 * - a value equal to its default, or null, is left out of the address; other keys are kept.
 *
 * The browser loads this module on every table page: it stays small and has no dependencies.
 */

export interface UrlParser<T> {
  /** Every value of the key in the address, in order (at least one); null when unreadable. */
  parse(values: readonly string[]): T | null;
  /** The key's values in the address: one for a single value, one per item of a list. */
  serialize(value: T): string[];
  /** The value of an absent or unreadable key; null without one. */
  readonly defaultValue?: T;
}

export type DefaultParser<T> = UrlParser<T> & { readonly defaultValue: T };

export type ParserMap = Record<string, UrlParser<unknown>>;

type ValueOf<Parser> =
  Parser extends UrlParser<infer T> ? (Parser extends { readonly defaultValue: T } ? T : T | null) : never;

/** The values of an address as read: every key, null where absent without a default. */
export type UrlValues<P extends ParserMap> = { [K in keyof P]: ValueOf<P[K]> };

/** Values to write: a key left out is not touched, null (or its default) removes it. */
export type UrlPatch<P extends ParserMap> = { [K in keyof P]?: ValueOf<P[K]> | null };

/** A page's searchParams, as Next.js hands them to a server page. */
export type SearchParams = Record<string, string | string[] | undefined>;

function single<T>(read: (value: string) => T | null, write: (value: T) => string = String): UrlParser<T> {
  return { parse: (values) => read(values[0] ?? ''), serialize: (value) => [write(value)] };
}

export const textParser = single((value) => value);

export function choiceParser<const T extends string>(choices: readonly T[]): UrlParser<T> {
  return single((value) => (choices.includes(value as T) ? (value as T) : null));
}

/** parseInt's reading: leading digits count (`12abc` is 12, `1e3` is 1, `0x10` is 16). */
export const integerParser = single(
  (value) => {
    // biome-ignore lint/correctness/useParseIntRadix: saved addresses read as before (`0x10` is 16).
    const int = Number.parseInt(value);
    return Number.isNaN(int) ? null : int;
  },
  (value: number) => `${Math.round(value)}`,
);

export function listParser<T>(item: UrlParser<T>): UrlParser<T[]> {
  return {
    parse: (values) => {
      const items = values.flatMap((value) => {
        const parsed = item.parse([value]);
        return parsed === null ? [] : [parsed];
      });
      return items.length > 0 || (values.length === 1 && values[0] === '') ? items : null;
    },
    serialize: (items) => items.flatMap((value) => item.serialize(value)),
  };
}

export function withDefault<T>(parser: UrlParser<T>, defaultValue: T): DefaultParser<T> {
  return { ...parser, defaultValue };
}

const same = (a: unknown, b: unknown) =>
  a === b ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]));

/** Reads every value of `parsers` from an address (a key given twice as a string[] in `search`). */
export function readUrlValues<P extends ParserMap>(
  parsers: P,
  search: URLSearchParams | SearchParams,
): UrlValues<P> {
  const values: Record<string, unknown> = {};
  for (const [key, parser] of Object.entries(parsers)) {
    const given = search instanceof URLSearchParams ? search.getAll(key) : [search[key] ?? []].flat();
    values[key] = (given.length > 0 ? parser.parse(given) : null) ?? parser.defaultValue ?? null;
  }
  return values as UrlValues<P>;
}

/** Writes `values` into `search`, in place; keys not in `values` (nor in `parsers`) are left alone. */
export function writeUrlValues<P extends ParserMap>(
  parsers: P,
  values: UrlPatch<P>,
  search: URLSearchParams,
): URLSearchParams {
  for (const [key, parser] of Object.entries(parsers)) {
    const value: unknown = values[key];
    if (value === undefined) continue;
    search.delete(key);
    if (value === null || (parser.defaultValue !== undefined && same(value, parser.defaultValue))) continue;
    const written = parser.serialize(value);
    for (const text of written) search.append(key, text);
    if (written.length === 0) search.set(key, '');
  }
  return search;
}

/** The address of `path` (a path without a query) with `values` in its query. */
export function urlOf<P extends ParserMap>(parsers: P, path: string, values: UrlPatch<P>): string {
  const query = writeUrlValues(parsers, values, new URLSearchParams()).toString();
  return query ? `${path}?${query}` : path;
}

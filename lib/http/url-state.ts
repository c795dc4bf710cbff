import { isCalendarDate, isYearMonth } from '@/lib/format/dates';
import {
  choiceParser,
  type DefaultParser,
  integerParser,
  listParser,
  textParser,
  type UrlParser,
  withDefault,
} from './url-parsers';

/**
 * A screen's URL state as data. Each screen has one table (lib/<area>/url-state.ts) naming every
 * value of its address: its kind, its rules, and the requests that carry it. Everything else is
 * derived from that table: the parsers of the page's address (./url-parsers.ts, which also reads
 * and writes addresses) and the query strings of API calls and export links (here), the lenient
 * reading of a hand-edited address (./url-state-rules.ts), and the zod schema route handlers
 * validate with (./url-state-schema.ts). No zod here: the browser loads this module on every
 * screen that has a table (bench: JS per route).
 */

/** Requests a value travels in besides the page's address: the screen's data call, its export. */
export type Place = 'api' | 'export';

/** A rule a text value must meet, and the words a 400 answer uses when it does not. */
export interface Check {
  test: (value: string) => boolean;
  message: string;
}

export const CALENDAR_DATE: Check = { test: isCalendarDate, message: 'expected a date as YYYY-MM-DD' };

/**
 * The due months anyone may ask for: from DUE_YEARS_BACK years before this year to DUE_YEARS_AHEAD
 * years after it. A renewal falls due within the patent's term (20 years from filing, a few more
 * with an extension), and one whose grace ended years ago is closed; a window outside these years
 * (`month=9999-12`) is a mistyped address, answered with a 400 naming the field before any call to
 * the service (spec: Endpoints 9 accepts any window, and reading one costs quota).
 */
const DUE_YEARS_BACK = 10;
const DUE_YEARS_AHEAD = 25;

export function dueMonthRange(now = new Date()): { first: string; last: string } {
  const year = now.getUTCFullYear();
  return { first: `${year - DUE_YEARS_BACK}-01`, last: `${year + DUE_YEARS_AHEAD}-12` };
}

function withinDueRange(month: string): boolean {
  const { first, last } = dueMonthRange();
  return month >= first && month <= last;
}

/** A due month (YYYY-MM) within dueMonthRange. */
export const DUE_MONTH: Check = {
  test: (value) => isYearMonth(value) && withinDueRange(value),
  get message() {
    const { first, last } = dueMonthRange();
    return `expected a month as YYYY-MM from ${first} to ${last}`;
  },
};

/** A due date (YYYY-MM-DD) within dueMonthRange. */
export const DUE_DATE: Check = {
  test: (value) => isCalendarDate(value) && withinDueRange(value.slice(0, 7)),
  get message() {
    const { first, last } = dueMonthRange();
    return `expected a date as YYYY-MM-DD from ${first}-01 to ${last}-31`;
  },
};

export interface TextRule {
  /** Surrounding spaces are dropped before the value is checked and used. */
  trim?: boolean;
  /** Codes (offices, origins) are used in capitals, whatever the user typed. */
  upper?: boolean;
  /** Length bounds of the value as used. */
  min?: number;
  max?: number;
  check?: Check;
}

interface Sent<To extends Place> {
  /** The requests that carry the value; none when it only shapes the page (columns, grouping). */
  readonly sent?: readonly To[];
}

export interface TextSpec extends TextRule {
  kind: 'text';
  required?: boolean;
}
export interface IntSpec {
  kind: 'int';
  default: number;
  min?: number;
  max?: number;
  /** The only values allowed (page sizes); anything else is refused, or read as the default. */
  only?: readonly number[];
}
export interface ChoiceSpec {
  kind: 'choice';
  values: readonly string[];
  default?: string;
  required?: boolean;
}
interface ListSpec {
  kind: 'list';
  item: TextSpec | ChoiceSpec;
  default?: readonly string[];
}
export type FieldSpec = TextSpec | IntSpec | ChoiceSpec | ListSpec;

type AnyParser = UrlParser<unknown>;

/**
 * One value of a screen's state: its rule (a FieldSpec), the requests that carry it, and the
 * parser that reads and writes it in the page's address. `Value` is what a validated request
 * carries, with `undefined` when the value may be absent.
 */
export type UrlField<
  Value = unknown,
  To extends Place = Place,
  Parser extends AnyParser = AnyParser,
> = FieldSpec &
  Sent<To> & {
    readonly parser: Parser;
    /** Type only, never set: what a validated request carries (a function keeps `undefined` in it). */
    readonly value?: () => Value;
  };

export type FieldTable = Record<string, UrlField>;

export function text<To extends Place = never>(
  rule?: TextRule & Sent<To> & { required?: false },
): UrlField<string | undefined, To, UrlParser<string>>;
export function text<To extends Place = never>(
  rule: TextRule & Sent<To> & { required: true },
): UrlField<string, To, UrlParser<string>>;
export function text(rule: Omit<TextSpec, 'kind'> & Sent<Place> = {}): UrlField {
  return { ...rule, kind: 'text', parser: textParser };
}

export function choice<const T extends string, To extends Place = never>(
  values: readonly T[],
  options?: Sent<To> & { required?: false },
): UrlField<T | undefined, To, UrlParser<T>>;
export function choice<const T extends string, To extends Place = never>(
  values: readonly T[],
  options: Sent<To> & { required: true },
): UrlField<T, To, UrlParser<T>>;
export function choice<const T extends string, To extends Place = never>(
  values: readonly T[],
  options: Sent<To> & { default: NoInfer<T> },
): UrlField<T, To, DefaultParser<T>>;
export function choice(
  values: readonly string[],
  options: Omit<ChoiceSpec, 'kind' | 'values'> & Sent<Place> = {},
): UrlField {
  const parser = choiceParser(values);
  return {
    ...options,
    kind: 'choice',
    values,
    parser: options.default === undefined ? parser : withDefault(parser, options.default),
  };
}

export function int<To extends Place = never>(
  rule: Omit<IntSpec, 'kind'> & Sent<To>,
): UrlField<number, To, DefaultParser<number>> {
  return { ...rule, kind: 'int', parser: withDefault(integerParser, rule.default) };
}

/** A repeated key (offices=EP&offices=US); absent means the default, an empty list unless given. */
export function list<T extends string, To extends Place = never>(
  item: UrlField<T | undefined, never, UrlParser<T>>,
  options: Sent<To> & { default?: readonly T[] } = {},
): UrlField<T[], To, DefaultParser<T[]>> {
  return {
    ...options,
    kind: 'list',
    item: item as TextSpec | ChoiceSpec,
    parser: withDefault(listParser(item.parser), (options.default ?? []) as T[]),
  };
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What a table's export asks besides the table's state: the file format and the columns on screen. */
export function tableExportParams<const Id extends string>(columnIds: readonly Id[]) {
  return {
    format: choice(EXPORT_FORMATS, { required: true, sent: ['export'] }),
    columns: list(choice(columnIds), { sent: ['export'] }),
  };
}

/** A table's parser map: what its server page reads, links write and its useUrlState follows. */
export function urlParsers<T extends FieldTable>(table: T): { [K in keyof T]: T[K]['parser'] } {
  return Object.fromEntries(Object.entries(table).map(([key, field]) => [key, field.parser])) as {
    [K in keyof T]: T[K]['parser'];
  };
}

type ValueOf<F> = F extends { readonly value?: () => infer Value } ? Value : never;
type SentKeys<T extends FieldTable, P extends Place> = {
  [K in keyof T]: T[K] extends Sent<infer To> ? (P extends To ? K : never) : never;
}[keyof T];
type OptionalKeys<T extends FieldTable, P extends Place> = {
  [K in SentKeys<T, P>]: undefined extends ValueOf<T[K]> ? K : never;
}[SentKeys<T, P>];

/** What a request to `P` carries once validated: the table's fields sent there, absent ones optional. */
export type RequestValues<T extends FieldTable, P extends Place> = {
  [K in Exclude<SentKeys<T, P>, OptionalKeys<T, P>>]: ValueOf<T[K]>;
} & { [K in OptionalKeys<T, P>]?: Exclude<ValueOf<T[K]>, undefined> };

type Loose<V> = V extends readonly (infer Item)[] ? readonly Item[] : V;

/** The values a request's query string is built from: an address's values (null for absent) will do. */
export type RequestInput<T extends FieldTable, P extends Place> = {
  readonly [K in SentKeys<T, P>]?: Loose<ValueOf<T[K]>> | null;
};

/**
 * The query string of a request to `place`, from the fields the table sends there. Lists are
 * repeated keys; absent and empty values are left out, so the server applies its defaults.
 */
export function requestQuery<T extends FieldTable, P extends Place>(
  table: T,
  place: P,
  values: RequestInput<T, P>,
): string {
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(table)) {
    if (!field.sent?.includes(place)) continue;
    const value: unknown = values[key as keyof typeof values];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined && item !== '') params.append(key, String(item));
    }
  }
  return params.toString();
}

/** Builds the query string of requests to `place` from this table: each screen's api and export query. */
export function requestQueryFor<T extends FieldTable, P extends Place>(
  table: T,
  place: P,
): (values: RequestInput<T, P>) => string {
  return (values) => requestQuery(table, place, values);
}

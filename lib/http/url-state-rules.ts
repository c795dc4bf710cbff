import { MAX_REPEATED_VALUES } from './limits';
import type { FieldSpec, FieldTable, IntSpec, Place, RequestValues, TextSpec, UrlField } from './url-state';

/**
 * The rules of a URL state table (./url-state.ts) in plain code, in one place for both readers: the
 * route handlers' schema (./url-state-schema.ts) refuses a value that breaks them with a 400 naming
 * the field, and a screen that forgives a hand-edited address (portfolio, invoices, tracking) reads
 * such a value as its default instead. Without zod, so the browser can run it.
 */

export function normalizeText(spec: TextSpec, value: string): string {
  const trimmed = spec.trim ? value.trim() : value;
  return spec.upper ? trimmed.toUpperCase() : trimmed;
}

/** Why a normalized text value breaks its rule, or null when it keeps it. */
export function textProblem(spec: TextSpec, value: string): string | null {
  if (spec.min !== undefined && value.length < spec.min) {
    return value.length === 0 ? 'must not be empty' : `at least ${spec.min} characters`;
  }
  if (spec.max !== undefined && value.length > spec.max) return `at most ${spec.max} characters`;
  if (spec.check && !spec.check.test(value)) return spec.check.message;
  return null;
}

export function intProblem(spec: IntSpec, value: number): string | null {
  if (!Number.isInteger(value)) return 'expected a whole number';
  if (spec.only) return spec.only.includes(value) ? null : `one of ${spec.only.join(', ')}`;
  if (spec.min !== undefined && value < spec.min) return `at least ${spec.min}`;
  if (spec.max !== undefined && value > spec.max) return `at most ${spec.max}`;
  return null;
}

/**
 * A value as a forgiving page reads it: a bad one becomes the default (none for text). A number out
 * of range is brought within it (a page size of 500 is read as the cap of 100), and a list with one
 * bad value is dropped whole, since half of a filter would mislead.
 */
function readSpec(spec: FieldSpec, value: unknown): unknown {
  switch (spec.kind) {
    case 'text': {
      if (typeof value !== 'string') return undefined;
      const normalized = normalizeText(spec, value);
      return textProblem(spec, normalized) === null ? normalized : undefined;
    }
    case 'int': {
      if (typeof value !== 'number' || Number.isNaN(value)) return spec.default;
      if (spec.only) return spec.only.includes(value) ? value : spec.default;
      const whole = Math.trunc(value);
      return Math.min(Math.max(whole, spec.min ?? whole), spec.max ?? whole);
    }
    case 'choice':
      return typeof value === 'string' && spec.values.includes(value) ? value : spec.default;
    case 'list': {
      const items = Array.isArray(value) && value.length <= MAX_REPEATED_VALUES ? value : null;
      const read = items?.map((item) => readSpec(spec.item, item));
      return read?.every((item) => item !== undefined) ? read : [...(spec.default ?? [])];
    }
  }
}

export function readField<V>(field: UrlField<V>, value: unknown): V | undefined {
  return readSpec(field, value) as V | undefined;
}

/** The values of a page's address as read, unchecked: readUrlValues's, or anything a test hands in. */
export type UrlValues<T extends FieldTable, P extends Place> = {
  readonly [K in keyof RequestValues<T, P>]-?: unknown;
};

/** The request a page's address names, each bad value read as its default (see readSpec). */
export function requestFromUrl<T extends FieldTable, P extends Place>(
  table: T,
  place: P,
  values: UrlValues<T, P>,
): RequestValues<T, P> {
  const request: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(table)) {
    if (field.sent?.includes(place)) request[key] = readSpec(field, values[key as keyof typeof values]);
  }
  return request as RequestValues<T, P>;
}

/** A value of a page's address that breaks its rule, named as the address names it. */
export interface AddressProblem {
  field: string;
  message: string;
}

function valueProblem(spec: FieldSpec, value: string): string | null {
  switch (spec.kind) {
    case 'text':
      return textProblem(spec, normalizeText(spec, value));
    case 'int':
      return /^\s*-?\d+\s*$/.test(value) ? intProblem(spec, Number(value)) : 'expected a whole number';
    case 'choice':
      return spec.values.includes(value) ? null : `one of ${spec.values.join(', ')}`;
    case 'list':
      return valueProblem(spec.item, value);
  }
}

/**
 * Every value of a page's address that breaks its rule (the rules the route handlers' 400s name):
 * a screen shows these, with the corrected address, instead of quietly reading a default while the
 * address keeps the bad value. Keys the table does not name are left alone.
 */
export function addressProblems(
  table: FieldTable,
  search: Readonly<Record<string, string | string[] | undefined>>,
): AddressProblem[] {
  const problems: AddressProblem[] = [];
  for (const [field, spec] of Object.entries(table)) {
    const raw = search[field];
    // An empty value counts as absent, as the service reads one (and as a GET form sends it).
    const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
      (value) => value !== '',
    );
    if (values.length === 0) continue;
    if (spec.kind !== 'list' && values.length > 1) {
      problems.push({ field, message: 'given more than once' });
      continue;
    }
    if (values.length > MAX_REPEATED_VALUES) {
      problems.push({ field, message: `at most ${MAX_REPEATED_VALUES} values` });
      continue;
    }
    const message = values.map((value) => valueProblem(spec, value)).find((problem) => problem !== null);
    if (message) problems.push({ field, message });
  }
  return problems;
}

/** The address without the values named (the corrected address an address problem offers). */
export function addressWithout(
  path: string,
  search: Readonly<Record<string, string | string[] | undefined>>,
  fields: readonly string[],
): string {
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(search)) {
    if (raw === undefined || fields.includes(key)) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) params.append(key, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

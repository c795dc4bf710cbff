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

/** The values of a page's address as read, unchecked: nuqs values, or anything a test hands in. */
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

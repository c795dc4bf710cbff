import { z } from 'zod';
import { MAX_REPEATED_VALUES } from './limits';
import { DUE_MONTH } from './url-state';

/**
 * URLSearchParams as a plain object: a key given once is a string, a repeated key an array. The
 * route's zod schema decides what each must be (see `repeatable`).
 */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

/** A query parameter that may be given several times (`offices=EP&offices=US`) or not at all. */
export function repeatable<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_REPEATED_VALUES),
  );
}

/** A due month within the years a renewal can fall due (DUE_MONTH): a 400 naming the field otherwise. */
export const dueMonthSchema = z.string().refine((value) => DUE_MONTH.test(value), {
  error: () => DUE_MONTH.message,
});

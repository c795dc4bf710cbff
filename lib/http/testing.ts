import type { z } from 'zod';
import { searchParamsToObject } from './query';

/**
 * For the URL-state tests of each table: what a route handler's schema receives for a query
 * string (repeated keys as lists), and the fields it refuses in it, each named as a 400 names it.
 */
export function queryObject(query: string): Record<string, string | string[]> {
  return searchParamsToObject(new URLSearchParams(query));
}

/** The fields a schema refuses as dotted paths (`origin.0`), sorted; none when it accepts. */
export function refusedFields(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.')).sort();
}

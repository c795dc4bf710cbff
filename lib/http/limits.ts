/**
 * Limits of our query parameters, without zod so browser code can use them (bench: JS per route);
 * lib/http/query.ts builds the schemas on them.
 */

/** How many values one repeated query parameter may carry (`repeatable`). */
export const MAX_REPEATED_VALUES = 200;

/** The page sizes our paginated tables offer; the service caps a page at 100 (spec: Limits 1). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The highest page number a list query may name. */
export const MAX_PAGE = 100_000;

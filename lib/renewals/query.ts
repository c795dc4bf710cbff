import { z } from 'zod';
import { repeatable } from '@/lib/http/query';
import { windowParamsSchema } from './window';

/**
 * The filters sent to the service with a renewal list (spec: Endpoints 9). Everything else the
 * month view filters on is local: the service has no duePeriod or status filter.
 */
const office = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'an office is a two-letter code');
const freeText = z.string().trim().min(1).max(200);

export const serverFiltersSchema = z.object({
  offices: repeatable(office),
  owners: repeatable(freeText),
  family: repeatable(freeText),
});

/** Our /api/renewals query: a window and the server filters. */
export const renewalsQuerySchema = z.intersection(windowParamsSchema, serverFiltersSchema);

export type RenewalsQuery = z.output<typeof renewalsQuerySchema>;

/** The same query as URL parameters, repeated keys for lists (offices=EP&offices=US). */
export function renewalsQueryString(query: {
  month?: string | null;
  from?: string | null;
  to?: string | null;
  offices?: readonly string[];
  owners?: readonly string[];
  family?: readonly string[];
}): string {
  const params = new URLSearchParams();
  if (query.month) params.set('month', query.month);
  else if (query.from && query.to) {
    params.set('from', query.from);
    params.set('to', query.to);
  }
  for (const key of ['offices', 'owners', 'family'] as const) {
    for (const value of query[key] ?? []) params.append(key, value);
  }
  return params.toString();
}

import { z } from 'zod';
import { repeatable } from '@/lib/http/query';
import { windowFromParams, windowParamsSchema } from './window';

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

/**
 * Our /api/renewals query: a window, which it must name (the service needs one, spec: Endpoints 9
 * rule 1), and the server filters. The parsed value carries the window itself.
 */
export const renewalsQuerySchema = z
  .intersection(windowParamsSchema, serverFiltersSchema)
  .transform((query, ctx) => {
    const window = windowFromParams(query);
    if (!window) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'a month, or both from and to, is required' });
      return z.NEVER;
    }
    return { ...query, window };
  });

export type RenewalsQuery = z.output<typeof renewalsQuerySchema>;

export { renewalsQueryString } from './query-string';

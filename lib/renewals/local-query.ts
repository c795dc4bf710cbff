import { z } from 'zod';
import { repeatable } from '@/lib/http/query';
import { BADGE_KINDS } from './instructability';
import type { LocalFilters } from './view-model';

/**
 * The month view's local state as URL values: filters the service does not offer, and the sort
 * (./sort-param.ts, without zod so the browser can read it).
 */
const enumText = z.string().trim().min(1).max(60);

export const localFiltersSchema = z.object({
  badge: repeatable(z.enum(BADGE_KINDS)),
  decision: repeatable(enumText),
  processing: repeatable(enumText),
});

export function toLocalFilters(values: z.output<typeof localFiltersSchema>): LocalFilters {
  return { badges: values.badge, decisions: values.decision, processing: values.processing };
}

export { formatSort, parseSort } from './sort-param';

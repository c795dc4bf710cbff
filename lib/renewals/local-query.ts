import { z } from 'zod';
import { repeatable } from '@/lib/http/query';
import { BADGE_KINDS } from './instructability';
import { type LocalFilters, type RowSort, SORTABLE_COLUMNS } from './view-model';

/**
 * The month view's local state as URL values: filters the service does not offer, and the sort.
 * Sort is `column` ascending or `-column` descending, like the service's own (spec: Endpoints 1).
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

export function parseSort(value: string | null | undefined): RowSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return (SORTABLE_COLUMNS as readonly string[]).includes(id) ? { id: id as RowSort['id'], desc } : null;
}

export function formatSort(sort: RowSort | null): string | null {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : null;
}

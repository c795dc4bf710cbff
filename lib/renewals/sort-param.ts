import { type RowSort, SORTABLE_COLUMNS } from './view-model';

/** Sort is `column` ascending or `-column` descending, like the service's own (spec: Endpoints 1). */
export function parseSort(value: string | null | undefined): RowSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return (SORTABLE_COLUMNS as readonly string[]).includes(id) ? { id: id as RowSort['id'], desc } : null;
}

export function formatSort(sort: RowSort | null): string | null {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : null;
}

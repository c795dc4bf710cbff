'use client';

import type { DataTableProps } from './data-table';
import { headerSorting, type SortState } from './sort-button';

/**
 * The header sorting of a table whose rows come sorted from the server (./data-table.tsx's
 * `sorting`): the sort is the address's `field` ascending or `-field` descending; a header click
 * asks for the next one (ascending, descending, none: back to the list's default order), and the
 * page that comes back is drawn as it is. `fields` names, per column id, the field the server
 * sorts that column on; the other columns do not sort.
 */
export function urlSorting<Sort extends string>(
  sort: Sort | null | undefined,
  fields: ReadonlyMap<string, string>,
  onSort: (sort: Sort | null) => void,
): NonNullable<DataTableProps<unknown>['sorting']> {
  const desc = sort?.startsWith('-') ?? false;
  const sorted = desc ? sort?.slice(1) : sort;
  const state = (columnId: string): SortState | null => {
    const field = fields.get(columnId);
    if (field === undefined) return null;
    return field === sorted ? (desc ? 'desc' : 'asc') : false;
  };
  return headerSorting(state, (columnId, next) => {
    const field = fields.get(columnId);
    // `fields` holds only fields of the address's sort list, so both directions are in it.
    onSort(next === false || field === undefined ? null : ((next === 'desc' ? `-${field}` : field) as Sort));
  });
}

'use client';

import type { ReactNode } from 'react';
import { TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ariaSort, SortButton, type SortState } from './sort-button';

interface HeaderLike {
  id: string;
  column: { id: string; columnDef: { header?: unknown } };
}

/**
 * A table's header row: a sort button (with aria-sort) on the columns that sort, the column's own
 * header on the others. `sortState` answers null for a column that does not sort.
 */
export function SortableTableHeader<H extends HeaderLike>({
  groups,
  sortState,
  onToggle,
  renderHeader,
}: {
  groups: readonly { id: string; headers: readonly H[] }[];
  sortState: (columnId: string) => SortState | null;
  onToggle: (columnId: string) => void;
  renderHeader: (header: H) => ReactNode;
}) {
  return (
    <TableHeader>
      {groups.map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((header) => {
            const state = sortState(header.column.id);
            return (
              <TableHead key={header.id} scope="col" aria-sort={state === null ? undefined : ariaSort(state)}>
                {state === null ? (
                  renderHeader(header)
                ) : (
                  <SortButton
                    label={String(header.column.columnDef.header)}
                    state={state}
                    onToggle={() => onToggle(header.column.id)}
                  />
                )}
              </TableHead>
            );
          })}
        </TableRow>
      ))}
    </TableHeader>
  );
}

'use client';

import type { ReactNode } from 'react';
import { TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { priorityClass } from './priority';
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
  lowPriority,
}: {
  groups: readonly { id: string; headers: readonly H[] }[];
  sortState: (columnId: string) => SortState | null;
  onToggle: (columnId: string) => void;
  renderHeader: (header: H) => ReactNode;
  /** Columns hidden below the 2xl breakpoint, their values in the row's details (priority.ts). */
  lowPriority?: ReadonlySet<string>;
}) {
  return (
    <TableHeader>
      {groups.map((group) => (
        <TableRow key={group.id}>
          {group.headers.map((header) => {
            const state = sortState(header.column.id);
            return (
              <TableHead
                key={header.id}
                scope="col"
                aria-sort={state === null ? undefined : ariaSort(state)}
                className={priorityClass(header.column.id, lowPriority)}
              >
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

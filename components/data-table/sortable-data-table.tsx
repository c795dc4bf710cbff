'use client';

import {
  type ColumnDef,
  createSortedRowModel,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { compareSortValues, type TableColumn } from '@/lib/table/columns';
import { DataTable, type DataTableProps } from './data-table';
import { headerSorting, type SortState } from './sort-button';

/**
 * Sorting only: TanStack Table 9 ships the features a table declares, so this table carries the
 * sorting code and its row model, nothing else. Module scope: features must be stable.
 */
const sortingFeatures = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });

type Features = typeof sortingFeatures;

function tanstackColumns<Row extends RowData>(
  columns: readonly TableColumn<Row>[],
): ColumnDef<Features, Row>[] {
  return columns.map((column) => {
    const sortValue = column.sort;
    return sortValue
      ? {
          id: column.id,
          // Absent values go last in either direction (sortUndefined), so a blank is never "first".
          accessorFn: (row: Row) => sortValue(row) ?? undefined,
          sortUndefined: 'last',
          sortFn: (a, b, id) =>
            compareSortValues(a.getValue<string | number>(id), b.getValue<string | number>(id)),
        }
      : { id: column.id, enableSorting: false };
  });
}

/**
 * A table the reader sorts by clicking a header (ascending, descending, back to the given order),
 * drawn by ./data-table.tsx from the same column definitions a server page uses. Rows come in
 * the order to show when nothing is sorted.
 */
export function SortableDataTable<Row extends RowData>({
  initialSort = null,
  ...props
}: Omit<DataTableProps<Row>, 'sorting'> & { initialSort?: { id: string; desc: boolean } | null }) {
  const { columns, rows, rowKey } = props;
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const definitions = useMemo(() => tanstackColumns(columns), [columns]);
  const table = useTable({
    features: sortingFeatures,
    columns: definitions,
    data: rows as Row[],
    getRowId: rowKey,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const sortable = useMemo(() => new Set(columns.filter((c) => c.sort).map((c) => c.id)), [columns]);
  const stateOf = (columnId: string): SortState | null => {
    if (!sortable.has(columnId)) return null;
    const sorted = sorting.find((sort) => sort.id === columnId);
    return sorted ? (sorted.desc ? 'desc' : 'asc') : false;
  };
  return (
    <DataTable
      {...(props as DataTableProps<Row>)}
      rows={table.getRowModel().rows.map((row) => row.original)}
      sorting={headerSorting(stateOf, (columnId, next) =>
        setSorting(next ? [{ id: columnId, desc: next === 'desc' }] : []),
      )}
    />
  );
}

import type { ComponentType, ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { TABLE_CELL_CLASS, TABLE_HEAD_CLASS, TableHead } from '@/components/ui/table';
import type { TableColumn } from '@/lib/table/columns';
import { LOW_PRIORITY } from './priority';
import type { RowDetail } from './row-details';
import type { SortState } from './sort-button';

/**
 * The cells of the kit's tables, from column definitions: ./data-table.tsx draws a whole list
 * with them, ./windowed-data-table.tsx the rows near the viewport of a long one. A module of its
 * own, so a page drawing only one of the two loads none of the other's code.
 */

/**
 * How a sortable table (./sortable-data-table.tsx) draws its headers. The sort button comes from
 * there, so a read-only table's page loads none of its code.
 */
export interface HeaderSorting {
  /** Null for a column that does not sort. */
  state: (columnId: string) => SortState | null;
  button: (header: string, columnId: string, state: SortState) => ReactNode;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * Where low-priority columns are hidden (below 1536 px), their values in a disclosure in the
 * row's first shown cell: the row's name for it ("Details of EP 123") and the disclosure
 * (./row-details.tsx), passed in so a page whose tables hide no column loads none of its script.
 */
export interface RowDetailsOption<Row> {
  name: (row: Row) => string;
  Disclosure: ComponentType<{ name: string; details: readonly RowDetail[] }>;
}

const alignClass = (column: Pick<TableColumn<unknown>, 'align'>) =>
  column.align === 'end' ? 'text-right tabular-nums' : undefined;

const priorityOf = (column: Pick<TableColumn<unknown>, 'priority'>) =>
  column.priority === 'low' ? LOW_PRIORITY : undefined;

/**
 * The columns' widths, for a table of fixed layout: the browser then sizes the columns from
 * these alone, never from the rows drawn, so a table whose rows change (a window of a long list,
 * a sort) neither jumps nor measures its cells again.
 */
export function ColumnWidths<Row>({ columns }: { columns: readonly TableColumn<Row>[] }) {
  return (
    <colgroup>
      {columns.map((column) => (
        <col key={column.id} style={column.width ? { width: column.width } : undefined} />
      ))}
    </colgroup>
  );
}

/**
 * The header cells of a table's one header row: a control where the column draws one (a
 * select-all box), a sort button where the table sorts on the column, its name otherwise.
 */
export function HeaderCells<Row>({
  columns,
  sorting,
}: {
  columns: readonly TableColumn<Row>[];
  sorting?: HeaderSorting;
}) {
  return columns.map((column) => {
    const state = sorting?.state(column.id) ?? null;
    return (
      <TableHead
        key={column.id}
        scope="col"
        aria-sort={state === null ? undefined : state ? ARIA_SORT[state] : 'none'}
        className={cn(alignClass(column), priorityOf(column))}
      >
        {column.headerHidden ? (
          <span className="sr-only">{column.header}</span>
        ) : column.headerCell ? (
          column.headerCell()
        ) : state === null || !sorting ? (
          column.header
        ) : (
          sorting.button(column.header, column.id, state)
        )}
      </TableHead>
    );
  });
}

/** A body cell's classes: the primitive's (components/ui/table.tsx) merged with the column's. */
function cellClasses<Row>(column: TableColumn<Row>, cellClassName: string | undefined): string {
  return cn(
    column.rowHeader ? TABLE_HEAD_CLASS : TABLE_CELL_CLASS,
    cn(
      column.rowHeader && 'text-foreground',
      alignClass(column),
      priorityOf(column),
      cellClassName,
      column.className,
    ),
  );
}

/**
 * Each column's cell classes, merged once per set of columns rather than in every cell of every
 * row: a windowed table redraws the cells of every row on screen on a sort or a filter (bench:
 * sort ≤ 16 ms).
 */
const classesByColumns = new WeakMap<object, Map<string | undefined, readonly string[]>>();

function columnClasses<Row>(columns: readonly TableColumn<Row>[], cellClassName: string | undefined) {
  let byCellClass = classesByColumns.get(columns);
  if (!byCellClass) {
    byCellClass = new Map();
    classesByColumns.set(columns, byCellClass);
  }
  let classes = byCellClass.get(cellClassName);
  if (!classes) {
    classes = columns.map((column) => cellClasses(column, cellClassName));
    byCellClass.set(cellClassName, classes);
  }
  return classes;
}

/**
 * One row's cells, from the columns. `cellClassName` is added to every cell (a windowed table's
 * rows keep one height: no vertical padding, no wrapping); `markColumns` names each cell's
 * column in `data-column`, where a test or a journey finds a cell by its column. The cells are the
 * table primitives' elements with their classes, written out rather than drawn through them: one
 * component less per cell of every row.
 */
export function RowCells<Row>({
  columns,
  row,
  details,
  cellClassName,
  markColumns = false,
  drawn,
}: {
  columns: readonly TableColumn<Row>[];
  row: Row;
  details?: RowDetailsOption<Row>;
  cellClassName?: string;
  markColumns?: boolean;
  /** Only these columns' cells get their content, the others are left empty; all when absent. */
  drawn?: { from: number; to: number };
}) {
  // The details go in the first column shown at every width.
  const detailsColumn = details ? columns.findIndex((column) => column.priority !== 'low') : -1;
  const inDetails = details
    ? columns.filter((column) => column.priority === 'low' && column.details !== false)
    : [];
  const classes = columnClasses(columns, cellClassName);
  return columns.map((column, index) => {
    const Cell = column.rowHeader ? 'th' : 'td';
    const empty = drawn !== undefined && (index < drawn.from || index > drawn.to);
    return (
      <Cell
        key={column.id}
        scope={column.rowHeader ? 'row' : undefined}
        data-column={markColumns ? column.id : undefined}
        className={classes[index]}
      >
        {empty ? null : column.cell(row)}
        {!empty && index === detailsColumn && details && inDetails.length > 0 ? (
          <details.Disclosure
            name={details.name(row)}
            details={inDetails.map((hidden) => ({ label: hidden.header, value: hidden.cell(row) }))}
          />
        ) : null}
      </Cell>
    );
  });
}

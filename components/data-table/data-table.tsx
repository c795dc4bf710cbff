import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { TableColumn } from '@/lib/table/columns';
import { LOW_PRIORITY } from './priority';
import type { RowDetail } from './row-details';
import type { SortState } from './sort-button';

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

/** A table is named by a caption (shown below it, or only to screen readers) or an aria-label. */
type Naming =
  | { caption: ReactNode; captionHidden?: boolean; label?: never }
  | { label: string; caption?: never; captionHidden?: never };

export type DataTableProps<Row> = Naming & {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** A row's key; the index only where rows have no identity of their own and never reorder. */
  rowKey: (row: Row, index: number) => string;
  /**
   * Where low-priority columns are hidden (below 1536 px), their values in a disclosure in the
   * row's first shown cell: the row's name for it ("Details of EP 123") and the disclosure
   * (./row-details.tsx). Passed in rather than imported, so a page whose tables hide no column
   * loads none of its script.
   */
  rowDetails?: {
    name: (row: Row) => string;
    Disclosure: ComponentType<{ name: string; details: readonly RowDetail[] }>;
  };
  /** Attributes of a row (a data-* id the journeys find it by, a highlight). */
  rowProps?: (row: Row) => ComponentProps<'tr'> & Record<`data-${string}`, string | undefined>;
  /** Shown as the only row when there are none. */
  empty?: ReactNode;
  /** A last row drawn with the same columns, set apart: the totals. */
  totals?: Row;
  /** Rows after the data that do not fit the columns, drawn with components/ui/table's rows and cells. */
  footer?: ReactNode;
  /** Fixed layout: every column keeps its `width`, whatever rows are drawn. */
  fixed?: boolean;
  /** Names each cell's column in `data-column`, where a journey finds a cell by its column. */
  markColumns?: boolean;
  sorting?: HeaderSorting;
  className?: string;
  'data-testid'?: string;
};

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

/**
 * One row's cells, from the columns. `cellClassName` is added to every cell (a windowed table's
 * rows keep one height: no vertical padding, no wrapping); `markColumns` names each cell's
 * column in `data-column`, where a test or a journey finds a cell by its column.
 */
export function RowCells<Row>({
  columns,
  row,
  details,
  cellClassName,
  markColumns = false,
}: {
  columns: readonly TableColumn<Row>[];
  row: Row;
  details?: DataTableProps<Row>['rowDetails'];
  cellClassName?: string;
  markColumns?: boolean;
}) {
  // The details go in the first column shown at every width.
  const detailsColumn = details ? columns.findIndex((column) => column.priority !== 'low') : -1;
  const inDetails = details
    ? columns.filter((column) => column.priority === 'low' && column.details !== false)
    : [];
  return columns.map((column, index) => {
    const Cell = column.rowHeader ? TableHead : TableCell;
    return (
      <Cell
        key={column.id}
        scope={column.rowHeader ? 'row' : undefined}
        data-column={markColumns ? column.id : undefined}
        className={cn(
          column.rowHeader && 'text-foreground',
          alignClass(column),
          priorityOf(column),
          cellClassName,
          column.className,
        )}
      >
        {column.cell(row)}
        {index === detailsColumn && details && inDetails.length > 0 ? (
          <details.Disclosure
            name={details.name(row)}
            details={inDetails.map((hidden) => ({ label: hidden.header, value: hidden.cell(row) }))}
          />
        ) : null}
      </Cell>
    );
  });
}

/**
 * The one way to draw a table: headers and cells from column definitions (lib/table/columns.ts).
 * No hooks and no browser code, so a server page draws a read-only table without shipping any
 * script; ./sortable-data-table.tsx orders the rows in the browser and draws them through this.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowDetails,
  rowProps,
  caption,
  captionHidden = false,
  label,
  empty,
  totals,
  footer,
  fixed = false,
  markColumns = false,
  sorting,
  className,
  'data-testid': testId,
}: DataTableProps<Row>) {
  const cellsOf = (row: Row) => (
    <RowCells columns={columns} row={row} details={rowDetails} markColumns={markColumns} />
  );
  return (
    <Table
      aria-label={label}
      data-testid={testId}
      className={className}
      // A layout, not a class: the reduced class merger (components/ui/cn.ts) has no table layouts.
      style={fixed ? { tableLayout: 'fixed' } : undefined}
    >
      {caption ? (
        <TableCaption className={captionHidden ? 'sr-only' : undefined}>{caption}</TableCaption>
      ) : null}
      {fixed ? <ColumnWidths columns={columns} /> : null}
      <TableHeader>
        <TableRow>
          <HeaderCells columns={columns} sorting={sorting} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row, index)} {...rowProps?.(row)}>
            {cellsOf(row)}
          </TableRow>
        ))}
        {rows.length === 0 && empty ? (
          <TableRow>
            <TableCell colSpan={columns.length} className="py-6 text-center text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        ) : null}
        {totals ? <TableRow className="font-semibold">{cellsOf(totals)}</TableRow> : null}
        {footer}
      </TableBody>
    </Table>
  );
}

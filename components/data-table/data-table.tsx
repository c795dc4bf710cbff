import type { ComponentProps, ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableCell, TableHeader, TableRow } from '@/components/ui/table';
import type { TableColumn } from '@/lib/table/columns';
import {
  ColumnWidths,
  HeaderCells,
  type HeaderSorting,
  RowCells,
  type RowDetailsOption,
} from './table-cells';

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
  rowDetails?: RowDetailsOption<Row>;
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

import type { ReactNode } from 'react';

/**
 * A table column as data: what components/data-table draws, on the server (read-only) and in the
 * browser (sorting). The definitions live beside the component that draws their cells
 * (`components/<area>/*-columns.tsx`, a route's `columns.tsx`): cells draw components, which
 * `lib/` may not import.
 */
export interface TableColumn<Row> {
  id: string;
  /** The column's name: its header, its label in a row's details and in an export. */
  header: string;
  /** Read only by screen readers (a column of row actions). */
  headerHidden?: boolean;
  /** The header drawn as a control instead of its name (a select-all box); `header` still names it. */
  headerCell?: () => ReactNode;
  /** `end` for numbers and money, so digits line up; text starts at the start. */
  align?: 'start' | 'end';
  cell: (row: Row) => ReactNode;
  /** The column that names its row (a month, an office): drawn as `<th scope="row">`. */
  rowHeader?: boolean;
  /** The value the column sorts by (strings by locale, numbers by size); a column without one does not sort. */
  sort?: (row: Row) => string | number | null;
  /**
   * `low`: hidden below the 2xl breakpoint (1536 px), by CSS only, its value shown in the row's
   * details instead, so the key columns stay on a 1280 px screen (components/data-table/priority.ts).
   */
  priority?: 'low';
  /** `false`: a low-priority column another cell already shows below 1536 px, left out of the details. */
  details?: false;
  /** A CSS width, used where the table's layout is fixed (rows drawn in windows keep their widths). */
  width?: string;
  /** The cell as text in a CSV or XLSX file; a column without one is not exported. */
  export?: (row: Row) => string | number | null;
  /** Extra classes for the column's cells (wrapping, a minimum width). */
  className?: string;
}

/** A column of amounts: at the end of the cell and in fixed-width figures, so the digits line up. */
export function amountColumn<Row>(
  id: string,
  header: string,
  cell: (row: Row) => ReactNode,
): TableColumn<Row> {
  return { id, header, align: 'end', className: 'font-mono', cell };
}

/** Numbers by size, text by the reader's collation with digits as numbers ("EP 9" before "EP 10"). */
export function compareSortValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a).localeCompare(String(b), undefined, { numeric: true });
}

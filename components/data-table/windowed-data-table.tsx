'use client';

import {
  type ComponentProps,
  memo,
  type ReactNode,
  type RefObject,
  useDeferredValue,
  useMemo,
  useRef,
} from 'react';
import { Table, TableBody, TableCaption, TableHeader, TableRow } from '@/components/ui/table';
import type { TableColumn } from '@/lib/table/columns';
import { ColumnWidths, HeaderCells, type HeaderSorting, RowCells } from './table-cells';
import { type ColumnRange, useVisibleColumns } from './use-visible-columns';
import { useWindowRows } from './use-window-rows';

/** A row of data, with its place among the list's rows (aria-rowindex), or a section's header row. */
export type WindowedItem<Row, Section> =
  | { kind: 'section'; key: string; section: Section }
  | { kind: 'row'; row: Row; index: number };

/** Attributes of a drawn row: a data-* id the journeys find it by, its look, its focus. */
type RowAttributes = ComponentProps<'tr'> & Record<`data-${string}`, string | undefined>;

export interface WindowedDataTableProps<Row, Section> {
  columns: readonly TableColumn<Row>[];
  /** Every row of the list (and section headers), in the order to show: only those near the viewport are drawn. */
  items: readonly WindowedItem<Row, Section>[];
  /** Read by screen readers only: the table's name and how many rows it holds. */
  caption: ReactNode;
  /** aria-rowcount: every row of the list with the header row, drawn or not. */
  rowCount: number;
  /** Every row (and section header) has this height in px, so positions are arithmetic. */
  rowHeight: number;
  /** Rows drawn beyond each edge of the viewport (./use-window-rows.ts). */
  overscan: number;
  /** The viewport height assumed by the server render and hydration (./use-window-rows.ts). */
  initialViewportHeight: number;
  /** Rows still to come (a list whose first screen arrived first): their height is held below. */
  pendingRows?: number;
  /**
   * A row's attributes. Rows are memoised: one is drawn again only when its row, its place, the
   * columns or this function change, so keep it stable (useCallback) while nothing it reads changes.
   */
  rowProps: (row: Row, index: number) => RowAttributes;
  /** A section's header row content, drawn across every column. */
  section?: (section: Section) => ReactNode;
  /** Keep it stable (useMemo) while the sort does not change: the header row is drawn again when it does. */
  sorting?: HeaderSorting;
  /** The table body, for a caller that scrolls to a row (rows are at index × rowHeight in it). */
  bodyRef?: RefObject<HTMLTableSectionElement | null>;
}

/**
 * A windowed row's cells: one height, no vertical padding, no wrapping, so every row is exactly
 * the table's row height and positions never need measuring.
 */
const WINDOWED_CELL = 'py-0 whitespace-nowrap';

const WindowedRow = memo(function WindowedRow<Row>({
  columns,
  row,
  index,
  rowProps,
  height,
  drawn,
}: WindowedRowProps<Row>) {
  const { style, ...props } = rowProps(row, index);
  return (
    <TableRow aria-rowindex={index + 2} {...props} style={{ ...style, height }}>
      <RowCells columns={columns} row={row} cellClassName={WINDOWED_CELL} markColumns drawn={drawn} />
    </TableRow>
  );
}) as <Row>(props: WindowedRowProps<Row>) => ReactNode;

interface WindowedRowProps<Row> {
  columns: readonly TableColumn<Row>[];
  row: Row;
  index: number;
  rowProps: (row: Row, index: number) => RowAttributes;
  height: number;
  /** Only these columns' cells get their content; every column's when absent. */
  drawn?: ColumnRange;
}

/**
 * The header row, memoised: a filter click changes the rows, not the headers, and a sort click
 * only the sort states (`sorting`: keep it stable while they do not change).
 */
const HeaderRow = memo(function HeaderRow<Row>({
  columns,
  sorting,
}: {
  columns: readonly TableColumn<Row>[];
  sorting?: HeaderSorting;
}) {
  return (
    <TableRow aria-rowindex={1}>
      <HeaderCells columns={columns} sorting={sorting} />
    </TableRow>
  );
}) as <Row>(props: { columns: readonly TableColumn<Row>[]; sorting?: HeaderSorting }) => ReactNode;

/** Holds the height of the rows not drawn, above or below the drawn ones. */
function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  if (height <= 0) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer holding the height of rows not rendered; it has no content
    <tr aria-hidden="true">
      <td colSpan={columnCount} style={{ height, padding: 0 }} />
    </tr>
  );
}

/**
 * A long list as a real table (screen readers get rows, columns, their count and the sort state)
 * whose body draws only the rows near the viewport, for lists of thousands of rows. Every row
 * has one fixed height and the layout is fixed with the columns' widths (lib/table/columns.ts
 * `width`): the browser neither measures the drawn cells nor moves a column when other rows come
 * into the window. Rows are keyed by position: a sort or a filter rewrites the rows on screen in
 * place instead of building new ones, so nothing in a row may keep state of its own row except
 * under a key of that row. New items are drawn in view first: the rows in the viewport and their
 * cells in view sideways, then the rest right after the paint (docs/performance.md, "What is in
 * view first"). Ordering and filtering happen before, in the caller; this only draws.
 */
export function WindowedDataTable<Row, Section = never>({
  columns,
  items,
  caption,
  rowCount,
  rowHeight,
  overscan,
  initialViewportHeight,
  pendingRows = 0,
  rowProps,
  section,
  sorting,
  bodyRef,
}: WindowedDataTableProps<Row, Section>) {
  const ownBodyRef = useRef<HTMLTableSectionElement>(null);
  const body = bodyRef ?? ownBodyRef;
  const windowRows = useWindowRows({
    count: items.length,
    rowHeight,
    overscan,
    containerRef: body,
    initialViewportHeight,
  });
  const columnCount = columns.length;
  // A new order or a filter first draws what is in view: the rows in the viewport (not the
  // overscan) and, of those, the cells in view sideways; the rest follows right after the paint.
  // A wide table's cells scrolled out of view sideways are half of every row's work (bench: sort
  // or filter ≤ 16 ms). Until then those cells are empty, never another row's.
  const settledItems = useDeferredValue(items);
  const settling = settledItems !== items;
  const inViewColumns = useVisibleColumns(body);
  const drawn = settling ? (inViewColumns ?? undefined) : undefined;
  const start = settling ? windowRows.inViewStart : windowRows.start;
  const end = settling ? windowRows.inViewEnd : windowRows.end;
  const shownItems = useMemo(() => items.slice(start, end), [items, start, end]);
  const paddingTop = start * rowHeight;
  const paddingBottom = (items.length - end) * rowHeight;
  return (
    // A layout, not a class: the reduced class merger (components/ui/cn.ts) has no table layouts.
    <Table aria-rowcount={rowCount} style={{ tableLayout: 'fixed' }}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <ColumnWidths columns={columns} />
      <TableHeader>
        <HeaderRow columns={columns} sorting={sorting} />
      </TableHeader>
      <TableBody ref={body}>
        <Spacer height={paddingTop} columnCount={columnCount} />
        {shownItems.map((item) =>
          item.kind === 'section' ? (
            <tr key={`section:${item.key}`} className="border-b bg-muted/60" style={{ height: rowHeight }}>
              <th colSpan={columnCount} scope="colgroup" className="px-3 text-left text-sm font-semibold">
                {section?.(item.section)}
              </th>
            </tr>
          ) : (
            <WindowedRow
              // By position (see above).
              key={`row:${item.index}`}
              columns={columns}
              row={item.row}
              index={item.index}
              rowProps={rowProps}
              height={rowHeight}
              drawn={drawn}
            />
          ),
        )}
        <Spacer height={paddingBottom + pendingRows * rowHeight} columnCount={columnCount} />
      </TableBody>
    </Table>
  );
}

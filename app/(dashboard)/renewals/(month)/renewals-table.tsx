'use client';

import { useTable } from '@tanstack/react-table';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { ariaSort, nextSort, SortButton, type SortState } from '@/components/data-table/sort-button';
import { useWindowRows } from '@/components/data-table/use-window-rows';
import { useOptionalDecisions } from '@/components/decisions/decision-context';
import { decisionLook } from '@/components/decisions/decision-look';
import { useLocale } from '@/components/shell/locale';
import { cn } from '@/components/ui/cn';
import { formatTotals } from '@/lib/annuity/money';
import { RENEWAL_COLUMNS } from '@/lib/renewals/columns';
import type { RenewalRow } from '@/lib/renewals/rows';
import { groupByOffice, type OfficeGroup, type RowSort } from '@/lib/renewals/view-model';
import { decidingColumns, renewalColumns, renewalFeatures } from './columns';

/** Every row has the same height, so positions are exact and nothing shifts while scrolling. */
const ROW_HEIGHT = 52;
/** The viewport assumed before the browser has one (server render, hydration). */
const INITIAL_VIEWPORT_HEIGHT = 1000;
/** Rows rendered beyond each edge of the viewport: enough for a fast scroll, few to re-render. */
const OVERSCAN = 5;
/** Room kept above and below the keyboard's row when it scrolls into view (the sticky draft bar). */
const CURSOR_MARGIN_TOP = 64;
const CURSOR_MARGIN_BOTTOM = 120;

const SORT_BY_COLUMN = new Map(RENEWAL_COLUMNS.map((column) => [column.id, column.sort]));

type Item = { kind: 'group'; group: OfficeGroup } | { kind: 'row'; row: RenewalRow; index: number };

/**
 * The month view's rows: a real table (screen readers get rows, columns and sort state) whose
 * body renders only the rows near the viewport, so 2,000+ renewals stay smooth. Sorting and
 * filtering happen before (lib/renewals/view-model); this component only draws.
 */
export function RenewalsTable({
  rows,
  totalRows,
  grouped,
  hidden,
  sort,
  onSortChange,
  deciding,
}: {
  rows: RenewalRow[];
  /** Adds the selection box and the decision column (for roles that decide). */
  deciding: boolean;
  totalRows: number;
  grouped: boolean;
  hidden: readonly string[];
  sort: RowSort | null;
  onSortChange: (sort: RowSort | null) => void;
}) {
  const locale = useLocale();
  const columnVisibility = useMemo(() => Object.fromEntries(hidden.map((id) => [id, false])), [hidden]);

  const items = useMemo<Item[]>(() => {
    if (!grouped) return rows.map((row, index) => ({ kind: 'row', row, index }));
    const out: Item[] = [];
    let index = 0;
    for (const group of groupByOffice(rows)) {
      out.push({ kind: 'group', group });
      for (const row of group.rows) out.push({ kind: 'row', row, index: index++ });
    }
    return out;
  }, [rows, grouped]);

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { start, end, paddingTop, paddingBottom } = useWindowRows({
    count: items.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    containerRef: bodyRef,
    initialViewportHeight: INITIAL_VIEWPORT_HEIGHT,
  });
  // The table model is built for the rows on screen only: a sort or a filter then costs a few
  // dozen rows of work, not one per renewal of the month (bench: filter or sort ≤ 50 ms).
  const shownItems = useMemo(() => items.slice(start, end), [items, start, end]);
  const shownRows = useMemo(
    () => shownItems.flatMap((item) => (item.kind === 'row' ? [item.row] : [])),
    [shownItems],
  );
  const table = useTable({
    features: renewalFeatures,
    columns: deciding ? decidingColumns : renewalColumns,
    data: shownRows,
    getRowId: (row) => row.eventId,
    state: { columnVisibility },
  });
  const decisions = useOptionalDecisions();
  const cursorId = decisions?.cursorId ?? null;
  useCursorRow(cursorId, items, bodyRef);
  const modelRows = table.getRowModel().rows;
  const byId = useMemo(() => new Map(modelRows.map((row) => [row.id, row])), [modelRows]);
  const visibleColumns = table.getVisibleLeafColumns();
  const columnCount = visibleColumns.length;

  const sortStateOf = (columnId: string): SortState => {
    const sortId = SORT_BY_COLUMN.get(columnId);
    return sort && sortId && sort.id === sortId ? (sort.desc ? 'desc' : 'asc') : false;
  };
  const toggleSort = (columnId: string) => {
    const sortId = SORT_BY_COLUMN.get(columnId);
    if (!sortId) return;
    const next = nextSort(sortStateOf(columnId));
    onSortChange(next === false ? null : { id: sortId, desc: next === 'desc' });
  };

  return (
    <div className="relative w-full overflow-x-auto rounded-lg border">
      <table className="w-full caption-bottom text-sm" aria-rowcount={totalRows + 1}>
        <caption className="sr-only">
          Renewals due in the window, {rows.length} shown of {totalRows}
        </caption>
        <thead className="bg-muted/50">
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id} className="border-b" aria-rowindex={1}>
              {headerGroup.headers.map((header) => {
                const sortable = SORT_BY_COLUMN.get(header.column.id) !== undefined;
                const state = sortStateOf(header.column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sortable ? ariaSort(state) : undefined}
                    className="h-10 px-3 text-left align-middle text-xs font-semibold whitespace-nowrap text-muted-foreground"
                  >
                    {sortable ? (
                      <SortButton
                        label={String(header.column.columnDef.header)}
                        state={state}
                        onToggle={() => toggleSort(header.column.id)}
                      />
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={bodyRef}>
          {paddingTop > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer holding the height of rows not rendered; it has no content
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          ) : null}
          {shownItems.map((item) => {
            if (item.kind === 'group') {
              return (
                <tr
                  key={`group:${item.group.office ?? ''}`}
                  className="border-b bg-muted/60"
                  style={{ height: ROW_HEIGHT }}
                >
                  <th colSpan={columnCount} scope="colgroup" className="px-3 text-left text-sm font-semibold">
                    {item.group.office ?? 'Unknown office'}
                    <span className="ml-2 font-normal text-muted-foreground">
                      {item.group.rows.length} renewal{item.group.rows.length === 1 ? '' : 's'}
                      {item.group.totals.length > 0 ? ` · ${formatTotals(item.group.totals, locale)}` : ''}
                    </span>
                  </th>
                </tr>
              );
            }
            const row = byId.get(item.row.eventId);
            if (!row) return null;
            const decided = decisions?.draft.byEvent.get(item.row.eventId)?.decision ?? null;
            return (
              <tr
                key={item.row.eventId}
                aria-rowindex={item.index + 2}
                data-event-id={item.row.eventId}
                data-decision={decided ?? undefined}
                // Focusable by script only: the keyboard's row (j / k), not one more Tab stop per row.
                tabIndex={-1}
                aria-current={cursorId === item.row.eventId ? 'true' : undefined}
                className={cn(
                  'border-b transition-colors outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  decisionLook(decided)?.row,
                  cursorId === item.row.eventId && 'bg-accent/60',
                )}
                style={{ height: ROW_HEIGHT }}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-column={cell.column.id}
                    className="px-3 align-middle whitespace-nowrap"
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer holding the height of rows not rendered; it has no content
            <tr aria-hidden="true">
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Brings the keyboard's row into view and focuses it. Its position is arithmetic (fixed row
 * heights), so a row outside the rendered window is scrolled to first; it is focused once the
 * window has rendered it. Layout is read here, after a move, never while rendering.
 */
function useCursorRow(
  cursorId: string | null,
  items: readonly Item[],
  bodyRef: RefObject<HTMLTableSectionElement | null>,
) {
  const pendingFocus = useRef<string | null>(null);
  // Read through a ref: a sort or a filter must not pull the page (and focus) back to the row.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });
  useEffect(() => {
    const body = bodyRef.current;
    if (!cursorId || !body) return;
    const index = itemsRef.current.findIndex((item) => item.kind === 'row' && item.row.eventId === cursorId);
    if (index < 0) return;
    const top = body.getBoundingClientRect().top + window.scrollY + index * ROW_HEIGHT;
    const viewTop = window.scrollY + CURSOR_MARGIN_TOP;
    const viewBottom = window.scrollY + window.innerHeight - CURSOR_MARGIN_BOTTOM;
    if (top < viewTop) window.scrollTo({ top: top - CURSOR_MARGIN_TOP });
    else if (top + ROW_HEIGHT > viewBottom)
      window.scrollTo({ top: top + ROW_HEIGHT - window.innerHeight + CURSOR_MARGIN_BOTTOM });
    pendingFocus.current = cursorId;
  }, [cursorId, bodyRef]);
  // After every render: the row may have just entered the rendered window.
  useEffect(() => {
    const id = pendingFocus.current;
    const body = bodyRef.current;
    if (!id || !body) return;
    const row = body.querySelector<HTMLElement>(`tr[data-event-id="${CSS.escape(id)}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  });
}

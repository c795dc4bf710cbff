'use client';

import { memo, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import { headerSorting, type SortState } from '@/components/data-table/sort-button';
import { WindowedDataTable, type WindowedItem } from '@/components/data-table/windowed-data-table';
import { useOptionalDecisions } from '@/components/decisions/decision-context';
import { decisionLook } from '@/components/decisions/decision-look';
import { useLocale } from '@/components/shell/locale';
import { cn } from '@/components/ui/cn';
import { formatTotals } from '@/lib/annuity/money';
import { RENEWAL_COLUMNS } from '@/lib/renewals/columns';
import type { RenewalRow } from '@/lib/renewals/rows';
import { groupByOffice, type OfficeGroup, type RowSort } from '@/lib/renewals/view-model';
import type { WindowHead } from '@/lib/renewals/window-data';
import { decidingColumns, renewalColumns } from './columns';

/** Every row has the same height, so positions are exact and nothing shifts while scrolling. */
const ROW_HEIGHT = 52;
/**
 * The viewport assumed before the browser has one (server render, hydration): enough rows to fill
 * a laptop's screen below the page's header and filters. Every row drawn here is hydrated, and on a
 * phone, where the table starts below the fold, dropped again right after (Lighthouse's blocking time).
 */
const INITIAL_VIEWPORT_HEIGHT = 600;
/**
 * Rows rendered beyond each edge of the viewport: enough for a scroll between two frames, few to
 * re-render and lay out again on a sort or a filter (bench: ≤ 16 ms).
 */
const OVERSCAN = 2;
/** Room kept above and below the keyboard's row when it scrolls into view (the sticky draft bar). */
const CURSOR_MARGIN_TOP = 64;
const CURSOR_MARGIN_BOTTOM = 120;

const SORT_BY_COLUMN = new Map(RENEWAL_COLUMNS.map((column) => [column.id, column.sort]));

type Item = WindowedItem<RenewalRow, OfficeGroup>;

/**
 * The month view's rows, drawn by the table kit's windowed table
 * (components/data-table/windowed-data-table.tsx), so 3,000 renewals stay smooth. Sorting and
 * filtering happen before (lib/renewals/view-model); this component only draws.
 */
export const RenewalsTable = memo(function RenewalsTable({
  rows,
  shownCount = rows.length,
  groupFigures = null,
  totalRows,
  grouped,
  hidden,
  sort,
  onSortChange,
  deciding,
}: {
  rows: RenewalRow[];
  /**
   * Rows the filters keep in the whole window: more than `rows` while only the first screen has
   * arrived (lib/renewals/window-head.ts); the table keeps their height so nothing moves when they come.
   */
  shownCount?: number;
  /** The whole window's figures per office while only the first screen has arrived (group headers). */
  groupFigures?: WindowHead['groups'];
  /** Adds the selection box and the decision column (for roles that decide). */
  deciding: boolean;
  totalRows: number;
  grouped: boolean;
  hidden: readonly string[];
  sort: RowSort | null;
  onSortChange: (sort: RowSort | null) => void;
}) {
  const locale = useLocale();
  const visibleColumns = useMemo(
    () => (deciding ? decidingColumns : renewalColumns).filter((column) => !hidden.includes(column.id)),
    [deciding, hidden],
  );

  const items = useMemo<Item[]>(() => {
    if (!grouped) return rows.map((row, index) => ({ kind: 'row', row, index }));
    const out: Item[] = [];
    let index = 0;
    for (const group of groupByOffice(rows)) {
      out.push({ kind: 'section', key: group.office ?? '', section: group });
      for (const row of group.rows) out.push({ kind: 'row', row, index: index++ });
    }
    return out;
  }, [rows, grouped]);

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Rows (and office headers) still to come: their height is held below the first screen.
  const loadedGroups = items.length - rows.length;
  const pending =
    Math.max(0, shownCount - rows.length) + Math.max(0, (groupFigures?.length ?? 0) - loadedGroups);
  const figuresOf = useMemo(
    () => new Map((groupFigures ?? []).map((figures) => [figures.office, figures])),
    [groupFigures],
  );
  const decisions = useOptionalDecisions();
  const cursorId = decisions?.cursorId ?? null;
  const byEvent = decisions?.draft.byEvent;
  useCursorRow(cursorId, items, bodyRef);

  const rowProps = useCallback(
    (row: RenewalRow) => {
      const decided = byEvent?.get(row.eventId)?.decision ?? null;
      const current = cursorId === row.eventId;
      return {
        'data-event-id': row.eventId,
        'data-decision': decided ?? undefined,
        // Focusable by script only: the keyboard's row (j / k), not one more Tab stop per row.
        tabIndex: -1,
        'aria-current': current ? ('true' as const) : undefined,
        // Tabular figures for the whole row: dates, years and scores line up down the columns
        // without a wrapper element per cell for a sort to draw again.
        className: cn(
          'tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          decisionLook(decided)?.row,
          current && 'bg-accent/60',
        ),
      };
    },
    [byEvent, cursorId],
  );
  const officeHeader = useCallback(
    (group: OfficeGroup) => {
      const figures = figuresOf.get(group.office);
      const count = figures?.count ?? group.rows.length;
      const groupTotals = figures?.totals ?? group.totals;
      return (
        <>
          {group.office ?? 'Unknown office'}
          <span className="ml-2 font-normal text-muted-foreground">
            {count} renewal{count === 1 ? '' : 's'}
            {groupTotals.length > 0 ? ` · ${formatTotals(groupTotals, locale)}` : ''}
          </span>
        </>
      );
    },
    [figuresOf, locale],
  );

  // Stable while the sort is: a filter click leaves the header row alone.
  const sorting = useMemo(
    () =>
      headerSorting(
        (columnId): SortState | null => {
          const sortId = SORT_BY_COLUMN.get(columnId);
          if (!sortId) return null;
          return sort && sort.id === sortId ? (sort.desc ? 'desc' : 'asc') : false;
        },
        (columnId, next) => {
          const sortId = SORT_BY_COLUMN.get(columnId);
          if (sortId) onSortChange(next === false ? null : { id: sortId, desc: next === 'desc' });
        },
      ),
    [sort, onSortChange],
  );

  return (
    <WindowedDataTable
      columns={visibleColumns}
      items={items}
      caption={`Renewals due in the window, ${shownCount} shown of ${totalRows}`}
      rowCount={totalRows + 1}
      rowHeight={ROW_HEIGHT}
      overscan={OVERSCAN}
      initialViewportHeight={INITIAL_VIEWPORT_HEIGHT}
      pendingRows={pending}
      rowProps={rowProps}
      section={officeHeader}
      bodyRef={bodyRef}
      sorting={sorting}
    />
  );
});

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

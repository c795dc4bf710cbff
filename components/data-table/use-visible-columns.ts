'use client';

import { type RefObject, useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { watchLayout } from './layout-events';

/** The columns in view sideways, by index, both ends included. */
export interface ColumnRange {
  from: number;
  to: number;
}

/**
 * The columns of a wide table in view sideways: the header cells whose place in the table's
 * scrolling frame (components/ui/table.tsx) meets the part of the frame inside the window. Null
 * before the first reading. Places are read in the frame's scroll, the window's resize and
 * size-change callbacks, where the layout is fresh, never while rendering.
 */
export function useVisibleColumns(bodyRef: RefObject<HTMLTableSectionElement | null>): ColumnRange | null {
  const range = useRef('');
  const subscribe = useCallback(
    (notify: () => void) => {
      const table = bodyRef.current?.closest('table');
      const frame = table?.parentElement;
      if (!table || !frame) return () => undefined;
      const read = () => {
        const cells = table.tHead?.rows[0]?.cells;
        if (!cells) return;
        const box = frame.getBoundingClientRect();
        const left = frame.scrollLeft + Math.max(0, -box.left);
        const right = frame.scrollLeft + Math.min(frame.clientWidth, window.innerWidth - box.left);
        let from = -1;
        let to = -1;
        for (let index = 0; index < cells.length; index++) {
          const cell = cells[index] as HTMLTableCellElement;
          // A column hidden by the layout (a low-priority column at a narrow width) has no width.
          if (cell.offsetWidth > 0 && cell.offsetLeft + cell.offsetWidth > left && cell.offsetLeft < right) {
            if (from < 0) from = index;
            to = index;
          }
        }
        const next = from < 0 ? '' : `${from}:${to}`;
        if (next === range.current) return;
        range.current = next;
        notify();
      };
      read();
      return watchLayout({ scroller: frame, observed: [frame, table], onScroll: read, onResize: read });
    },
    [bodyRef],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => range.current,
    () => '',
  );
  // One object per range, so the memoised rows that receive it compare it by identity.
  return useMemo(() => {
    if (!snapshot) return null;
    const [from = 0, to = 0] = snapshot.split(':').map(Number);
    return { from, to };
  }, [snapshot]);
}

'use client';

import { type RefObject, useCallback, useRef, useSyncExternalStore } from 'react';
import { watchLayout } from './layout-events';

export interface WindowRows {
  /** The first row to render. */
  start: number;
  /** One past the last row to render. */
  end: number;
  /** The rows in the viewport itself, without the overscan: `start` ≤ `inViewStart` ≤ `inViewEnd` ≤ `end`. */
  inViewStart: number;
  inViewEnd: number;
}

export interface WindowRowsOptions {
  count: number;
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport, so a scroll shows no gap before the next frame. */
  overscan: number;
  /** The element the rows start in (a table body). */
  containerRef: RefObject<HTMLElement | null>;
  /** The viewport height assumed where there is none: the server render and hydration. */
  initialViewportHeight: number;
}

/**
 * The rows of a long list that are near the viewport, for rows of one fixed height in a page that
 * scrolls as a whole. With a fixed height every position is exact, so this is arithmetic on the
 * scroll offset and where the container starts in the page, not measurement: it costs nothing per
 * row however many there are, and a re-sort or a filter only changes which rows fill the same
 * slots. Positions are read in the scroll, resize and size-change handlers and kept, never while
 * rendering: reading them then would force a layout on every sort (bench: sort ≤ 16 ms).
 */
export function useWindowRows({
  count,
  rowHeight,
  overscan,
  containerRef,
  initialViewportHeight,
}: WindowRowsOptions): WindowRows {
  /** The container's top in page coordinates, the scroll offset and the viewport height, as last read. */
  const viewport = useRef<{ containerTop: number; scrollY: number; height: number } | null>(null);
  const measure = useCallback(() => {
    const container = containerRef.current;
    viewport.current = {
      containerTop: container ? container.getBoundingClientRect().top + window.scrollY : 0,
      scrollY: window.scrollY,
      height: window.innerHeight,
    };
  }, [containerRef]);

  const subscribe = useCallback(
    (notify: () => void) => {
      const remeasure = () => {
        measure();
        notify();
      };
      const scrolled = () => {
        if (viewport.current) viewport.current.scrollY = window.scrollY;
        notify();
      };
      remeasure();
      return watchLayout({
        scroller: window,
        observed: [document.body],
        onScroll: scrolled,
        onResize: remeasure,
      });
    },
    [measure],
  );

  const rangeFor = useCallback(
    (top: number, viewportHeight: number) => {
      const first = Math.floor(Math.max(0, -top) / rowHeight);
      const last = Math.ceil(Math.max(0, viewportHeight - top) / rowHeight);
      const start = Math.min(count, Math.max(0, first - overscan));
      const end = Math.min(count, Math.max(start, last + overscan));
      const inViewStart = Math.min(end, Math.max(start, first));
      const inViewEnd = Math.min(end, Math.max(inViewStart, last));
      // A string, so React compares snapshots by value and re-renders only when the range moves.
      return `${start}:${end}:${inViewStart}:${inViewEnd}`;
    },
    [count, rowHeight, overscan],
  );
  const range = useSyncExternalStore(
    subscribe,
    () => {
      if (!viewport.current) measure();
      const { containerTop, scrollY, height } = viewport.current ?? {
        containerTop: 0,
        scrollY: 0,
        height: 0,
      };
      return rangeFor(containerTop - scrollY, height);
    },
    () => rangeFor(0, initialViewportHeight),
  );
  const [start = 0, end = 0, inViewStart = 0, inViewEnd = 0] = range.split(':').map(Number);
  return { start, end, inViewStart, inViewEnd };
}

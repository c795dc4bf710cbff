/**
 * Calls back when what a windowed table drew from the layout may have moved: `onScroll` on a
 * scroll of `scroller` (the page, or a table's frame that scrolls sideways), `onResize` on a
 * resize of the window or a size change of any of `observed` (layout changes above a table move it
 * without a scroll or a resize). The callbacks run where the layout is fresh, so they may read it.
 * Returns the unsubscribe.
 */
export function watchLayout({
  scroller,
  observed,
  onScroll,
  onResize,
}: {
  scroller: Window | HTMLElement;
  observed: readonly Element[];
  onScroll: () => void;
  onResize: () => void;
}): () => void {
  scroller.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onResize);
  const observer = new ResizeObserver(onResize);
  for (const element of observed) observer.observe(element);
  return () => {
    scroller.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onResize);
    observer.disconnect();
  };
}

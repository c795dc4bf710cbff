'use client';

import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * The part of an action that loads on its first click (React lazy), so the page's first load does
 * not carry it (docs/performance.md, JS per route). Made at module scope, drawn by `LoadOnClick`.
 */
export function clickLoaded<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * An action whose code loads on its first click. The button is the page's own, drawn on the server
 * and hydrated with it: a click made while the page hydrates is a click on it (React replays it
 * once hydrated), never on a placeholder swapped under the pointer. The click mounts `part`
 * (`clickLoaded`); it runs what was clicked once it arrives (`useRunOnArrival`, or an `open` it is
 * given).
 */
export function LoadOnClick<Props extends object>({
  part: Part,
  props,
  button,
  loading,
  beside = false,
}: {
  part: ComponentType<Props>;
  props: Props;
  /** The page's own button; `load` is (part of) its click. */
  button: (load: () => void) => ReactNode;
  /** Shown while the code loads: in the button's place, or beside it with `beside`. */
  loading: ReactNode;
  /** The loaded part is drawn beside the button (a dialog it opens), not in its place. */
  beside?: boolean;
}) {
  const [clicked, setClicked] = useState(false);
  const load = () => setClicked(true);
  const loaded = clicked ? (
    <Suspense fallback={loading}>
      <Part {...props} />
    </Suspense>
  ) : null;
  if (beside)
    return (
      <>
        {button(load)}
        {loaded}
      </>
    );
  return loaded ?? button(load);
}

/** Runs `run` once when the part loaded by a click mounts: that click's action, never twice. */
export function useRunOnArrival(run: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    run();
  }, [run]);
}

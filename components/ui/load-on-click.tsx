'use client';

import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

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
 * (`clickLoaded`); it runs what was clicked once it arrives (`useRunOnArrival` in ./run-on-arrival.ts,
 * or an `open` it is given).
 */
export function LoadOnClick<Props extends object>({
  part: Part,
  props,
  button,
  beside = false,
}: {
  part: ComponentType<Props>;
  props: Props;
  /**
   * The page's own button; `load` is (part of) its click. `loading` while the code loads: the
   * button then stands in the part's place (disabled, saying what is under way).
   */
  button: (load: () => void, loading: boolean) => ReactNode;
  /** The loaded part is drawn beside the button (a dialog it opens), not in its place. */
  beside?: boolean;
}) {
  const [clicked, setClicked] = useState(false);
  const load = () => setClicked(true);
  const loaded = clicked ? (
    <Suspense fallback={beside ? null : button(load, true)}>
      <Part {...props} />
    </Suspense>
  ) : null;
  return beside ? (
    <>
      {button(load, clicked)}
      {loaded}
    </>
  ) : (
    (loaded ?? button(load, false))
  );
}

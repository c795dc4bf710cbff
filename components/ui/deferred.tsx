'use client';

import { type ComponentType, lazy, Suspense } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A component whose code loads once the page has hydrated. The server and the hydrating render
 * show `Placeholder`, given the same props (the trigger button as it looks, without its popover,
 * menu or dialog); the real component replaces it as soon as its chunk arrives, in the next few
 * milliseconds on a fast link. Pages keep what only a click opens out of their first load
 * (bench: JS per route ≤ 190 KiB gzip).
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Placeholder: ComponentType<Props>,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function Deferred(props: Props) {
    const hydrated = useHydrated();
    if (!hydrated) return <Placeholder {...props} />;
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

/**
 * Clicks on a placeholder in the moment between hydration and its chunk's arrival: the placeholder
 * remembers which one (by key), and the loaded component takes it and opens at once, so a quick
 * click is never lost.
 */
export function earlyClicks(): EarlyClicks {
  const clicked = new Set<string>();
  return {
    remember(key: string): void {
      clicked.add(key);
    },
    /** Whether `key` was clicked; forgets it, so it opens once. */
    take(key: string): boolean {
      return clicked.delete(key);
    },
  };
}

export interface EarlyClicks {
  remember(key: string): void;
  take(key: string): boolean;
}

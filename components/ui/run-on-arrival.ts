import { useEffect, useRef } from 'react';

/**
 * Runs `run` once when a part loaded by a click (./load-on-click.tsx) mounts: that click's action,
 * never twice. A module of its own, imported only by the loaded parts, so no page's first load
 * carries it.
 */
export function useRunOnArrival(run: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    run();
  }, [run]);
}

'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Between two looks at the server: a month's read takes about 2 s when the service answers. */
const EVERY_MS = 5_000;
/** About a minute of looking, then the user decides (a service that stopped answering stays so). */
const MOST_TRIES = 12;

/**
 * Looks again every few seconds (by default: renders the page again from the server) while data
 * is still being read on the server, at most MOST_TRIES times; whether it is still looking.
 */
export function useLookAgain(look?: () => void): boolean {
  const router = useRouter();
  const [tries, setTries] = useState(0);
  // The latest `look` (a caller's new function each render must not restart the wait).
  const lookRef = useRef(look);
  lookRef.current = look;
  const looking = tries < MOST_TRIES;
  // One look per try: each try's wait starts when the one before it has looked.
  useEffect(() => {
    if (tries >= MOST_TRIES) return;
    const timer = setTimeout(() => {
      setTries((count) => count + 1);
      if (lookRef.current) lookRef.current();
      else router.refresh();
    }, EVERY_MS);
    return () => clearTimeout(timer);
  }, [tries, router]);
  return looking;
}

/**
 * For a page whose data is still being read from the service (the read goes on on the server):
 * renders the page again from the server every few seconds (or runs `look`, a query's refetch), so
 * the data shows once it is in, without the user reloading; after about a minute it stops and
 * leaves the button.
 */
export function RefreshSoon({ look }: { look?: () => void }) {
  const router = useRouter();
  const looking = useLookAgain(look);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" onClick={() => (look ? look() : router.refresh())}>
        Try again now
      </Button>
      <span role="status" className="text-sm text-muted-foreground">
        {looking ? 'Looking again every few seconds…' : 'Stopped looking: try again when you are ready.'}
      </span>
    </div>
  );
}

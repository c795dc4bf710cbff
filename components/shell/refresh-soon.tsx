'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/** Between two looks at the server: a month's read takes about 2 s when the service answers. */
const EVERY_MS = 5_000;
/** About a minute of looking, then the user decides (a service that stopped answering stays so). */
const MOST_TRIES = 12;

/**
 * For a page whose data is still being read from the service (the read goes on on the server):
 * renders the page again from the server every few seconds, so the data shows once it is in,
 * without the user reloading; after about a minute it stops and leaves the button.
 */
export function RefreshSoon() {
  const router = useRouter();
  const [tries, setTries] = useState(0);
  const looking = tries < MOST_TRIES;
  useEffect(() => {
    if (!looking) return;
    const timer = setTimeout(() => {
      setTries((count) => count + 1);
      router.refresh();
    }, EVERY_MS);
    return () => clearTimeout(timer);
  }, [looking, router]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" size="sm" onClick={() => router.refresh()}>
        Try again now
      </Button>
      <span role="status" className="text-sm text-muted-foreground">
        {looking ? 'Looking again every few seconds…' : 'Stopped looking: try again when you are ready.'}
      </span>
    </div>
  );
}

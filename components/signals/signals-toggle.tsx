'use client';

import { lazy, Suspense, useId, useState } from 'react';

// The panel (its query and list) loads on first use: the month view's bundle has little headroom.
const SignalsPanel = lazy(() =>
  import('./signals-panel').then((module) => ({ default: module.SignalsPanel })),
);

/**
 * A disclosure beside a renewal that shows its signals, read from /api/signals when opened: a
 * button and its panel, laid out by the parent's flex-wrap line (the panel takes a line of its own).
 */
export function SignalsToggle({
  patentId,
  eventId,
  name,
}: {
  patentId: string;
  eventId: string;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="rounded text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Signals<span className="sr-only"> of {name}</span>
      </button>
      <div id={id} hidden={!open} className={open ? 'mt-1 w-full max-w-96 whitespace-normal' : undefined}>
        {open ? (
          <Suspense fallback={<span className="text-muted-foreground">Reading signals…</span>}>
            <SignalsPanel patentId={patentId} eventId={eventId} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

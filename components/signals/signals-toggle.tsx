'use client';

import { lazy, Suspense } from 'react';
import { useDisclosure } from '@/components/ui/use-disclosure';

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
  const { open, id, button } = useDisclosure('Signals', name, eventId);
  return (
    <>
      {button}
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

'use client';

import { lazy, Suspense, useState } from 'react';
import { closeFeeBreakdown, loadFeeBreakdown, useFeeBreakdownTarget } from './fee-breakdown-store';

const FeeBreakdownPopover = lazy(async () => ({ default: (await loadFeeBreakdown()).FeeBreakdownPopover }));

/**
 * The page's one fee breakdown (./fee-breakdown-store.ts). Renders nothing, and loads nothing,
 * until a fee total is first opened; after that it stays, so the popover can close as it opened.
 */
export function FeeBreakdownHost() {
  const target = useFeeBreakdownTarget();
  // Set from the first opening on (React's state from render), never cleared.
  const [used, setUsed] = useState(false);
  if (target !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FeeBreakdownPopover target={target} onClose={closeFeeBreakdown} />
    </Suspense>
  );
}

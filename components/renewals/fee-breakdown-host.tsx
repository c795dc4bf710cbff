'use client';

import { lazy, Suspense } from 'react';
import { closeFeeBreakdown, loadFeeBreakdown, useFeeBreakdownTarget } from './fee-breakdown-store';

const FeeBreakdownPopover = lazy(async () => ({ default: (await loadFeeBreakdown()).FeeBreakdownPopover }));

/**
 * The page's one fee breakdown (./fee-breakdown-store.ts). Renders nothing, and loads nothing,
 * until a fee total is first opened; after that it stays, so the popover can close as it opened.
 */
export function FeeBreakdownHost() {
  const target = useFeeBreakdownTarget();
  const used = useOpenedOnce(target !== null);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FeeBreakdownPopover target={target} onClose={closeFeeBreakdown} />
    </Suspense>
  );
}

let openedOnce = false;
/** True from the first opening on, for the life of the page. */
function useOpenedOnce(open: boolean): boolean {
  if (open) openedOnce = true;
  return openedOnce;
}

'use client';

import { type ComponentProps, lazy, Suspense } from 'react';
import type { ConfirmDecisionsDialog } from './confirm-decisions-dialog';

// The dialog, its wording and its Radix code are not in the month view's first load (bench: JS
// per route ≤ 200 KiB gzip): they are fetched the first time a confirmation opens.
const Loaded = lazy(() =>
  import('./confirm-decisions-dialog').then((module) => ({ default: module.ConfirmDecisionsDialog })),
);

/** The confirmation dialog, open while rendered. */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDecisionsDialog>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}

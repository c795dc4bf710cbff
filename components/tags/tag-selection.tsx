'use client';

import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The form loads on first use: the month view's first-load JS is held to its budget (docs/performance.md).
const TagSelectionForm = lazy(() =>
  import('./tag-selection-form').then((module) => ({ default: module.TagSelectionForm })),
);

/**
 * Tags the patents of a selection at once (POST /api/tags with every selected patent): the month
 * view's selection bar offers it beside the decisions.
 */
export function TagSelection({ patentIds }: { patentIds: readonly string[] }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return (
      <Button type="button" size="sm" variant="ghost" className="h-8" onClick={() => setWanted(true)}>
        Tag…
      </Button>
    );
  }
  return (
    <Suspense fallback={<span className="text-muted-foreground">Loading…</span>}>
      <TagSelectionForm patentIds={patentIds} />
    </Suspense>
  );
}

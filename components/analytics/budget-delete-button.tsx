'use client';

import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The confirmation (Radix Dialog with its focus and scroll locks) loads on the first click, not in
// the budget page's first load (docs/performance.md, JS per route). The button itself is part of the
// page, so a click made while the page hydrates is not lost.
const BudgetDeleteDialog = lazy(() =>
  import('./budget-delete-dialog').then((module) => ({ default: module.BudgetDeleteDialog })),
);

/** Deletes one budget after a confirmation naming it (managers only; audited by the route). */
export function BudgetDeleteButton({ id, label }: { id: string; label: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Delete<span className="sr-only"> the budget {label}</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <BudgetDeleteDialog id={id} label={label} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { clickLoaded, LoadOnClick } from '@/components/ui/load-on-click';

// The confirmation (Radix Dialog with its focus and scroll locks) loads on the first click, not in
// the budget page's first load (docs/performance.md, JS per route); it opens once it arrives.
const BudgetDeleteDialog = clickLoaded(() =>
  import('./budget-delete-dialog').then((module) => module.BudgetDeleteDialog),
);

/** Deletes one budget after a confirmation naming it (managers only; audited by the route). */
export function BudgetDeleteButton({ id, label }: { id: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <LoadOnClick
      part={BudgetDeleteDialog}
      props={{ id, label, open, onOpenChange: setOpen }}
      beside
      button={(load) => (
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => {
            load();
            setOpen(true);
          }}
        >
          Delete<span className="sr-only"> the budget {label}</span>
        </Button>
      )}
    />
  );
}

'use client';

import { Button } from '@/components/ui/button';
import { deferred } from '@/components/ui/deferred';
import { budgetDeleteClicks } from './budget-delete-clicks';

interface BudgetDeleteProps {
  id: string;
  label: string;
}

/** Until the dialog's code arrives: the same button; a click is remembered and opens it once it has. */
function DeletePlaceholder({ id, label }: BudgetDeleteProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="dialog"
      onClick={() => budgetDeleteClicks.remember(id)}
    >
      Delete<span className="sr-only"> the budget {label}</span>
    </Button>
  );
}

// The confirmation dialog (Radix Dialog and its focus and scroll locks) is not in the budget
// page's first load (docs/performance.md, JS per route).
export const BudgetDeleteButton = deferred(
  () => import('./budget-delete-dialog').then((module) => module.BudgetDeleteDialog),
  DeletePlaceholder,
);

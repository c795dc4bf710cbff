'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiFetch } from '@/lib/http/api-client';
import { budgetDeleteClicks } from './budget-delete-clicks';

/**
 * Deletes one budget after a confirmation naming it (managers only; audited by the route). Loaded
 * after the page hydrates (./budget-delete-button.tsx); opens at once when its placeholder was clicked.
 */
export function BudgetDeleteDialog({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(() => budgetDeleteClicks.take(id));
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Delete<span className="sr-only"> the budget {label}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this budget?"
        confirmLabel="Delete budget"
        tone="danger"
        onConfirm={async () => {
          await apiFetch(`/api/analytics/budgets/${encodeURIComponent(id)}`, { method: 'DELETE' });
          router.refresh();
        }}
        failure="The budget could not be deleted."
      >
        <p>The budget {label} is removed; the comparison shows no budget for it afterwards.</p>
      </ConfirmDialog>
    </>
  );
}

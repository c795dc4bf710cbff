'use client';

import { useRouter } from 'next/navigation';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiFetch } from '@/lib/http/api-client';

/** The confirmation that deletes one budget (./budget-delete-button.tsx loads it on the first click). */
export function BudgetDeleteDialog({
  id,
  label,
  open,
  onOpenChange,
}: {
  id: string;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
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
  );
}

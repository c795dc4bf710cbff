'use client';

import { deferred } from '@/components/ui/deferred';
import { type MarkReconciliationProps, MarkTrigger } from './mark-reconciliation-trigger';

/** Until the dialog's code arrives: the same button, saying it opens a dialog, not yet opening it. */
function MarkReconciliationPlaceholder({ triggerLabel }: MarkReconciliationProps) {
  return <MarkTrigger type="button" label={triggerLabel} aria-haspopup="dialog" aria-expanded={false} />;
}

/**
 * Marks a line, or the whole invoice, reconciled or disputed (./mark-reconciliation-form-dialog.tsx).
 * The dialog, its form library and its schema load after the page hydrates, so the invoice page
 * does not carry them in its first load.
 */
export const MarkReconciliationDialog = deferred(
  () => import('./mark-reconciliation-form-dialog').then((module) => module.MarkReconciliationFormDialog),
  MarkReconciliationPlaceholder,
);

'use client';

import { lazyDialog } from '@/components/ui/lazy-dialog';
import { MARK_TRIGGER, type MarkReconciliationProps } from './mark-reconciliation-trigger';

/**
 * Marks a line, or the whole invoice, reconciled or disputed (./mark-reconciliation-form-dialog.tsx).
 * The dialog, its form library and its schema load after the page hydrates, so the invoice page
 * does not carry them in its first load.
 */
export const MarkReconciliationDialog = lazyDialog({
  dialog: () =>
    import('./mark-reconciliation-form-dialog').then((module) => module.MarkReconciliationFormDialog),
  schema: () => import('../../lib/invoices/mark.schema').then((schemas) => schemas.markSchema),
  trigger: ({ triggerLabel }: MarkReconciliationProps) => ({ ...MARK_TRIGGER, children: triggerLabel }),
  clickKey: ({ invoiceId, lineKey }) => `${invoiceId}:${lineKey}`,
});

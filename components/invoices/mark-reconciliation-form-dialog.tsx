'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TriggeredDialog } from '@/components/ui/dialog';
import { FormTextarea } from '@/components/ui/form-field';
import type { LazyDialogParts } from '@/components/ui/lazy-dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import { INVOICE_MARK_KEY } from '@/lib/invoices/line-keys';
import type { MarkView } from '@/lib/invoices/reconciliation';
import type { Mark, MarkInput, markSchema } from '../../lib/invoices/mark.schema';
import { INVOICES_KEY, invoiceMarksQuery } from './invoices-query';
import { type MarkReconciliationProps, MarkTrigger } from './mark-reconciliation-trigger';

/**
 * Marks a line, or the whole invoice, reconciled or disputed with a note. A dispute needs a note
 * (what is wrong is the point of it); reconciling the invoice reconciles its unmarked lines, and
 * the server refuses it while a line is disputed (lib/server/invoices/reconciliation-marks.ts). Loaded after
 * the page hydrates (./mark-reconciliation-dialog.tsx).
 */
export function MarkReconciliationFormDialog({
  invoiceId,
  lineKey,
  title,
  triggerLabel,
  current,
  openAtFirst,
  resolver,
}: MarkReconciliationProps & LazyDialogParts<typeof markSchema>) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(openAtFirst);
  const form = useForm<MarkInput, unknown, Mark>({
    resolver,
    defaultValues: { lineKey, status: current?.status ?? 'reconciled', note: current?.note ?? '' },
  });
  const mark = useApiMutation({
    mutationFn: (values: Mark) =>
      apiFetch<{ marks: MarkView[] }>(`/api/invoices/${encodeURIComponent(invoiceId)}/marks`, {
        method: 'PUT',
        json: values,
      }),
    failure: 'The mark could not be saved.',
    form,
    onSuccess: (data) => {
      queryClient.setQueryData(invoiceMarksQuery(invoiceId).queryKey, data);
      setOpen(false);
    },
    invalidates: [[...INVOICES_KEY, 'list']],
  });
  const onSubmit = form.handleSubmit((values) => mark.mutate(values));
  const whole = lineKey === INVOICE_MARK_KEY;
  return (
    <TriggeredDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          mark.reset();
          form.reset({ lineKey, status: current?.status ?? 'reconciled', note: current?.note ?? '' });
        }
      }}
      trigger={<MarkTrigger label={triggerLabel} />}
      title={title}
      description={
        whole
          ? 'Reconciling the invoice reconciles every line not marked yet. Disputing it flags the invoice as a whole.'
          : 'Other finance users see this mark and its note. Every change is kept in the audit log.'
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FailureAlert message={mark.failureMessage} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Mark as</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="reconciled" className="accent-primary" {...form.register('status')} />
            Reconciled
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="disputed" className="accent-primary" {...form.register('status')} />
            Disputed
          </label>
        </fieldset>
        <FormTextarea
          form={form}
          name="note"
          label="Note"
          hint="Required for a dispute: what is wrong, and what was agreed."
          rows={4}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <SubmitButton busy={mark.isPending} busyLabel="Saving…">
            Save mark
          </SubmitButton>
        </DialogFooter>
      </form>
    </TriggeredDialog>
  );
}

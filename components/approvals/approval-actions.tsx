'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { FailureAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { approvalConfirmation } from '@/lib/decisions/approval-confirmation';
import type { BatchView } from '@/lib/decisions/batch';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { ApiProblem, apiFetch } from '@/lib/http/api-client';

function refusedBatch(error: Error): BatchView | undefined {
  return error instanceof ApiProblem ? (error.body.batch as BatchView | undefined) : undefined;
}

/**
 * The approver's two answers. Approve sends the batch (once, however many managers click);
 * send back needs a reason, which the preparer reads with their draft. A batch holding a DROP is
 * approved only through a confirmation naming each patent: approving sends it at once and a DROP
 * cannot be undone (spec: Instruction rules, DROP).
 */
export function ApprovalActions({
  batchId,
  decisions,
  drops,
}: {
  batchId: string;
  decisions: number;
  /** The patents the batch drops, by name (lib/decisions/approval-confirmation.ts). */
  drops: readonly string[];
}) {
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmation = approvalConfirmation(drops);

  const answer = useApiMutation({
    mutationFn: async (kind: 'approve' | 'return'): Promise<string | null> => {
      if (kind === 'return') {
        await apiFetch(`/api/approvals/${batchId}/return`, { method: 'POST', json: { reason } });
        return null;
      }
      const { batch } = await apiFetch<{ batch: BatchView }>(`/api/approvals/${batchId}/approve`, {
        method: 'POST',
      });
      return batch.id;
    },
    failure: (kind) =>
      kind === 'approve' ? 'The batch could not be approved.' : 'The batch could not be sent back.',
    onSuccess: (sentBatchId) => {
      if (sentBatchId) return router.push(`/renewals/batches/${sentBatchId}`);
      router.push('/approvals');
      router.refresh();
    },
    onError: (error) => {
      const refused = refusedBatch(error);
      if (refused) router.push(`/renewals/batches/${refused.id}`);
    },
  });
  const pending = answer.isPending ? answer.variables : null;
  // A refusal by the service comes with the batch: its page shows what happened.
  const failure = answer.error && !refusedBatch(answer.error) ? answer.failureMessage : null;
  // The approval's outcome shows on this page (or the batch's), not in the dialog.
  const approve = () => answer.mutateAsync('approve').catch(() => undefined);

  const sendBack = () => {
    if (!reason.trim()) {
      setReasonError('Say why the batch goes back.');
      return;
    }
    setReasonError(null);
    answer.mutate('return');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Your decision
      </h2>
      <FailureAlert message={failure} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          onClick={confirmation ? () => setConfirming(true) : approve}
          disabled={pending !== null}
        >
          {pending === 'approve'
            ? 'Approving and sending…'
            : `Approve and send ${decisions} decision${decisions === 1 ? '' : 's'}`}
        </Button>
      </div>
      <div className="flex flex-col gap-1.5">
        <FormField label="Reason for sending it back" error={reasonError ?? undefined}>
          <Textarea
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={2000}
            rows={3}
          />
        </FormField>
        <div>
          <Button type="button" variant="outline" onClick={sendBack} disabled={pending !== null}>
            {pending === 'return' ? 'Sending back…' : 'Send back to the preparer'}
          </Button>
        </div>
      </div>
      {confirmation ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={confirmation.title}
          confirmLabel={confirmation.confirm}
          tone="danger"
          onConfirm={approve}
        >
          <p>
            Approving sends the batch to the service now. Dropping lets{' '}
            {drops.length === 1 ? 'the patent' : 'each patent'} lapse at the office and deletes its future
            renewals; it cannot be undone.
          </p>
          {drops.length > 1 ? (
            <ul className="max-h-40 list-disc overflow-y-auto pl-5">
              {drops.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

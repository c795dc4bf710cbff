'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import type { BatchView } from '@/lib/decisions/batch';
import { ApiProblem, apiFetch, problemMessage } from '@/lib/http/api-client';

/**
 * Issue 18: the approver's two answers. Approve sends the batch (once, however many managers click);
 * send back needs a reason, which the preparer reads with their draft.
 */
export function ApprovalActions({ batchId, decisions }: { batchId: string; decisions: number }) {
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<'approve' | 'return' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const approve = async () => {
    setPending('approve');
    setFailure(null);
    try {
      const { batch } = await apiFetch<{ batch: BatchView }>(`/api/approvals/${batchId}/approve`, {
        method: 'POST',
      });
      router.push(`/renewals/batches/${batch.id}`);
    } catch (error) {
      // A refusal by the service comes with the batch: its page shows what happened.
      const refused = error instanceof ApiProblem ? (error.body.batch as BatchView | undefined) : undefined;
      if (refused) router.push(`/renewals/batches/${refused.id}`);
      else setFailure(problemMessage(error, 'The batch could not be approved.'));
    } finally {
      setPending(null);
    }
  };

  const sendBack = async () => {
    if (!reason.trim()) {
      setReasonError('Say why the batch goes back.');
      return;
    }
    setPending('return');
    setFailure(null);
    setReasonError(null);
    try {
      await apiFetch(`/api/approvals/${batchId}/return`, { method: 'POST', json: { reason } });
      router.push('/approvals');
      router.refresh();
    } catch (error) {
      setFailure(problemMessage(error, 'The batch could not be sent back.'));
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Your decision
      </h2>
      {failure ? (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={approve} disabled={pending !== null}>
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
    </section>
  );
}

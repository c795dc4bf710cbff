'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiFetch, problemMessage } from '@/lib/http/api-client';

/** Asks the server to read the batch's renewals again and settle what the service did. */
export function ReconcileButton({ batchId }: { batchId: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <span className="flex items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          setFailure(null);
          try {
            await apiFetch(`/api/decisions/batches/${batchId}/reconcile`, { method: 'POST' });
            router.refresh();
          } catch (error) {
            setFailure(problemMessage(error, 'The check failed.'));
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? 'Checking…' : 'Check with the service again'}
      </Button>
      {failure ? (
        <span role="alert" className="text-sm text-destructive">
          {failure}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Sends the same batch again after its answer was lost: only its renewals the service still shows
 * undecided are posted, under this batch's record, so nothing is instructed twice.
 */
export function ResendButton({ batchId, count }: { batchId: string; count: number }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <span className="flex items-center gap-3">
      <Button
        size="sm"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          setFailure(null);
          try {
            await apiFetch(`/api/decisions/batches/${batchId}/resend`, { method: 'POST' });
            router.refresh();
          } catch (error) {
            setFailure(problemMessage(error, 'Sending again failed.'));
          } finally {
            setPending(false);
          }
        }}
      >
        {pending ? 'Sending…' : `Send this batch again (${count} not confirmed)`}
      </Button>
      {failure ? (
        <span role="alert" className="text-sm text-destructive">
          {failure}
        </span>
      ) : null}
    </span>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** Asks the server to read the batch's renewals again and settle what the service did. */
export function ReconcileButton({ batchId }: { batchId: string }) {
  return (
    <BatchActionButton
      path={`/api/decisions/batches/${batchId}/reconcile`}
      variant="outline"
      label="Check with the service again"
      pendingLabel="Checking…"
      failure="The check failed."
    />
  );
}

/**
 * Sends the same batch again after its answer was lost: only its renewals the service still shows
 * undecided are posted, under this batch's record, so nothing is instructed twice.
 */
export function ResendButton({ batchId, count }: { batchId: string; count: number }) {
  return (
    <BatchActionButton
      path={`/api/decisions/batches/${batchId}/resend`}
      label={`Send this batch again (${count} not confirmed)`}
      pendingLabel="Sending…"
      failure="Sending again failed."
    />
  );
}

function BatchActionButton({
  path,
  variant,
  label,
  pendingLabel,
  failure,
}: {
  path: string;
  variant?: 'outline';
  label: string;
  pendingLabel: string;
  failure: string;
}) {
  const router = useRouter();
  const action = useApiMutation({
    mutationFn: () => apiFetch(path, { method: 'POST' }),
    failure,
    onSuccess: () => router.refresh(),
  });
  return (
    <span className="flex items-center gap-3">
      <Button variant={variant} size="sm" disabled={action.isPending} onClick={() => action.mutate()}>
        {action.isPending ? pendingLabel : label}
      </Button>
      {action.failureMessage ? (
        <span role="alert" className="text-sm text-destructive">
          {action.failureMessage}
        </span>
      ) : null}
    </span>
  );
}

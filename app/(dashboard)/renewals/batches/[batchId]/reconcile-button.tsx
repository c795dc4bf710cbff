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

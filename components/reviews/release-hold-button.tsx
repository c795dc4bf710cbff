'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** Ends a hold by hand: the renewal is no longer under review (no decision is taken). */
export function ReleaseHoldButton({ holdId, label }: { holdId: string; label: string }) {
  const router = useRouter();
  const release = useApiMutation({
    mutationFn: () => apiFetch(`/api/reviews/${holdId}`, { method: 'DELETE' }),
    failure: 'The hold could not be released.',
    onSuccess: () => router.refresh(),
  });
  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={`Release the review of ${label}`}
        disabled={release.isPending}
        onClick={() => release.mutate(undefined)}
      >
        {release.isPending ? 'Releasing…' : 'Release'}
      </Button>
      {release.failureMessage ? (
        <span role="alert" className="text-xs text-destructive">
          {release.failureMessage}
        </span>
      ) : null}
    </span>
  );
}

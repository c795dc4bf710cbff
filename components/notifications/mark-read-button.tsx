'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** Marks one notification read, or all of them (no id); the page and the bell refresh after. */
export function MarkReadButton({ id, label }: { id?: string; label: string }) {
  const router = useRouter();
  const mark = useApiMutation({
    mutationFn: () => apiFetch('/api/notifications/read', { method: 'POST', json: id ? { id } : {} }),
    failure: 'Could not mark as read.',
    onSuccess: () => router.refresh(),
  });
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => mark.mutate()}
        disabled={mark.isPending}
      >
        {label}
      </Button>
      {mark.failureMessage ? (
        <span role="alert" className="text-xs text-destructive">
          {mark.failureMessage}
        </span>
      ) : null}
    </span>
  );
}

'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useRunOnArrival } from '@/components/ui/run-on-arrival';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';

/** What "Refresh now" reads again: the page's months, or one patent, or one freeze month. */
export interface CopyRefreshTarget {
  months: readonly string[];
  patentId?: string | undefined;
  freezeMonth?: string | undefined;
}

/**
 * "Refresh now" once clicked (./copy-age-notice.tsx loads it on the first click and it refreshes at
 * once): the page's months (or its patent, or its freeze month) read again from the service, then
 * every query of the page read again. Later clicks refresh again.
 */
export function CopyRefreshRun({ months, patentId, freezeMonth }: CopyRefreshTarget) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const refresh = useApiMutation({
    mutationFn: () =>
      apiFetch<{ calls: number; refreshedAt: string }>('/api/copy/refresh', {
        method: 'POST',
        json: { months, ...(patentId ? { patentId } : {}), ...(freezeMonth ? { freezeMonth } : {}) },
      }),
    failure: 'The refresh failed.',
    // Every query on the page may read what was refreshed.
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      router.refresh();
    },
  });
  const { mutate } = refresh;
  // Mounted by the first click: that click refreshes, once.
  useRunOnArrival(mutate);
  return (
    <>
      {refresh.failureMessage ? <span className="text-destructive">{refresh.failureMessage}</span> : null}
      <Button
        variant="outline"
        size="sm"
        className="h-7"
        disabled={refresh.isPending}
        onClick={() => mutate()}
      >
        {refresh.isPending ? 'Refreshing…' : 'Refresh now'}
      </Button>
    </>
  );
}

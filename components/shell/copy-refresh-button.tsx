'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import { type CopyRefreshTarget, copyRefreshClicks } from './copy-refresh-clicks';

/**
 * "Refresh now" beside the copy's age (./copy-age-notice.tsx): the page's months (or its patent, or
 * its freeze month) read again from the service, then every query of the page read again.
 */
export function CopyRefreshButton({ months, patentId, freezeMonth }: CopyRefreshTarget) {
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
  // Clicked before this code arrived: refresh now.
  const [clickedEarly] = useState(() => copyRefreshClicks.take('refresh'));
  useEffect(() => {
    if (clickedEarly) mutate();
  }, [clickedEarly, mutate]);
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

'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '@/lib/http/api-client';
import type { RenewalWindowData } from '@/lib/renewals/window-data';
import { renewalsQueryKey } from './renewals-query';

/**
 * One request per handoff id, whoever asks: the server gives a kept window once, so an effect that
 * runs again (a re-render with an equal window, the same page's payload hydrated twice) must reuse
 * the answer, not ask again and be refused.
 */
const requests = new Map<string, Promise<RenewalWindowData>>();
function restOf(handoff: string): Promise<RenewalWindowData> {
  let request = requests.get(handoff);
  if (!request) {
    request = apiFetch<RenewalWindowData>(`/api/renewals/rest?handoff=${encodeURIComponent(handoff)}`);
    requests.set(handoff, request);
    // Kept a little while for late askers, then let go (the rows are in the query cache by then).
    const forget = () => setTimeout(() => requests.delete(handoff), 60_000);
    request.then(forget, forget);
  }
  return request;
}

/**
 * When the month page handed over only its first screen of rows (`data.head`,
 * lib/renewals/window-head.ts), fetches the rest right after hydration, from what the page kept on
 * the server (no second read of the service), and puts the whole window in the query's place.
 * Should the server no longer hold it, the window is read again the ordinary way.
 */
export function useWholeWindow(data: RenewalWindowData | undefined): void {
  const queryClient = useQueryClient();
  const handoff = data?.head?.handoff ?? null;
  // The key of the data that holds the head (with placeholder data it may not be the view's), as
  // text: an equal key rebuilt on the next render must not run the effect again.
  const keyText = data ? JSON.stringify(renewalsQueryKey(data.window, data.filters)) : null;
  useEffect(() => {
    if (!handoff || !keyText) return;
    const key = JSON.parse(keyText) as ReturnType<typeof renewalsQueryKey>;
    // Only while the cache still holds this very first screen (not the whole window, not another page's).
    const stillHead = () => queryClient.getQueryData<RenewalWindowData>(key)?.head?.handoff === handoff;
    restOf(handoff).then(
      (whole) => {
        if (stillHead()) queryClient.setQueryData(key, whole);
      },
      () => {
        if (stillHead()) void queryClient.refetchQueries({ queryKey: key, exact: true });
      },
    );
  }, [handoff, keyText, queryClient]);
}

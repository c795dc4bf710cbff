import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import type { TrackingData } from '@/lib/tracking/data';
import { trackingApiQuery } from '@/lib/tracking/url-state';

/**
 * Office confirmations take days (spec: States), and each poll reads the whole month from the
 * shared daily quota: every five minutes while the tab is open, every thirty when quota is low.
 */
const POLL_MS = 5 * 60_000;
const LOW_QUOTA_POLL_MS = 30 * 60_000;

export function trackingQuery(month: string, client?: string) {
  return queryOptions({
    queryKey: ['tracking', month, client ?? null],
    queryFn: ({ signal }) =>
      apiFetch<TrackingData>(`/api/tracking?${trackingApiQuery({ month, client })}`, { signal }),
    // Polls only while the tab is visible (React Query pauses intervals in the background).
    refetchInterval: (query) => (query.state.data?.quotaLow ? LOW_QUOTA_POLL_MS : POLL_MS),
    refetchIntervalInBackground: false,
  });
}

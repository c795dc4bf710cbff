import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import type { FreezeEstimatesData, FreezeMonthData, FreezeOverviewData } from '@/lib/rate-freezes/data';

/**
 * One query factory per resource (style 6): the server pages fill these cache entries and the
 * browser reads or refetches the same keys. A freeze invalidates the whole RATE_FREEZES_KEY prefix.
 * A freeze is one client's: `client` is the one the page works on when the user has several (the
 * routes take it as `?client=`), null for a user with one client (the addresses are unchanged).
 */
export const RATE_FREEZES_KEY = ['rate-freezes'] as const;

/** `?client=…` (or `&client=…` after other parameters) for the chosen client, else nothing. */
export function freezeClientQuery(client: string | null, joiner: '?' | '&' = '?'): string {
  return client ? `${joiner}client=${encodeURIComponent(client)}` : '';
}

export function freezeOverviewQuery(client: string | null = null) {
  return queryOptions({
    queryKey: [...RATE_FREEZES_KEY, 'overview', client] as const,
    queryFn: ({ signal }) =>
      apiFetch<FreezeOverviewData>(`/api/rate-freezes${freezeClientQuery(client)}`, { signal }),
  });
}

export function freezeMonthQuery(month: string, client: string | null = null) {
  return queryOptions({
    queryKey: [...RATE_FREEZES_KEY, 'month', month, client] as const,
    queryFn: ({ signal }) =>
      apiFetch<FreezeMonthData>(
        `/api/rate-freezes/${encodeURIComponent(month)}${freezeClientQuery(client)}`,
        {
          signal,
        },
      ),
  });
}

export function freezeEstimatesQuery(month: string, client: string | null = null) {
  return queryOptions({
    queryKey: [...RATE_FREEZES_KEY, 'estimates', month, client] as const,
    queryFn: ({ signal }) =>
      apiFetch<FreezeEstimatesData>(
        `/api/rate-freezes/${encodeURIComponent(month)}/estimates${freezeClientQuery(client)}`,
        { signal },
      ),
  });
}

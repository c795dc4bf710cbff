import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import type { FreezeEstimatesData, FreezeMonthData, FreezeOverviewData } from '@/lib/rate-freezes/data';

/**
 * One query factory per resource (style 6): the server pages fill these cache entries and the
 * browser reads or refetches the same keys. A freeze invalidates the whole RATE_FREEZES_KEY prefix.
 */
export const RATE_FREEZES_KEY = ['rate-freezes'] as const;

export function freezeOverviewQuery() {
  return queryOptions({
    queryKey: [...RATE_FREEZES_KEY, 'overview'] as const,
    queryFn: ({ signal }) => apiFetch<FreezeOverviewData>('/api/rate-freezes', { signal }),
  });
}

export function freezeMonthQuery(month: string) {
  return queryOptions({
    queryKey: [...RATE_FREEZES_KEY, 'month', month] as const,
    queryFn: ({ signal }) =>
      apiFetch<FreezeMonthData>(`/api/rate-freezes/${encodeURIComponent(month)}`, { signal }),
  });
}

export function freezeEstimatesQuery(month: string) {
  return queryOptions({
    queryKey: [...RATE_FREEZES_KEY, 'estimates', month] as const,
    queryFn: ({ signal }) =>
      apiFetch<FreezeEstimatesData>(`/api/rate-freezes/${encodeURIComponent(month)}/estimates`, { signal }),
  });
}

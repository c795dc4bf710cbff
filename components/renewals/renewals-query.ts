import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import { renewalsApiQuery } from '@/lib/renewals/url-state';
import type { RenewalWindow } from '@/lib/renewals/window';
import type { RenewalWindowData, ServerFilters } from '@/lib/renewals/window-data';

/**
 * The one query factory for a window of renewals: the server page fills its cache entry and the
 * browser reads or refetches the same key (style: one queryOptions factory per resource).
 */
export function renewalsQueryKey(dueWindow: RenewalWindow, filters: ServerFilters) {
  const bounds =
    dueWindow.kind === 'month' ? { month: dueWindow.month } : { from: dueWindow.from, to: dueWindow.to };
  return [
    'renewals',
    bounds,
    {
      offices: [...filters.offices].sort(),
      owners: [...filters.owners].sort(),
      family: [...filters.family].sort(),
      client: filters.client ?? null,
    },
  ] as const;
}

export function renewalsQuery(dueWindow: RenewalWindow, filters: ServerFilters) {
  return queryOptions({
    queryKey: renewalsQueryKey(dueWindow, filters),
    queryFn: ({ signal }) =>
      apiFetch<RenewalWindowData>(
        `/api/renewals?${renewalsApiQuery({ ...(dueWindow.kind === 'month' ? { month: dueWindow.month } : dueWindow), ...filters })}`,
        { signal },
      ),
  });
}

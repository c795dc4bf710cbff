import { queryOptions } from '@tanstack/react-query';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { apiFetch } from '@/lib/http/api-client';

export const DRAFT_QUERY_KEY = ['decision-draft'] as const;

/** The signed-in user's draft of decisions; the server page fills this key first. */
export const draftQuery = queryOptions({
  queryKey: DRAFT_QUERY_KEY,
  queryFn: ({ signal }) => apiFetch<Draft>('/api/decisions/draft', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function saveDraft(entries: DraftEntry[]): Promise<Draft> {
  return apiFetch<Draft>('/api/decisions/draft', { method: 'PUT', json: { entries } });
}

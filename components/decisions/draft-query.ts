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

/**
 * Saves the draft as a new version of `basedOn` (the version this tab edited). When the draft has
 * changed elsewhere the server answers 409 with the current draft (ApiProblem, body.draft).
 */
export function saveDraft(entries: DraftEntry[], basedOn: string | null): Promise<Draft> {
  return apiFetch<Draft>('/api/decisions/draft', {
    method: 'PUT',
    json: basedOn ? { entries, basedOn } : { entries },
  });
}

import { apiFetch } from '@/lib/http/api-client';
import type { SavedViewItem, SavedViewPage } from '@/lib/views/pages';

/** The browser's calls to /api/views (app/api/views); refusals arrive as ApiProblem. */

export async function fetchSavedViews(page?: SavedViewPage): Promise<SavedViewItem[]> {
  const answer = await apiFetch<{ views: SavedViewItem[] }>(`/api/views${page ? `?page=${page}` : ''}`);
  return answer.views;
}

export async function createView(input: {
  page: SavedViewPage;
  name: string;
  query: string;
  shared: boolean;
}): Promise<SavedViewItem> {
  return (await apiFetch<{ view: SavedViewItem }>('/api/views', { method: 'POST', json: input })).view;
}

export async function updateView(
  id: string,
  change: { name?: string; shared?: boolean },
): Promise<SavedViewItem> {
  return (
    await apiFetch<{ view: SavedViewItem }>(`/api/views/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      json: change,
    })
  ).view;
}

export async function deleteView(id: string): Promise<void> {
  await apiFetch<null>(`/api/views/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

import { expect } from 'vitest';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { jsonRequest } from './app-harness';

/** Saves the signed-in user's draft through the route handler; the save must succeed. */
export async function putDraftAs(cookie: string, entries: DraftEntry[]): Promise<Draft> {
  const { PUT } = await import('@/app/api/decisions/draft/route');
  const response = await PUT(
    jsonRequest('/api/decisions/draft', { method: 'PUT', cookie, body: { entries } }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Draft;
}

export async function getDraftAs(cookie: string): Promise<Draft> {
  const { GET } = await import('@/app/api/decisions/draft/route');
  return (await (await GET(jsonRequest('/api/decisions/draft', { cookie }))).json()) as Draft;
}

import { expect } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
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

/**
 * An event of `events` the service would accept `decision` for now, of a patent none of `used`
 * (which it joins): each test decides on patents of its own.
 */
export function takeOpenEvent(
  events: readonly PatentEvent[],
  used: Set<string>,
  decision: string,
  where: (event: PatentEvent) => boolean = () => true,
): PatentEvent {
  const found = events.find(
    (event) =>
      event.instructability?.isAllowed &&
      event.instructability.allowedDecisions.includes(decision) &&
      !used.has(event.patent.id) &&
      where(event),
  );
  if (!found) throw new Error(`no open event for ${decision} in the test tenant`);
  used.add(found.patent.id);
  return found;
}

import { expect } from 'vitest';
import type { PatentEvent } from '@/lib/annuity/schemas';
import type { Draft, DraftEntry } from '@/lib/decisions/draft';
import { jsonRequest } from './app-harness';

/**
 * A draft entry for an event read from the stand-in service, with what the month view would have
 * shown. `allowed` lets a test pretend the month view saw other decisions: the server re-reads.
 */
export function draftEntryOf(
  event: PatentEvent,
  decision: DraftEntry['decision'],
  allowed?: string[],
): DraftEntry {
  const service = event.fees?.components.find((component) => component.type === 'SERVICE');
  return {
    eventId: event.id,
    patentId: event.patent.id,
    decision,
    caseReference: null,
    providerId: event.patent.providerId,
    title: null,
    office: null,
    dueDate: event.dueDate,
    annuityYear: event.renewal?.annuityYear ?? null,
    allowedDecisions: allowed ?? event.instructability?.allowedDecisions ?? [],
    estimate: event.fees
      ? {
          amount: event.fees.total,
          serviceFee: service?.amount ?? null,
          currency: event.fees.currency,
          fxFrozen: event.fees.isFxRateFrozen,
        }
      : null,
  };
}

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

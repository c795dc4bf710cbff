import type { DraftEntry } from '@/lib/decisions/draft';
import { PENDING_DRAFT } from './deferred-draft';
import type { DecisionDraft } from './use-decision-draft';

/** A loaded, saved draft holding `entries`, for rendering the decision parts in tests. */
export function draftOf(entries: DraftEntry[], overrides: Partial<DecisionDraft> = {}): DecisionDraft {
  return {
    ...PENDING_DRAFT,
    ready: true,
    entries,
    byEvent: new Map(entries.map((entry) => [entry.eventId, entry])),
    version: 'v1',
    ...overrides,
  };
}

import type { DraftEntry } from '@/lib/decisions/draft';
import type { DecisionDraft } from './use-decision-draft';

/** A loaded, saved draft holding `entries`, for rendering the decision parts in tests. */
export function draftOf(entries: DraftEntry[], overrides: Partial<DecisionDraft> = {}): DecisionDraft {
  return {
    ready: true,
    loadError: null,
    entries,
    byEvent: new Map(entries.map((entry) => [entry.eventId, entry])),
    decide: () => 0,
    clear: async () => null,
    restore: async () => undefined,
    problemFor: () => null,
    saveState: 'saved',
    retrySave: () => undefined,
    version: 'v1',
    beingSent: {},
    ...overrides,
  };
}

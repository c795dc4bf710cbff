import type { WaitingFacts } from './cost-of-waiting';

/**
 * What a decision draft keeps of a renewal's grace, so the review can show the cost of waiting
 * (lib/decisions/draft.schema.ts, `grace`, written by entryFromRow): the grace end, the service's
 * period when chosen, and the GRACE_PERIOD amount in the estimate's currency.
 */
export interface DraftGrace {
  periodEnd: string | null;
  duePeriod: string | null;
  surcharge: string | null;
}

/** A draft entry's grace back as the facts waitingState reads (null when the entry kept none). */
export function waitingFactsOfDraft(entry: {
  dueDate: string;
  grace?: DraftGrace | null;
  estimate: { currency: string } | null;
}): WaitingFacts | null {
  if (!entry.grace) return null;
  const { surcharge } = entry.grace;
  return {
    dueDate: entry.dueDate,
    gracePeriodEndDate: entry.grace.periodEnd,
    duePeriod: entry.grace.duePeriod,
    fees: entry.estimate
      ? {
          currency: entry.estimate.currency,
          components: surcharge === null ? [] : [{ type: 'GRACE_PERIOD', amount: surcharge }],
        }
      : null,
  };
}

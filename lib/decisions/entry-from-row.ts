import type { RenewalRow } from '@/lib/renewals/rows';
import type { DraftEntry } from './draft';
import { offeredDecisions } from './rules';

/**
 * A draft entry from a month-view row, with what the user saw when deciding. Kept apart from
 * components/decisions/use-decision-draft.ts so that Today's bucket cards, which add whole buckets
 * to the draft over HTTP, do not load react-hook-form with it (docs/performance.md).
 */
export function entryFromRow(row: RenewalRow, decision: DraftEntry['decision']): DraftEntry {
  const service = row.fees?.components.find((component) => component.type === 'SERVICE');
  return {
    eventId: row.eventId,
    patentId: row.patentId,
    decision,
    caseReference: row.caseReference,
    providerId: row.providerId,
    title: row.title,
    office: row.office,
    dueDate: row.dueDate,
    annuityYear: row.annuityYear,
    paymentSequence: row.paymentSequence,
    allowedDecisions: offeredDecisions(row),
    estimate: row.fees
      ? {
          amount: row.fees.total,
          serviceFee: service?.amount ?? null,
          currency: row.fees.currency,
          fxFrozen: row.fees.isFxRateFrozen,
        }
      : null,
    // The cost of waiting, for the review (lib/today/draft-grace.ts); inline to keep the month
    // view's script small.
    grace: {
      periodEnd: row.gracePeriodEndDate,
      duePeriod: row.duePeriod,
      surcharge: row.fees?.components.find((component) => component.type === 'GRACE_PERIOD')?.amount ?? null,
    },
  };
}

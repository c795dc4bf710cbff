import type { DraftEntry } from './draft';

/** A draft entry for unit tests: a PROCEED open for every decision, EUR estimate. */
export function draftEntry(overrides: Partial<DraftEntry> = {}): DraftEntry {
  return {
    eventId: 'e-1',
    patentId: 'p-1',
    decision: 'PROCEED',
    caseReference: 'CASE-1',
    providerId: 'PRV-1',
    title: 'A patent',
    office: 'EP',
    dueDate: '2026-12-15',
    annuityYear: 5,
    allowedDecisions: ['PROCEED', 'SKIP_THIS_TIME', 'DROP'],
    estimate: { amount: '500.00', serviceFee: '50.00', currency: 'EUR', fxFrozen: false },
    ...overrides,
  };
}

/**
 * What a draft entry needs of a renewal read from the stand-in service: the dashboard's own
 * PatentEvent, or the narrower reads of the bench and the journeys.
 */
export interface DraftableEvent {
  id: string;
  patent: { id: string; providerId: string | null };
  dueDate: string;
  renewal?: { annuityYear: number | null } | null;
  instructability?: { allowedDecisions: string[] } | null;
  fees?: {
    total: string | null;
    currency: string;
    isFxRateFrozen?: boolean;
    components?: readonly { type: string; amount: string }[];
  } | null;
}

/**
 * The one draft entry of tests, the bench and the journeys: what the month view would have put in
 * the draft for `event`. `allowed` lets a test pretend the month view saw other decisions (the
 * server re-reads); `estimate: false` leaves the estimate out, as a renewal read without fees has.
 */
export function draftEntryOf(
  event: DraftableEvent,
  decision: DraftEntry['decision'],
  options: { allowed?: string[]; estimate?: boolean } = {},
): DraftEntry {
  const fees = options.estimate === false ? null : event.fees;
  const service = fees?.components?.find((component) => component.type === 'SERVICE');
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
    allowedDecisions: options.allowed ?? event.instructability?.allowedDecisions ?? [],
    estimate:
      fees?.total != null
        ? {
            amount: fees.total,
            serviceFee: service?.amount ?? null,
            currency: fees.currency,
            fxFrozen: fees.isFxRateFrozen ?? false,
          }
        : null,
  };
}

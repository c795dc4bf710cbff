import type { DraftEntry } from './draft';

/** A draft entry for tests: a PROCEED open for every decision, EUR estimate. */
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

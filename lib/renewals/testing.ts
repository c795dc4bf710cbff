import type { Instructability } from '@/lib/annuity/schemas';
import type { RenewalRow } from './rows';

/** A month-view row for tests, open for every decision unless told otherwise. */
export function renewalRow(overrides: Partial<RenewalRow> = {}): RenewalRow {
  return {
    eventId: 'e-1',
    patentId: 'p-1',
    providerId: 'PRV-1',
    caseReference: 'CASE-1',
    family: 'FAM-1',
    title: 'A patent',
    office: 'EP',
    owner: 'Acme',
    annuityYear: 5,
    paymentSequence: null,
    dueDate: '2026-12-15',
    gracePeriodEndDate: '2027-06-15',
    duePeriod: 'CURRENT',
    instructability: allowed(),
    appliedDecision: null,
    processingStatus: 'NOT_INSTRUCTED',
    processingStatusUpdatedAt: null,
    feesStatus: 'ESTIMATED',
    isFxRateFrozen: false,
    fees: {
      currency: 'EUR',
      total: '100.00',
      components: [{ type: 'OFFICE', amount: '100.00' }],
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
      invoiceId: null,
    },
    ...overrides,
  };
}

/** Estimated fees of 30,000 JPY of which 10,000 is a grace-period surcharge. */
export const JPY_FEES_WITH_GRACE: NonNullable<RenewalRow['fees']> = {
  currency: 'JPY',
  total: '30000',
  components: [
    { type: 'OFFICE', amount: '20000' },
    { type: 'GRACE_PERIOD', amount: '10000' },
  ],
  feesStatus: 'ESTIMATED',
  isFxRateFrozen: false,
  invoiceId: null,
};

export function allowed(decisions: string[] = ['PROCEED', 'SKIP_THIS_TIME', 'DROP']): Instructability {
  return {
    isAllowed: true,
    allowedDecisions: decisions,
    blockedReason: null,
    opensAt: '2026-10-01',
    mode: 'DIRECT',
  };
}

export function blocked(reason: string, opensAt: string | null = null): Instructability {
  return { isAllowed: false, allowedDecisions: [], blockedReason: reason, opensAt, mode: 'DIRECT' };
}

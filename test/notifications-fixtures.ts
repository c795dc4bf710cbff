import type { Database } from '@/lib/db';
import { renewalWatch } from '@/lib/db/schema';
import type { RenewalRow } from '@/lib/renewals/rows';

/** A renewal row as the poll records it, for tests that arrange what the worker last saw. */
export function watchedRow(
  overrides: Partial<RenewalRow> & Pick<RenewalRow, 'eventId' | 'dueDate'>,
): RenewalRow {
  return {
    patentId: `patent-${overrides.eventId}`,
    providerId: null,
    caseReference: `CASE-${overrides.eventId}`,
    family: null,
    title: `Patent ${overrides.eventId}`,
    office: 'EP',
    owner: null,
    annuityYear: 5,
    paymentSequence: null,
    gracePeriodEndDate: null,
    duePeriod: null,
    instructability: {
      isAllowed: true,
      allowedDecisions: ['PROCEED', 'SKIP_THIS_TIME', 'DROP'],
      blockedReason: null,
      opensAt: null,
      mode: 'DIRECT',
    },
    appliedDecision: null,
    processingStatus: null,
    processingStatusUpdatedAt: null,
    feesStatus: 'ESTIMATED',
    isFxRateFrozen: false,
    fees: {
      currency: 'EUR',
      total: '120.00',
      components: [],
      feesStatus: 'ESTIMATED',
      isFxRateFrozen: false,
      invoiceId: null,
    },
    ...overrides,
  } as RenewalRow;
}

export async function arrangeWatched(
  db: Database,
  rows: readonly RenewalRow[],
  polledAt = new Date(),
): Promise<void> {
  await db.delete(renewalWatch);
  if (rows.length === 0) return;
  await db.insert(renewalWatch).values(
    rows.map((row) => ({
      eventId: row.eventId,
      patentId: row.patentId,
      row: row as unknown as Record<string, unknown>,
      processingStatus: row.processingStatus,
      phase: 'open',
      polledAt,
    })),
  );
}

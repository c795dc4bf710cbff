import type { Database } from '@/lib/db';
import { renewalWatch } from '@/lib/db/schema';
import type { RenewalRow } from '@/lib/renewals/rows';
import { setUpTwoClients } from './client-grants';

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

/** The second client of the two-client reminder tests (its id: the name in kebab case). */
export const SECOND_CLIENT = 'northwind-labs';
/** The day the two-client reminder tests run on, the stand-in's and the worker's: never the real date. */
export const TWO_CLIENT_DAY = '2026-11-16';

/**
 * Two clients with renewals about to lapse, due soon and UNPROCESSABLE in each on TWO_CLIENT_DAY
 * (seeds picked for it), the second added as "Northwind Labs"; users work for both unless granted.
 */
export function setUpTwoClientReminders(grants?: Parameters<typeof setUpTwoClients>[0]['grants']) {
  return setUpTwoClients({
    first: { patents: 300, seed: 3 },
    second: { patents: 400, seed: 15 },
    secondClient: 'Northwind Labs',
    ...(grants ? { grants } : {}),
    today: TWO_CLIENT_DAY,
  });
}

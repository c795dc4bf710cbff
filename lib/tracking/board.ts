import { type CurrencyTotal, sumByCurrency } from '@/lib/annuity/money';
import type { RenewalRow } from '@/lib/renewals/rows';

/**
 * The month-close board: instructed renewals of a due month by processing stage (spec: States,
 * processing status), with counts and amounts per currency, and the renewals that need someone.
 */
const PIPELINE = ['INSTRUCTED', 'PAYMENT_SENT', 'PAYMENT_CONFIRMED', 'FULFILLED'] as const;
export const PROBLEM_STAGE = 'UNPROCESSABLE';

export interface Stage {
  status: string;
  count: number;
  totals: CurrencyTotal[];
}

/** Instructed: a decision is applied, or the service reports a status past NOT_INSTRUCTED. */
export function isInstructed(row: Pick<RenewalRow, 'appliedDecision' | 'processingStatus'>): boolean {
  return (
    row.appliedDecision !== null ||
    (row.processingStatus !== null && row.processingStatus !== 'NOT_INSTRUCTED')
  );
}

/**
 * The stages in pipeline order, then UNPROCESSABLE, then any status a later v2 adds (open enum,
 * shown as sent rather than dropped).
 */
export function buildStages(rows: readonly RenewalRow[]): Stage[] {
  const byStatus = new Map<string, RenewalRow[]>();
  for (const row of rows) {
    if (!isInstructed(row)) continue;
    const status = row.processingStatus ?? 'INSTRUCTED';
    const list = byStatus.get(status) ?? [];
    list.push(row);
    byStatus.set(status, list);
  }
  const known: string[] = [...PIPELINE, PROBLEM_STAGE];
  const order = [...known, ...[...byStatus.keys()].filter((status) => !known.includes(status)).sort()];
  return order.map((status) => {
    const list = byStatus.get(status) ?? [];
    return {
      status,
      count: list.length,
      totals: sumByCurrency(
        list.flatMap((row) => (row.fees ? [{ amount: row.fees.total, currency: row.fees.currency }] : [])),
      ),
    };
  });
}

export interface FulfilledGap {
  row: RenewalRow;
  missingInvoice: boolean;
  missingReceipt: boolean;
}

/**
 * FULFILLED renewals still lacking an invoice line or an official receipt: the month is not
 * closed. Only a paid renewal (PROCEED) has an office receipt; a skip or drop has none to wait for.
 */
export function fulfilledGaps(rows: readonly RenewalRow[], receiptSeen: ReadonlySet<string>): FulfilledGap[] {
  return rows
    .filter((row) => row.processingStatus === 'FULFILLED')
    .map((row) => ({
      row,
      missingInvoice: (row.fees?.feesStatus ?? row.feesStatus) !== 'INVOICED',
      missingReceipt: row.appliedDecision === 'PROCEED' && !receiptSeen.has(row.eventId),
    }))
    .filter((gap) => gap.missingInvoice || gap.missingReceipt);
}

import { INVOICE_MARK_KEY } from './line-keys';

/**
 * Finance's marks and what they make of an invoice: an invoice is reconciled when all
 * its lines are; one dispute, on a line or on the invoice, makes it disputed.
 */
export const MARK_STATUSES = ['reconciled', 'disputed'] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

export const RECONCILIATION_STATUSES = ['unmarked', 'in-progress', 'reconciled', 'disputed'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

export interface MarkView {
  lineKey: string;
  status: MarkStatus;
  note: string | null;
  markedByEmail: string | null;
  markedAt: string;
}

export const NOTE_MAX_LENGTH = 2000;

export function reconciliationStatus(
  keys: readonly string[],
  marks: readonly Pick<MarkView, 'lineKey' | 'status'>[],
): ReconciliationStatus {
  // A mark on a key the invoice no longer has (a line the service removed) decides nothing.
  const relevant = new Set([...keys, INVOICE_MARK_KEY]);
  const byKey = new Map(marks.filter((m) => relevant.has(m.lineKey)).map((m) => [m.lineKey, m.status]));
  if ([...byKey.values()].includes('disputed')) return 'disputed';
  const allLines =
    keys.length > 0
      ? keys.every((key) => byKey.get(key) === 'reconciled')
      : byKey.get(INVOICE_MARK_KEY) === 'reconciled';
  if (allLines) return 'reconciled';
  return byKey.size > 0 ? 'in-progress' : 'unmarked';
}

import { type EnumLabel, enumLabel } from '@/lib/renewals/labels';
import type { CheckStatus } from './check-types';
import type { MarkStatus, ReconciliationStatus } from './reconciliation';

/**
 * Words for invoices. `origin` is an open enum (spec: Conventions): an unknown value is shown as
 * sent. A REGULARIZATION invoice is a correction of earlier billing and is called one.
 */
const ORIGINS: Record<string, EnumLabel> = {
  GENERATED: { label: 'Generated', tone: 'neutral' },
  IMPORTED: { label: 'Imported', tone: 'info' },
  REGULARIZATION: { label: 'Correction', tone: 'warning' },
};

export const ORIGIN_OPTIONS = [
  { value: 'GENERATED', label: 'Generated' },
  { value: 'IMPORTED', label: 'Imported' },
  { value: 'REGULARIZATION', label: 'Correction (regularization)' },
] as const;

export function originLabel(origin: string): EnumLabel {
  return enumLabel(ORIGINS, origin);
}

/** spec: Invoice — `number` is null for IMPORTED invoices; `reference` is the one sure field. */
export function invoiceNumberText(number: string | null): string {
  return number ?? 'None (imported)';
}

export const RECONCILIATION_LABELS: Record<ReconciliationStatus, EnumLabel> = {
  unmarked: { label: 'Not reconciled', tone: 'neutral' },
  'in-progress': { label: 'In progress', tone: 'info' },
  reconciled: { label: 'Reconciled', tone: 'success' },
  disputed: { label: 'Disputed', tone: 'danger' },
};

export const MARK_LABELS: Record<MarkStatus, EnumLabel> = {
  reconciled: { label: 'Reconciled', tone: 'success' },
  disputed: { label: 'Disputed', tone: 'danger' },
};

export const CHECK_STATUS_LABELS: Record<CheckStatus, EnumLabel> = {
  pass: { label: 'Pass', tone: 'success' },
  warning: { label: 'Warning', tone: 'warning' },
  fail: { label: 'Fail', tone: 'danger' },
};

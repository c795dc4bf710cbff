import { Badge } from '@/components/ui/badge';
import type { CheckStatus } from '@/lib/invoices/check-types';
import { CHECK_STATUS_LABELS, MARK_LABELS, originLabel, RECONCILIATION_LABELS } from '@/lib/invoices/labels';
import type { MarkStatus, ReconciliationStatus } from '@/lib/invoices/reconciliation';

/** The invoice area's badges: one label table each (lib/invoices/labels.ts), one look. */
export function OriginBadge({ origin }: { origin: string }) {
  const label = originLabel(origin);
  return <Badge tone={label.tone}>{label.label}</Badge>;
}

export function ReconciliationBadge({ status }: { status: ReconciliationStatus }) {
  const label = RECONCILIATION_LABELS[status];
  return <Badge tone={label.tone}>{label.label}</Badge>;
}

export function MarkBadge({ status }: { status: MarkStatus }) {
  const label = MARK_LABELS[status];
  return <Badge tone={label.tone}>{label.label}</Badge>;
}

export function CheckBadge({ status }: { status: CheckStatus }) {
  const label = CHECK_STATUS_LABELS[status];
  return <Badge tone={label.tone}>{label.label}</Badge>;
}

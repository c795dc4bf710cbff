import { formatTimestamp } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { INVOICE_MARK_KEY } from '@/lib/invoices/line-keys';
import type { MarkView, ReconciliationStatus } from '@/lib/invoices/reconciliation';
import { MarkReconciliationDialog } from './mark-reconciliation-dialog';
import { MarkBadge, ReconciliationBadge } from './status-badges';

/** Where the invoice stands: its status from the lines' marks, the invoice's own mark, and the action. */
export function ReconciliationPanel({
  invoiceId,
  reference,
  status,
  lineKeys,
  marks,
  canMark,
  locale,
}: {
  invoiceId: string;
  reference: string;
  status: ReconciliationStatus;
  lineKeys: readonly string[];
  marks: ReadonlyMap<string, MarkView>;
  canMark: boolean;
  locale: string;
}) {
  const lines = lineKeys.map((key) => marks.get(key));
  const reconciled = lines.filter((mark) => mark?.status === 'reconciled').length;
  const disputed = lines.filter((mark) => mark?.status === 'disputed').length;
  const own = marks.get(INVOICE_MARK_KEY) ?? null;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <ReconciliationBadge status={status} />
        <span>
          {reconciled} of {plural(lineKeys.length, 'line')} reconciled, {disputed} disputed.
        </span>
      </p>
      {own ? (
        <div className="flex flex-col gap-1" data-invoice-mark={own.status}>
          <p className="flex items-center gap-2">
            Invoice marked <MarkBadge status={own.status} />
          </p>
          {own.note ? <p className="break-words">{own.note}</p> : null}
          <p className="text-xs text-muted-foreground">
            {own.markedByEmail ?? 'someone'}, {formatTimestamp(own.markedAt, locale)}
          </p>
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">An invoice is reconciled when every line is.</p>
      {canMark ? (
        <div>
          <MarkReconciliationDialog
            invoiceId={invoiceId}
            lineKey={INVOICE_MARK_KEY}
            title={`Mark invoice ${reference}`}
            triggerLabel="Mark invoice"
            current={own}
          />
        </div>
      ) : null}
    </div>
  );
}

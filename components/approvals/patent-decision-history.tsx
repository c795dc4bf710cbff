import Link from 'next/link';
import { BatchStateBadge } from '@/components/badges/batch-state-badge';
import { EnumBadge } from '@/components/badges/enum-badge';
import { DataTable } from '@/components/data-table/data-table';
import { PageSection } from '@/components/shell/page-section';
import type { BatchState } from '@/lib/decisions/batch-states';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { decisionLabel } from '@/lib/renewals/labels';
import type { TableColumn } from '@/lib/table/columns';

export interface PatentDecisionRow {
  batchId: string;
  eventId: string;
  decision: string;
  dueDate: string | null;
  annuityYear: number | null;
  rationale: string | null;
  state: BatchState;
  createdAt: string;
  createdByEmail: string | null;
  decidedByEmail: string | null;
  returnReason: string | null;
}

function historyColumns(locale: string): TableColumn<PatentDecisionRow>[] {
  return [
    {
      id: 'prepared',
      header: 'Prepared',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <>
          {formatTimestamp(row.createdAt, locale)}
          <span className="block text-xs text-muted-foreground">by {row.createdByEmail ?? 'unknown'}</span>
        </>
      ),
    },
    {
      id: 'renewal',
      header: 'Renewal',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) =>
        `${row.annuityYear ? `Year ${row.annuityYear}, ` : ''}due ${formatDate(row.dueDate, locale)}`,
    },
    { id: 'decision', header: 'Decision', cell: (row) => <EnumBadge value={decisionLabel(row.decision)} /> },
    {
      id: 'reason',
      header: 'Reason',
      className: 'max-w-80 whitespace-normal text-sm',
      cell: (row) => (
        <>
          {row.rationale ?? '—'}
          {row.returnReason ? (
            <span className="block text-xs text-muted-foreground">
              Sent back by {row.decidedByEmail ?? 'an approver'}: {row.returnReason}
            </span>
          ) : row.decidedByEmail ? (
            <span className="block text-xs text-muted-foreground">Approved by {row.decidedByEmail}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'batch',
      header: 'Batch',
      cell: (row) => (
        <Link href={`/renewals/batches/${row.batchId}`} className="text-primary hover:underline">
          <BatchStateBadge state={row.state} />
          <span className="sr-only"> open the batch</span>
        </Link>
      ),
    },
  ];
}

/**
 * The patent's timeline of decisions taken in the dashboard: who decided what, why,
 * who approved it or sent it back, and the batch it went in.
 */
export function PatentDecisionHistory({ rows, locale }: { rows: PatentDecisionRow[]; locale: string }) {
  return (
    <PageSection id="decision-history-heading" title="Decisions taken here" className="mt-6">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No decision for this patent was prepared in the dashboard.
        </p>
      ) : (
        <DataTable
          label="Decisions taken here"
          columns={historyColumns(locale)}
          rows={rows}
          rowKey={(row) => `${row.batchId}-${row.eventId}`}
        />
      )}
    </PageSection>
  );
}

import Link from 'next/link';
import { BatchStateBadge } from '@/components/decisions/batch-state-badge';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { BatchState } from '@/lib/decisions/batch-states';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { decisionLabel } from '@/lib/renewals/labels';

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

/**
 * The patent's timeline of decisions taken in the dashboard: who decided what, why,
 * who approved it or sent it back, and the batch it went in.
 */
export function PatentDecisionHistory({ rows, locale }: { rows: PatentDecisionRow[]; locale: string }) {
  return (
    <section aria-labelledby="decision-history-heading" className="mt-6 flex flex-col gap-3">
      <h2 id="decision-history-heading" className="text-lg font-semibold">
        Decisions taken here
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No decision for this patent was prepared in the dashboard.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Prepared</TableHead>
              <TableHead scope="col">Renewal</TableHead>
              <TableHead scope="col">Decision</TableHead>
              <TableHead scope="col">Reason</TableHead>
              <TableHead scope="col">Batch</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={`${row.batchId}-${row.eventId}`}>
                <TableCell className="whitespace-nowrap">
                  {formatTimestamp(row.createdAt, locale)}
                  <span className="block text-xs text-muted-foreground">
                    by {row.createdByEmail ?? 'unknown'}
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">
                  {row.annuityYear ? `Year ${row.annuityYear}, ` : ''}due {formatDate(row.dueDate, locale)}
                </TableCell>
                <TableCell>
                  <EnumBadge value={decisionLabel(row.decision)} />
                </TableCell>
                <TableCell className="max-w-80 whitespace-normal text-sm">
                  {row.rationale ?? '—'}
                  {row.returnReason ? (
                    <span className="block text-xs text-muted-foreground">
                      Sent back by {row.decidedByEmail ?? 'an approver'}: {row.returnReason}
                    </span>
                  ) : row.decidedByEmail ? (
                    <span className="block text-xs text-muted-foreground">
                      Approved by {row.decidedByEmail}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Link href={`/renewals/batches/${row.batchId}`} className="text-primary hover:underline">
                    <BatchStateBadge state={row.state} />
                    <span className="sr-only"> open the batch</span>
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

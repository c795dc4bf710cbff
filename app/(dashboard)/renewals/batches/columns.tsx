import Link from 'next/link';
import { BatchStateBadge } from '@/components/badges/batch-state-badge';
import { sentAt } from '@/lib/decisions/batch-timing';
import { formatTimestamp } from '@/lib/format/dates';
import type { listBatches } from '@/lib/server/decisions/batch-records';
import type { TableColumn } from '@/lib/table/columns';

type BatchRow = Awaited<ReturnType<typeof listBatches>>['batches'][number];

/** The sent batches: when each left, who sent it, how many decisions, its state and receipt. */
export function batchColumns(locale: string): TableColumn<BatchRow>[] {
  return [
    {
      id: 'sent',
      header: 'Sent',
      className: 'whitespace-nowrap',
      cell: (batch) => (
        <Link
          href={`/renewals/batches/${batch.id}`}
          className="text-primary underline-offset-2 hover:underline"
        >
          {/* The time it left for the service; one held for approval left later than it was prepared. */}
          {sentAt(batch)
            ? formatTimestamp(sentAt(batch), locale)
            : `Not sent (prepared ${formatTimestamp(batch.createdAt, locale)})`}
        </Link>
      ),
    },
    { id: 'by', header: 'By', cell: (batch) => batch.createdByEmail ?? '—' },
    { id: 'decisions', header: 'Decisions', align: 'end', cell: (batch) => batch.eventCount },
    { id: 'outcome', header: 'Outcome', cell: (batch) => <BatchStateBadge state={batch.state} /> },
    {
      id: 'receipt',
      header: 'Receipt',
      className: 'tabular-nums',
      cell: (batch) => (batch.receipt ? `No. ${batch.receipt.number} · ${batch.receipt.reference}` : '—'),
    },
  ];
}

import Link from 'next/link';
import { ScheduledBadge } from '@/components/badges/batch-state-badge';
import { EnumBadge } from '@/components/badges/enum-badge';
import { eventDocumentHref } from '@/lib/documents/links';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel, processingStatusLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { TableColumn } from '@/lib/table/columns';
import type { TrackingData } from '@/lib/tracking/data';
import { OfficialReceiptButton } from './official-receipt-button';

type ScheduledRow = TrackingData['scheduled'][number];
type Gap = TrackingData['gaps'][number];

/** The columns the scheduled and the instructed renewals start with: patent, office, due date, decision. */
function renewalColumns<Item>(
  locale: string,
  rowOf: (item: Item) => RenewalRow,
  decisionOf: (item: Item) => string | null,
): TableColumn<Item>[] {
  return [
    {
      id: 'patent',
      header: 'Patent',
      cell: (item) => (
        <>
          <Link href={patentHref(rowOf(item).patentId)} className="text-primary hover:underline">
            {patentName(rowOf(item))}
          </Link>
          {/* Whose renewal it is, when the user works for several clients. */}
          {rowOf(item).client ? (
            <span className="block text-xs text-muted-foreground">{rowOf(item).client?.name}</span>
          ) : null}
        </>
      ),
    },
    { id: 'office', header: 'Office', cell: (item) => rowOf(item).office ?? '—' },
    {
      id: 'dueDate',
      header: 'Due date',
      className: 'whitespace-nowrap',
      cell: (item) => formatDate(rowOf(item).dueDate, locale),
    },
    {
      id: 'decision',
      header: 'Decision',
      cell: (item) => <EnumBadge value={decisionLabel(decisionOf(item))} />,
    },
  ];
}

/** The board's tables (tracking-board.tsx), each one list of columns. */
export const trackingColumns = {
  /** What support needs for a renewal the office rejected. */
  unprocessable: (locale: string): TableColumn<RenewalRow>[] => [
    { id: 'patent', header: 'Patent', cell: (row) => patentName(row) },
    { id: 'providerId', header: 'Provider ID', cell: (row) => row.providerId ?? '—' },
    { id: 'dueDate', header: 'Due date', cell: (row) => formatDate(row.dueDate, locale) },
    {
      id: 'decision',
      header: 'Decision',
      cell: (row) => <EnumBadge value={decisionLabel(row.appliedDecision)} />,
    },
    {
      id: 'since',
      header: 'Status since',
      cell: (row) => formatTimestamp(row.processingStatusUpdatedAt, locale) || '—',
    },
    {
      id: 'support',
      header: 'For support',
      className: 'font-mono text-xs',
      cell: (row) => (
        <>
          patent {row.patentId}
          <br />
          event {row.eventId}
        </>
      ),
    },
  ],
  gaps: (locale: string): TableColumn<Gap>[] => [
    { id: 'patent', header: 'Patent', cell: (gap) => patentName(gap.row) },
    { id: 'dueDate', header: 'Due date', cell: (gap) => formatDate(gap.row.dueDate, locale) },
    {
      id: 'missing',
      header: 'Missing',
      cell: (gap) =>
        [gap.missingReceipt ? 'official receipt' : null, gap.missingInvoice ? 'invoice line' : null]
          .filter(Boolean)
          .join(' and '),
    },
  ],
  scheduled: (locale: string): TableColumn<ScheduledRow>[] => [
    ...renewalColumns<ScheduledRow>(
      locale,
      (item) => item.row,
      (item) => item.decision,
    ),
    {
      id: 'processing',
      header: 'Processing',
      cell: ({ scheduledFor }) => <ScheduledBadge date={scheduledFor} locale={locale} />,
    },
    {
      id: 'batch',
      header: 'Batch',
      cell: ({ row, batchId }) => (
        <Link
          href={`/renewals/batches/${batchId}`}
          className="text-sm text-primary underline-offset-2 hover:underline"
        >
          Batch<span className="sr-only"> of {patentName(row)}</span>
        </Link>
      ),
    },
  ],
  instructed: (locale: string, canDownload: boolean): TableColumn<RenewalRow>[] => [
    ...renewalColumns<RenewalRow>(
      locale,
      (row) => row,
      (row) => row.appliedDecision,
    ),
    {
      id: 'processing',
      header: 'Processing',
      cell: (row) => <EnumBadge value={processingStatusLabel(row.processingStatus)} />,
    },
    {
      id: 'updated',
      header: 'Updated',
      className: 'whitespace-nowrap text-xs',
      cell: (row) => formatTimestamp(row.processingStatusUpdatedAt, locale) || '—',
    },
    {
      id: 'documents',
      header: 'Documents',
      className: 'whitespace-nowrap',
      cell: (row) =>
        canDownload ? (
          <span className="flex flex-col">
            <a
              href={eventDocumentHref(row.patentId, row.eventId, 'instruction-receipt')}
              download
              className="text-sm text-primary underline-offset-2 hover:underline"
            >
              Instruction receipt
              <span className="sr-only"> of {patentName(row)}</span>
            </a>
            {row.processingStatus === 'FULFILLED' && row.appliedDecision === 'PROCEED' ? (
              <OfficialReceiptButton patentId={row.patentId} eventId={row.eventId} label={patentName(row)} />
            ) : null}
          </span>
        ) : (
          '—'
        ),
    },
  ],
};

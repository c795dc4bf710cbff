import { ItemOutcomeBadge } from '@/components/badges/batch-state-badge';
import { type BatchItemRow, batchItemColumns as col } from '@/components/decisions/batch-item-columns';
import type { BatchView } from '@/lib/decisions/batch';
import { eventDocumentHref } from '@/lib/documents/links';
import { formatTimestamp } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import type { TableColumn } from '@/lib/table/columns';

type Item = BatchView['items'][number] & BatchItemRow;

/**
 * The batch's receipt: the key columns first; the office and the execution time are hidden below
 * 1536 px and shown in the row's details.
 */
export function receiptColumns(batch: BatchView, locale: string, canDownload: boolean): TableColumn<Item>[] {
  const problemOf = (item: Item) => batch.problem?.events.find((event) => event.eventId === item.eventId);
  return [
    col.patent<Item>((item) => {
      const problem = problemOf(item);
      return problem ? (
        <span className="block max-w-80 text-xs text-destructive">
          {problem.title}: {problem.detail}
        </span>
      ) : null;
    }),
    col.annuityYear(),
    col.dueDate(locale),
    col.decision(),
    {
      id: 'outcome',
      header: 'Outcome',
      cell: (item) => (
        <ItemOutcomeBadge
          outcome={item.outcome}
          problemCode={item.problemCode}
          scheduledFor={item.scheduledFor}
          locale={locale}
        />
      ),
      export: (item) => item.outcome,
    },
    col.estimate('Estimate when sent', locale),
    col.reason(),
    {
      id: 'receipt',
      header: 'Receipt',
      cell: (item) =>
        item.outcome === 'executed' && canDownload ? (
          <a
            href={eventDocumentHref(item.patentId, item.eventId, 'instruction-receipt')}
            download
            className="text-primary underline-offset-2 hover:underline"
          >
            Instruction receipt (PDF)
            <span className="sr-only"> of {patentName(item)}</span>
          </a>
        ) : (
          '—'
        ),
    },
    col.office('low'),
    {
      id: 'executedAt',
      header: 'Executed at',
      priority: 'low',
      className: 'whitespace-nowrap',
      cell: (item) => (item.executedAt ? formatTimestamp(item.executedAt, locale) : '—'),
      export: (item) => item.executedAt,
    },
  ];
}

import Link from 'next/link';
import { SendAgainButton } from '@/components/notifications/outbox-actions';
import { Badge } from '@/components/ui/badge';
import { formatTimestamp } from '@/lib/format/dates';
import type { listMessages } from '@/lib/server/notifications/app';
import type { TableColumn } from '@/lib/table/columns';

type MessageRow = Awaited<ReturnType<typeof listMessages>>['rows'][number];

const DELIVERY_TEXT: Record<string, string> = { unknown: 'delivery unknown' };

const deliveryTone = (status: string) =>
  status === 'failed'
    ? 'danger'
    : status === 'unknown'
      ? 'warning'
      : status === 'sent'
        ? 'success'
        : 'neutral';

/** The outbox's columns; an administrator may send again a message whose delivery failed or is unknown. */
export function outboxColumns(locale: string, canManage: boolean): TableColumn<MessageRow>[] {
  return [
    {
      id: 'createdAt',
      header: 'Created',
      cell: (row) => (
        <time dateTime={row.createdAt.toISOString()}>
          {formatTimestamp(row.createdAt.toISOString(), locale)}
        </time>
      ),
    },
    { id: 'recipient', header: 'To', cell: (row) => row.recipient },
    {
      id: 'subject',
      header: 'Subject',
      cell: (row) => (
        <Link href={`/admin/outbox/${row.id}`} className="underline-offset-4 hover:underline">
          {row.subject}
        </Link>
      ),
    },
    { id: 'rule', header: 'Rule', className: 'font-mono text-xs', cell: (row) => row.rule },
    {
      id: 'delivery',
      header: 'Delivery',
      cell: (row) => (
        <>
          <Badge tone={deliveryTone(row.status)}>
            {row.transport === 'outbox' && row.status === 'sent'
              ? 'in outbox'
              : (DELIVERY_TEXT[row.status] ?? row.status)}
          </Badge>
          {row.lastError ? <span className="ml-2 text-xs text-destructive">{row.lastError}</span> : null}
          {canManage && (row.status === 'unknown' || row.status === 'failed') ? (
            <span className="ml-2">
              <SendAgainButton messageId={row.id} subject={row.subject} />
            </span>
          ) : null}
        </>
      ),
    },
  ];
}

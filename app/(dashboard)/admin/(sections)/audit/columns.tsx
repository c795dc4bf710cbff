import { Badge } from '@/components/ui/badge';
import { formatTimestamp } from '@/lib/format/dates';
import type { queryAuditLog } from '@/lib/server/audit/audit-query';
import type { TableColumn } from '@/lib/table/columns';

type AuditRow = Awaited<ReturnType<typeof queryAuditLog>>['rows'][number];

/**
 * The audit log's columns; the exact UTC instant stays in each time's dateTime and title. A user of
 * several clients sees whose each entry is ("—" for what concerns no client).
 */
export function auditColumns(locale: string, labelsClients: boolean): TableColumn<AuditRow>[] {
  return [
    ...(labelsClients
      ? [
          {
            id: 'client',
            header: 'Client',
            cell: (row: AuditRow) => row.client ?? '—',
          } satisfies TableColumn<AuditRow>,
        ]
      : []),
    {
      id: 'at',
      header: 'When (UTC)',
      className: 'whitespace-nowrap tabular-nums',
      cell: (row) => (
        <time dateTime={row.at.toISOString()} title={row.at.toISOString()}>
          {formatTimestamp(row.at.toISOString(), locale)}
        </time>
      ),
    },
    { id: 'actor', header: 'Who', cell: (row) => row.actorEmail ?? 'the dashboard' },
    { id: 'action', header: 'Action', cell: (row) => <span title={row.action}>{row.actionLabel}</span> },
    {
      id: 'target',
      header: 'Concerning',
      className: 'max-w-xs',
      cell: (row) =>
        row.patents.length > 0 ? (
          <ul className="text-xs" aria-label="Patents of this batch">
            {row.patents.map((patent) => (
              <li key={patent}>{patent}</li>
            ))}
          </ul>
        ) : (
          (row.target ?? '—')
        ),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: (row) => (
        <Badge tone={row.outcome === 'success' ? 'success' : 'danger'}>
          {row.outcome === 'success' ? 'Success' : 'Failure'}
        </Badge>
      ),
    },
    {
      id: 'details',
      header: 'Details',
      className: 'max-w-xs text-xs',
      cell: (row) => (
        <span title={JSON.stringify(row.details)}>
          {row.detailsText || '—'}
          {row.upstreamRequestIds.length > 0 ? (
            <span className="block font-mono text-muted-foreground">
              service: {row.upstreamRequestIds.join(', ')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'requestId',
      header: 'Request id',
      className: 'font-mono text-xs',
      cell: (row) => row.requestId ?? '—',
    },
  ];
}

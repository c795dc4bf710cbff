'use client';

import { DataTable } from '@/components/data-table/data-table';
import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import { formatMoney } from '@/lib/annuity/money';
import type { FrozenRateEvent } from '@/lib/annuity/schemas';
import { formatDate } from '@/lib/format/dates';
import { amountColumn, type TableColumn } from '@/lib/table/columns';

function freezeEventColumns(locale: string): TableColumn<FrozenRateEvent>[] {
  return [
    {
      id: 'caseReference',
      header: 'Case reference',
      cell: (event) => event.clientCaseReference ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'dueDate',
      header: 'Due date',
      className: 'whitespace-nowrap tabular-nums',
      cell: (event) => formatDate(event.dueDate, locale),
    },
    amountColumn('amount', 'Amount', (event) => formatMoney(event.amount, event.currency, locale)),
    { id: 'currency', header: 'Currency', cell: (event) => event.currency },
    {
      id: 'rate',
      header: 'Exchange rate',
      cell: (event) =>
        event.isFxRateFrozen ? (
          <Badge tone="info">FX frozen</Badge>
        ) : (
          <span className="text-muted-foreground">Moves with rates</span>
        ),
    },
    {
      id: 'instruction',
      header: 'Instruction',
      cell: (event) =>
        event.hasInstruction ? (
          <Badge tone="neutral">Already instructed</Badge>
        ) : (
          <span className="text-muted-foreground">Not yet</span>
        ),
    },
  ];
}

/** The renewals a month's freeze covers, as the service lists them (spec: frozenRateEvent). */
export function FreezeEventsTable({
  events,
  caption,
}: {
  events: readonly FrozenRateEvent[];
  caption: string;
}) {
  const locale = useLocale();
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={freezeEventColumns(locale)}
      rows={events}
      // A frozenRateEvent has no id (spec) and the list never reorders.
      rowKey={(_, index) => String(index)}
    />
  );
}

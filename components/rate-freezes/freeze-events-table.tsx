'use client';

import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatMoney } from '@/lib/annuity/money';
import type { FrozenRateEvent } from '@/lib/annuity/schemas';
import { formatDate } from '@/lib/format/dates';

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
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Case reference</TableHead>
          <TableHead scope="col">Due date</TableHead>
          <TableHead scope="col" className="text-right">
            Amount
          </TableHead>
          <TableHead scope="col">Currency</TableHead>
          <TableHead scope="col">Exchange rate</TableHead>
          <TableHead scope="col">Instruction</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozenRateEvent has no id (spec) and the list never reorders
          <TableRow key={index}>
            <TableCell>
              {event.clientCaseReference ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">
              {formatDate(event.dueDate, locale)}
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {formatMoney(event.amount, event.currency, locale)}
            </TableCell>
            <TableCell>{event.currency}</TableCell>
            <TableCell>
              {event.isFxRateFrozen ? (
                <Badge tone="info">FX frozen</Badge>
              ) : (
                <span className="text-muted-foreground">Moves with rates</span>
              )}
            </TableCell>
            <TableCell>
              {event.hasInstruction ? (
                <Badge tone="neutral">Already instructed</Badge>
              ) : (
                <span className="text-muted-foreground">Not yet</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

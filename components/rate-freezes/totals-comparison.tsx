'use client';

import { useLocale } from '@/components/shell/locale';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatMoney, isZero } from '@/lib/annuity/money';
import type { TotalsComparison } from '@/lib/rate-freezes/totals';

/** The month's totals per currency as previewed before the freeze and as the freeze answered. */
export function TotalsComparisonTable({ rows }: { rows: readonly TotalsComparison[] }) {
  const locale = useLocale();
  const money = (amount: string | null, currency: string) =>
    amount === null ? '—' : formatMoney(amount, currency, locale);
  return (
    <Table>
      <TableCaption>Totals per currency before and after freezing.</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Currency</TableHead>
          <TableHead scope="col" className="text-right">
            Before freezing (preview)
          </TableHead>
          <TableHead scope="col" className="text-right">
            After freezing
          </TableHead>
          <TableHead scope="col" className="text-right">
            Difference
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.currency} data-testid={`comparison-${row.currency}`}>
            <TableHead scope="row" className="text-foreground">
              {row.currency}
            </TableHead>
            <TableCell className="text-right font-mono tabular-nums">
              {money(row.before, row.currency)}
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {money(row.after, row.currency)}
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {row.difference === null
                ? '—'
                : isZero(row.difference)
                  ? 'None'
                  : money(row.difference, row.currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

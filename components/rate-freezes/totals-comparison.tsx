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

/**
 * The month's totals per currency (each renewal's office currency, as the freeze resource reports
 * them) as previewed before the freeze and as the freeze answered. The two differ only when rates
 * or the month's renewals moved between the preview and the freeze ("Difference: None" on every
 * line would tell nobody anything), so the change column appears only when something moved,
 * and a sentence says what it means either way.
 */
export function TotalsComparisonTable({ rows }: { rows: readonly TotalsComparison[] }) {
  const locale = useLocale();
  const money = (amount: string | null, currency: string) =>
    amount === null ? '—' : formatMoney(amount, currency, locale);
  const moved = rows.some((row) => row.difference === null || !isZero(row.difference));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm" data-testid="comparison-note">
        {moved
          ? 'Some totals changed between your preview and the freeze: rates or the month’s renewals moved in between. “Change” is the frozen total minus the previewed one.'
          : 'The frozen totals equal the ones you previewed: the freeze pinned the rates you saw.'}{' '}
        Amounts are in each renewal’s office currency, as the freeze reports them.
      </p>
      <ComparisonTable rows={rows} moved={moved} money={money} />
    </div>
  );
}

function ComparisonTable({
  rows,
  moved,
  money,
}: {
  rows: readonly TotalsComparison[];
  moved: boolean;
  money: (amount: string | null, currency: string) => string;
}) {
  return (
    <Table>
      <TableCaption>Totals per office currency before and after freezing.</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Currency</TableHead>
          <TableHead scope="col" className="text-right">
            Before freezing (preview)
          </TableHead>
          <TableHead scope="col" className="text-right">
            After freezing
          </TableHead>
          {moved ? (
            <TableHead scope="col" className="text-right">
              Change
            </TableHead>
          ) : null}
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
            {moved ? (
              <TableCell className="text-right font-mono tabular-nums">
                {row.difference === null
                  ? 'Only on one side'
                  : isZero(row.difference)
                    ? 'No change'
                    : money(row.difference, row.currency)}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

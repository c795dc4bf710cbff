import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/annuity/money';
import type { InvoiceDetailData } from '@/lib/invoices/detail';
import { CheckCountsText, CheckList } from './check-list';

/** The invoice-level checks, the count of every check, and invoiced against estimated per currency. */
export function InvoiceChecks({ detail, locale }: { detail: InvoiceDetailData; locale: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        All checks of this invoice and its lines: <CheckCountsText counts={detail.counts} />.
      </p>
      <CheckList checks={detail.invoiceChecks} label="Invoice checks" />
      {detail.varianceByCurrency.length > 0 ? (
        <Table>
          <caption className="sr-only">Invoiced against estimated, per currency</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Currency</TableHead>
              <TableHead scope="col">Lines compared</TableHead>
              <TableHead scope="col" className="text-right">
                Estimated
              </TableHead>
              <TableHead scope="col" className="text-right">
                Invoiced
              </TableHead>
              <TableHead scope="col" className="text-right">
                Variance
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.varianceByCurrency.map((row) => (
              <TableRow key={row.currency}>
                <TableCell>{row.currency}</TableCell>
                <TableCell className="tabular-nums">{row.lines}</TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {formatMoney(row.estimated, row.currency, locale)}
                </TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {formatMoney(row.invoiced, row.currency, locale)}
                </TableCell>
                <TableCell className="text-right font-mono tabular-nums">
                  {formatMoney(row.difference, row.currency, locale)}
                  {row.percent === null ? '' : ` (${row.percent}%)`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Lines further than {detail.thresholdPercent}% from the estimate recorded when their decision was sent
        are flagged; lines at frozen exchange rates must match exactly.
      </p>
    </div>
  );
}

import Link from 'next/link';
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
import { topPerCurrency } from '@/lib/forecast/aggregate';
import type { PatentCost } from '@/lib/forecast/data';
import { formatDate } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';

/**
 * Cost to expiry per patent: each currency's costliest patents over the window, with a
 * link to the patent, to support pruning; the export has every patent. Server-rendered.
 */
const AMOUNT = 'text-right font-mono tabular-nums';
const TOP_PATENTS = 10;

function PatentCosts({
  rows,
  currency,
  patents,
  locale,
}: {
  rows: PatentCost[];
  currency: string;
  patents: number;
  locale: string;
}) {
  return (
    <Table data-testid={`forecast-patents-${currency}`}>
      <TableCaption>
        The {rows.length} patents of {patents} billed in {currency} that cost most until the window&rsquo;s
        end.
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Patent</TableHead>
          <TableHead scope="col">Office</TableHead>
          <TableHead scope="col">Family</TableHead>
          <TableHead scope="col" className="text-right">
            Cost to expiry
          </TableHead>
          <TableHead scope="col" className="text-right">
            Renewals
          </TableHead>
          <TableHead scope="col">Last due in window</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.patentId}>
            <TableHead scope="row" className="text-foreground">
              <Link href={patentHref(row.patentId)} className="underline underline-offset-4">
                {row.caseReference ?? row.patentId}
              </Link>
            </TableHead>
            <TableCell>{row.office ?? 'Unknown office'}</TableCell>
            <TableCell>{row.family ?? '—'}</TableCell>
            <TableCell className={AMOUNT}>
              {formatMoney(row.total, row.currency, locale)}
              {row.noEstimate > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  + {row.noEstimate} without estimate
                </span>
              ) : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.renewals}</TableCell>
            <TableCell>{formatDate(row.lastDue, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ForecastPatentCosts({ patents, locale }: { patents: readonly PatentCost[]; locale: string }) {
  if (patents.length === 0) return <p className="text-sm">No estimated renewal in the window.</p>;
  return (
    <>
      {topPerCurrency(patents, TOP_PATENTS).map((entry) => (
        <PatentCosts key={entry.currency} {...entry} locale={locale} />
      ))}
    </>
  );
}

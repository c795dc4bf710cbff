'use client';

import { useQuery } from '@tanstack/react-query';
import { ExportLinks } from '@/components/data-table/export-links';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { useLocale } from '@/components/shell/locale';
import { QueryFallback } from '@/components/shell/query-problem';
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
import { formatDate, formatYearMonth } from '@/lib/format/dates';
import type { EstimateMovement } from '@/lib/rate-freezes/lock';
import { freezeEstimatesQuery } from './rate-freezes-query';

/**
 * The freeze decision in the currency the account pays: what a freeze would lock now,
 * from the month's estimates (spec: Fees, `currency` is the invoice currency), and how those
 * estimates moved over the days the worker recorded. Per currency, never summed across currencies.
 */
export function FreezeEstimates({ month, frozen }: { month: string; frozen: boolean }) {
  const locale = useLocale();
  const query = useQuery(freezeEstimatesQuery(month));
  const name = formatYearMonth(month, locale);
  const data = query.data;
  if (!data) return <QueryFallback query={query} loading={`Loading the estimates of ${name}…`} rows={3} />;
  const { locked } = data;
  return (
    <section
      aria-labelledby="freeze-lock-heading"
      aria-busy={query.isFetching}
      className="flex flex-col gap-4"
      data-testid="freeze-estimates"
    >
      <div className="flex flex-col gap-2">
        <h2 id="freeze-lock-heading" className="text-lg font-semibold">
          {frozen ? `Estimates of ${name} at the frozen rates` : `What freezing ${name} would lock`}
        </h2>
        <p className="text-sm text-muted-foreground">
          The renewals' estimated fees in the currency you are invoiced in. Freezing pins the exchange rates
          behind these estimates; the renewals table further down lists each renewal in its office's own
          currency instead, as the freeze itself reports it. The renewal service does not publish the exchange
          rates themselves (its API has no rate field), so what a freeze locks is shown as these amounts
          rather than as rates.
        </p>
        <CurrencyTotals
          totals={frozen ? locked.alreadyFrozen : locked.wouldLock}
          label={frozen ? `Estimates of ${name} at frozen rates` : `Estimates freezing ${name} would lock`}
          withCounts
        />
        <ul className="list-disc pl-5 text-sm text-muted-foreground">
          {!frozen && locked.alreadyFrozen.length > 0 ? (
            <li>
              Already at frozen rates, so unchanged by a freeze:{' '}
              {locked.alreadyFrozen
                .map((total) => `${formatMoney(total.total, total.currency, locale)} (${total.count})`)
                .join(' · ')}
            </li>
          ) : null}
          {locked.invoiced > 0 ? (
            <li>{locked.invoiced} renewal(s) already invoiced: their amounts are final, nothing to lock.</li>
          ) : null}
          {locked.withoutFees > 0 ? <li>{locked.withoutFees} renewal(s) came without an estimate.</li> : null}
        </ul>
      </div>
      <EstimateHistory movement={data.movement} name={name} locale={locale} />
      <ExportLinks
        href={(format) => `/api/rate-freezes/${encodeURIComponent(month)}/estimates/export?format=${format}`}
        of={`the estimates of ${name}`}
      />
    </section>
  );
}

function signed(amount: string, currency: string, locale: string): string {
  if (isZero(amount)) return 'No change';
  return `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount, currency, locale)}`;
}

function EstimateHistory({
  movement,
  name,
  locale,
}: {
  movement: readonly EstimateMovement[];
  name: string;
  locale: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">How the estimate moved</h3>
      {movement.length === 0 ? (
        <p className="text-sm">
          Nothing recorded yet. The dashboard records the estimate of the next freezable months once a day, so
          the movement shows from the second day on.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            The month's estimated total per currency as recorded each day. A change comes from exchange rates,
            fee schedules, or renewals joining or leaving the month (see the renewal counts).
          </p>
          <Table data-testid="estimate-movement">
            <TableCaption>Change in the estimate of {name} per currency over the recorded days</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Currency</TableHead>
                <TableHead scope="col">From</TableHead>
                <TableHead scope="col" className="text-right">
                  First recorded
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Latest recorded
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Change
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {movement.map((entry) => (
                <TableRow key={entry.currency} data-testid={`movement-${entry.currency}`}>
                  <TableHead scope="row" className="text-foreground">
                    {entry.currency}
                  </TableHead>
                  <TableCell>
                    {formatDate(entry.points[0]?.day, locale)} to{' '}
                    {formatDate(entry.points[entry.points.length - 1]?.day, locale)}
                  </TableCell>
                  <TableCell className="text-right font-mono tabular-nums">
                    {formatMoney(entry.first, entry.currency, locale)}
                  </TableCell>
                  <TableCell className="text-right font-mono tabular-nums">
                    {formatMoney(entry.last, entry.currency, locale)}
                  </TableCell>
                  <TableCell className="text-right font-mono tabular-nums">
                    {signed(entry.change, entry.currency, locale)}
                    {entry.percent !== null && !isZero(entry.change) ? ` (${entry.percent}%)` : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {movement.map((entry) => (
            <details key={entry.currency} className="text-sm">
              <summary className="cursor-pointer">Every recorded day in {entry.currency}</summary>
              <Table>
                <TableCaption>
                  Daily estimate of {name} in {entry.currency}
                </TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Day</TableHead>
                    <TableHead scope="col" className="text-right">
                      Estimated total
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Renewals
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entry.points.map((point) => (
                    <TableRow key={point.day}>
                      <TableHead scope="row" className="text-foreground">
                        {formatDate(point.day, locale)}
                      </TableHead>
                      <TableCell className="text-right font-mono tabular-nums">
                        {formatMoney(point.total, entry.currency, locale)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{point.events}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </details>
          ))}
        </>
      )}
    </div>
  );
}

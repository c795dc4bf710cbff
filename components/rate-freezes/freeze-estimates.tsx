'use client';

import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { ExportLinks } from '@/components/data-table/export-links';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { useLocale } from '@/components/shell/locale';
import { QueryFallback } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { formatMoney, isZero } from '@/lib/annuity/money';
import { formatDate, formatYearMonth } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';
import type { EstimateMovement } from '@/lib/rate-freezes/lock';
import { amountColumn, type TableColumn } from '@/lib/table/columns';
import { freezeClientQuery, freezeEstimatesQuery } from './rate-freezes-query';

/**
 * The freeze decision in the currency the account pays: what a freeze would lock now,
 * from the month's estimates (spec: Fees, `currency` is the invoice currency), and how those
 * estimates moved over the days the worker recorded. Per currency, never summed across currencies.
 */
export function FreezeEstimates({
  month,
  frozen,
  client = null,
}: {
  month: string;
  frozen: boolean;
  /** The client the page works on, when the user has several. */
  client?: string | null;
}) {
  const locale = useLocale();
  const query = useQuery(freezeEstimatesQuery(month, client));
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
      {data.notice ? (
        <Alert tone="warning" data-testid="freeze-estimates-notice">
          <p>{data.notice}</p>
        </Alert>
      ) : null}
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
            <li>
              {plural(locked.invoiced, 'renewal')} already invoiced:{' '}
              {pluralWord(locked.invoiced, 'its amount is', 'their amounts are')} final, nothing to lock.
            </li>
          ) : null}
          {locked.withoutFees > 0 ? (
            <li>{plural(locked.withoutFees, 'renewal')} came without an estimate.</li>
          ) : null}
        </ul>
      </div>
      <EstimateHistory movement={data.movement} name={name} locale={locale} />
      <ExportLinks
        href={(format) =>
          `/api/rate-freezes/${encodeURIComponent(month)}/estimates/export?format=${format}${freezeClientQuery(client, '&')}`
        }
        of={`the estimates of ${name}`}
      />
    </section>
  );
}

function signed(amount: string, currency: string, locale: string): string {
  if (isZero(amount)) return 'No change';
  return `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount, currency, locale)}`;
}

function movementColumns(locale: string): TableColumn<EstimateMovement>[] {
  return [
    { id: 'currency', header: 'Currency', rowHeader: true, cell: (entry) => entry.currency },
    {
      id: 'from',
      header: 'From',
      cell: (entry) =>
        `${formatDate(entry.points[0]?.day, locale)} to ${formatDate(entry.points[entry.points.length - 1]?.day, locale)}`,
    },
    amountColumn('first', 'First recorded', (entry) => formatMoney(entry.first, entry.currency, locale)),
    amountColumn('last', 'Latest recorded', (entry) => formatMoney(entry.last, entry.currency, locale)),
    amountColumn(
      'change',
      'Change',
      (entry) =>
        `${signed(entry.change, entry.currency, locale)}${entry.percent !== null && !isZero(entry.change) ? ` (${entry.percent}%)` : ''}`,
    ),
  ];
}

type EstimatePoint = EstimateMovement['points'][number];

function dayColumns(currency: string, locale: string): TableColumn<EstimatePoint>[] {
  return [
    { id: 'day', header: 'Day', rowHeader: true, cell: (point) => formatDate(point.day, locale) },
    amountColumn('total', 'Estimated total', (point) => formatMoney(point.total, currency, locale)),
    { id: 'events', header: 'Renewals', align: 'end', cell: (point) => point.events },
  ];
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
          <DataTable
            data-testid="estimate-movement"
            caption={`Change in the estimate of ${name} per currency over the recorded days`}
            columns={movementColumns(locale)}
            rows={movement}
            rowKey={(entry) => entry.currency}
            rowProps={(entry) => ({ 'data-testid': `movement-${entry.currency}` })}
          />
          {movement.map((entry) => (
            <details key={entry.currency} className="text-sm">
              <summary className="cursor-pointer">Every recorded day in {entry.currency}</summary>
              <DataTable
                caption={`Daily estimate of ${name} in ${entry.currency}`}
                columns={dayColumns(entry.currency, locale)}
                rows={entry.points}
                rowKey={(point) => point.day}
              />
            </details>
          ))}
        </>
      )}
    </div>
  );
}

'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { DataTable } from '@/components/data-table/data-table';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { useLocale } from '@/components/shell/locale';
import { QueryProblem } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SkeletonRows } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/annuity/money';
import { addMonths, formatYearMonth, isYearMonth } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { patentName } from '@/lib/portfolio/patent-name';
import { processingStatusLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { TrackingData } from '@/lib/tracking/data';
import { serializeTrackingParams } from '@/lib/tracking/url-state';
import { trackingColumns } from './tracking-columns';
import { trackingQuery } from './tracking-query';

const rowName = (row: RenewalRow) => patentName(row);

function receiptFailures(data: TrackingData | undefined): { row: RenewalRow; reason: string }[] {
  if (!data?.receiptCheckFailures) return [];
  const byId = new Map(data.rows.map((row) => [row.eventId, row]));
  return data.receiptCheckFailures.flatMap(({ eventId, reason }) => {
    const row = byId.get(eventId);
    return row ? [{ row, reason }] : [];
  });
}

/**
 * The month-close board: where each instructed renewal of a due month is in the pipeline, what
 * needs someone (UNPROCESSABLE: contact support; FULFILLED without receipt or invoice line), and
 * the downloads. It polls while the tab is visible, more slowly when the quota runs low.
 */
export function TrackingBoard({
  month,
  canDownload,
  client,
}: {
  month: string;
  canDownload: boolean;
  /** The client filter's client (the address parameter `client`), when the user chose one. */
  client?: string;
}) {
  const locale = useLocale();
  const router = useRouter();
  const query = useQuery(trackingQuery(month, client));
  const data = query.data;
  const failures = receiptFailures(data);
  const go = (next: string) =>
    router.push(serializeTrackingParams('/tracking', { month: next, client: client ?? null }));

  return (
    <div className="flex flex-col gap-5" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="outline" size="sm" onClick={() => go(addMonths(month, -1))}>
          ← {formatYearMonth(addMonths(month, -1), locale)}
        </Button>
        <div className="flex flex-col gap-1">
          <Label htmlFor="tracking-month">Due month</Label>
          <Input
            id="tracking-month"
            type="month"
            className="h-8 w-44"
            value={month}
            onChange={(event) => isYearMonth(event.target.value) && go(event.target.value)}
          />
        </div>
        <Button variant="outline" size="sm" onClick={() => go(addMonths(month, 1))}>
          {formatYearMonth(addMonths(month, 1), locale)} →
        </Button>
        <Link
          href="/renewals/batches"
          className="ml-auto text-sm text-primary underline-offset-2 hover:underline"
        >
          Sent batches
        </Link>
      </div>

      {query.error ? <QueryProblem error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!data ? (
        query.error ? null : (
          <SkeletonRows count={6} />
        )
      ) : (
        <>
          <CopyAgeNotice copy={data.copy} months={[data.month]} />
          <ol aria-label="Processing stages" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {data.stages.map((stage) => (
              <li key={stage.status}>
                <Card
                  className={
                    stage.status === 'UNPROCESSABLE' && stage.count > 0 ? 'border-destructive/50' : undefined
                  }
                >
                  <CardHeader className="pb-2">
                    <CardTitle className="text-sm">
                      {processingStatusLabel(stage.status)?.label ?? stage.status}
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-2xl font-semibold tabular-nums" data-testid={`stage-${stage.status}`}>
                      {stage.count}
                    </p>
                    <ul className="text-xs text-muted-foreground">
                      {stage.totals.map((total) => (
                        <li key={total.currency} className="tabular-nums">
                          {formatMoney(total.total, total.currency, locale)}
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>

          {data.quotaLow ? (
            <Alert tone="warning">
              The daily API quota is low: this board now refreshes every thirty minutes.
            </Alert>
          ) : null}

          {data.unprocessable.length > 0 ? (
            <section aria-labelledby="unprocessable" className="flex flex-col gap-2">
              <h2 id="unprocessable" className="text-lg font-semibold text-destructive">
                Unprocessable: contact support
              </h2>
              <p className="text-sm">
                The office rejected the payment or a complication occurred. Send support the details below for
                each renewal.
              </p>
              <DataTable
                label="Unprocessable renewals"
                columns={trackingColumns.unprocessable(locale)}
                rows={data.unprocessable}
                rowKey={(row) => row.eventId}
              />
            </section>
          ) : null}

          {data.gaps.length > 0 || data.uncheckedReceipts > 0 || failures.length > 0 ? (
            <section aria-labelledby="gaps" className="flex flex-col gap-2">
              <h2 id="gaps" className="text-lg font-semibold">
                Fulfilled but not closed
              </h2>
              {data.uncheckedReceipts > 0 ? (
                <p className="text-xs text-muted-foreground">
                  {plural(data.uncheckedReceipts, 'official receipt')} not checked yet; they are checked a few
                  at a time to save quota.
                </p>
              ) : null}
              {failures.length > 0 ? (
                // spec: Endpoints 6 to 8 — other error statuses are not shown; one odd answer
                // is reported on its renewal and the rest of the board stands.
                <ul className="text-xs text-muted-foreground">
                  {failures.map(({ row, reason }) => (
                    <li key={row.eventId}>
                      Could not check the official receipt of {rowName(row)}: {reason}. It is checked again
                      later.
                    </li>
                  ))}
                </ul>
              ) : null}
              {data.gaps.length > 0 ? (
                <DataTable
                  label="Fulfilled renewals without a receipt or invoice line"
                  columns={trackingColumns.gaps(locale)}
                  rows={data.gaps}
                  rowKey={(gap) => gap.row.eventId}
                />
              ) : null}
            </section>
          ) : null}

          {data.scheduled.length > 0 ? (
            <section aria-labelledby="scheduled" className="flex flex-col gap-2">
              <h2 id="scheduled" className="text-lg font-semibold">
                Scheduled at the service
              </h2>
              <p className="text-sm">
                The service accepted these decisions and applies them on the date shown; they move to the
                stages above once it has. Nothing is sent again.
              </p>
              <DataTable
                label="Renewals scheduled at the service"
                columns={trackingColumns.scheduled(locale)}
                rows={data.scheduled}
                rowKey={({ row }) => row.eventId}
                rowProps={({ row }) => ({ 'data-event-id': row.eventId })}
              />
            </section>
          ) : null}

          <section aria-labelledby="instructed" className="flex flex-col gap-2">
            <h2 id="instructed" className="text-lg font-semibold">
              Instructed renewals due in {formatYearMonth(month, locale)}
            </h2>
            {data.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No renewal due this month has been instructed yet.
              </p>
            ) : (
              <DataTable
                label={`Instructed renewals due in ${formatYearMonth(month, locale)}`}
                columns={trackingColumns.instructed(locale, canDownload)}
                rows={data.rows}
                rowKey={(row) => row.eventId}
                rowProps={(row) => ({ 'data-event-id': row.eventId })}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

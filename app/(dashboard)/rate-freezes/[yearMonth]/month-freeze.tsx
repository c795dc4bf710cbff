'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { CurrencyTotals } from '@/components/money/currency-totals';
import { FreezeEstimates } from '@/components/rate-freezes/freeze-estimates';
import { FreezeEventsTable } from '@/components/rate-freezes/freeze-events-table';
import { FreezeMonthDialog } from '@/components/rate-freezes/freeze-month-dialog';
import { HorizonNote } from '@/components/rate-freezes/horizon-note';
import { MonthStateBadge } from '@/components/rate-freezes/month-state-badge';
import {
  freezeEstimatesQuery,
  freezeMonthQuery,
  RATE_FREEZES_KEY,
} from '@/components/rate-freezes/rate-freezes-query';
import { TotalsComparisonTable } from '@/components/rate-freezes/totals-comparison';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { useLocale } from '@/components/shell/locale';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { QueryFallback } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { CurrencyTotal } from '@/lib/annuity/money';
import { formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import { plural } from '@/lib/format/plural';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch, problemBody } from '@/lib/http/api-client';
import type { FreezeResult } from '@/lib/rate-freezes/data';
import { explainMonthState } from '@/lib/rate-freezes/explain';
import { compareTotals, countEvents } from '@/lib/rate-freezes/totals';

const REREAD_AFTER_FREEZE = [RATE_FREEZES_KEY, ['renewals']] as const;

/**
 * A month's freeze: the preview (the service's month read, spec: Endpoints 14), the confirmed
 * freeze (Endpoints 15) and what it changed. Whether to offer the freeze is decided here for the
 * user's sake; the route checks the role again and the service has the last word.
 */
export function MonthFreeze({
  month,
  canFreeze,
  client = null,
}: {
  month: string;
  canFreeze: boolean;
  /** The client the freeze is for, when the user has several (sent as the PUT's `client`). */
  client?: string | null;
}) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery(freezeMonthQuery(month, client));
  // The same cache entry FreezeEstimates reads (the server page fills it): no second request.
  const estimates = useQuery({
    ...freezeEstimatesQuery(month, client),
    enabled: query.data?.state !== 'past',
  });
  const freeze = useApiMutation({
    // The variables are the totals the manager confirmed, kept to show before and after.
    mutationFn: (_preview: readonly CurrencyTotal[]) =>
      apiFetch<FreezeResult>(`/api/rate-freezes/${encodeURIComponent(month)}`, {
        method: 'PUT',
        ...(client ? { json: { client } } : {}),
      }),
    failure: `${month} could not be frozen.`,
    // A freeze changes every amount of the month and a refusal teaches the horizon: reread both.
    invalidates: REREAD_AFTER_FREEZE,
    onError: () =>
      Promise.all(REREAD_AFTER_FREEZE.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });

  const name = formatYearMonth(month, locale);
  const data = query.data;
  if (!data) return <QueryFallback query={query} loading={`Loading ${name}…`} rows={6} />;

  const counts = countEvents(data.events);
  const offerFreeze = canFreeze && (data.state === 'freezable' || data.state === 'beyond-horizon');
  const result = freeze.data;

  return (
    <div className="flex flex-col gap-6">
      <CopyAgeNotice copy={data.copy} months={[]} freezeMonth={data.month} what="the fees" />
      <Card>
        <CardHeader className="flex-row flex-wrap items-center gap-3">
          <CardTitle>Status</CardTitle>
          <MonthStateBadge state={data.state} confirmed={data.confirmed} />
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>{explainMonthState(data, locale)}</p>
          {data.state === 'freezable' || data.state === 'beyond-horizon' ? (
            <HorizonNote horizon={data.horizon} />
          ) : null}
          {offerFreeze ? (
            <div>
              <FreezeMonthDialog
                month={month}
                eventCount={counts.events}
                totals={data.totals}
                locked={estimates.data?.locked.wouldLock ?? null}
                warning={data.state === 'beyond-horizon' ? explainMonthState(data, locale) : null}
                pending={freeze.isPending}
                onConfirm={() => freeze.mutate(data.totals)}
              />
            </div>
          ) : !canFreeze && data.state === 'freezable' ? (
            <p className="text-muted-foreground">Your role can read freezes but not make them.</p>
          ) : null}
          <p>
            <Link
              href={`/renewals?month=${month}`}
              className="text-primary underline-offset-2 hover:underline"
            >
              Open the renewals due in {name}
            </Link>
          </p>
        </CardContent>
      </Card>

      <div aria-live="polite" className="flex flex-col gap-3 empty:hidden">
        {freeze.isPending ? <p className="text-sm">Freezing {name}…</p> : null}
        {freeze.error ? <ProblemPanel problem={problemBody(freeze.error)} /> : null}
        {result ? (
          <>
            <Alert tone="info" data-testid="freeze-outcome" data-outcome={result.outcome}>
              {result.outcome === 'already-frozen' ? (
                <>
                  <h2>{name} was already frozen: nothing changed</h2>
                  <p>
                    The rates captured at the first freeze still apply; freezing again never re-captures them.
                  </p>
                </>
              ) : (
                <>
                  <h2>{name} is frozen</h2>
                  <p>
                    The exchange rates of {formatTimestamp(result.frozenAt, locale)} now apply to its{' '}
                    {plural(result.events.length, 'renewal')}; the month view marks their amounts “FX frozen”.
                  </p>
                </>
              )}
            </Alert>
            {freeze.variables ? (
              <TotalsComparisonTable rows={compareTotals(freeze.variables, result.totals)} />
            ) : null}
          </>
        ) : null}
      </div>

      {data.state === 'past' ? null : (
        <FreezeEstimates month={month} frozen={data.state === 'frozen'} client={client} />
      )}

      <section
        aria-labelledby="freeze-events-heading"
        aria-busy={query.isFetching}
        className="flex flex-col gap-3"
      >
        <h2 id="freeze-events-heading" className="text-lg font-semibold">
          Renewals due in {name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {plural(counts.events, 'renewal')}; {counts.frozen} with frozen exchange rates; {counts.instructed}{' '}
          already instructed.
        </p>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">
            {data.state === 'frozen'
              ? 'Frozen fees per office currency'
              : 'Potential frozen fees per office currency'}
          </h3>
          <CurrencyTotals totals={data.totals} label={`Fees due in ${name} per currency`} withCounts />
        </div>
        {data.events.length === 0 ? (
          <Alert tone="info">
            <p>No renewals fall due in {name}.</p>
          </Alert>
        ) : (
          <FreezeEventsTable events={data.events} caption={`Renewals due in ${name}`} />
        )}
      </section>
    </div>
  );
}

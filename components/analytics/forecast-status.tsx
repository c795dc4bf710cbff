import type { ReactNode } from 'react';
import { type ForecastData, type ForecastRunView, renewalCount } from '@/lib/forecast/data';
import { formatDate, formatTimestamp } from '@/lib/format/dates';

/**
 * What the forecast cost and when it was made, its quota cost shown: the last
 * refresh's calls, renewals, window and time, the last attempt when it did not complete, and what
 * the next refresh should cost against the background budget. Server-rendered.
 */
const OUTCOME_WORDS: Record<ForecastRunView['status'], string> = {
  running: 'is running',
  done: 'completed',
  failed: 'failed',
  skipped: 'was skipped',
};

/** What the forecast page's status parts are given: the data, the locale, and the refresh button. */
interface ForecastPartProps {
  data: ForecastData;
  locale: string;
  action?: ReactNode;
}

export function ForecastCost({ data, locale, action }: ForecastPartProps) {
  const last = data.lastRefresh;
  const attempt = data.lastAttempt;
  const attemptDiffers = attempt && attempt.id !== last?.id && attempt.status !== 'done';
  return (
    <section
      aria-labelledby="forecast-cost-heading"
      className="flex flex-col gap-2 rounded-lg border p-4 text-sm"
    >
      <h2 id="forecast-cost-heading" className="text-base font-semibold">
        Quota cost
      </h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]" data-testid="forecast-cost">
        <dt className="text-muted-foreground">Last refresh</dt>
        <dd>
          {last ? (
            <>
              {formatTimestamp(last.finishedAt ?? last.startedAt, locale)}: {renewalCount(last.events)} due{' '}
              {formatDate(last.windowFrom, locale)} to {formatDate(last.windowTo, locale)}, read in{' '}
              <span className="font-mono tabular-nums">{last.calls}</span> calls.
              {last.detail ? <span className="block text-muted-foreground">{last.detail}</span> : null}
            </>
          ) : (
            'None yet.'
          )}
        </dd>
        {data.running ? (
          <>
            <dt className="text-muted-foreground">Now</dt>
            <dd>A refresh has been running since {formatTimestamp(data.running.startedAt, locale)}.</dd>
          </>
        ) : null}
        {attemptDiffers ? (
          <>
            <dt className="text-muted-foreground">Last attempt</dt>
            <dd>
              {formatTimestamp(attempt.startedAt, locale)} {OUTCOME_WORDS[attempt.status]}
              {attempt.calls > 0 ? ` after ${attempt.calls} calls` : ''}.
              {attempt.detail ? <span className="block text-muted-foreground">{attempt.detail}</span> : null}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Next refresh</dt>
        <dd>
          About <span className="font-mono tabular-nums">{data.nextRefresh.calls}</span> calls for{' '}
          {data.configuredMonths} months in {data.nextRefresh.windows} windows
          {data.nextRefresh.basis === 'read'
            ? ' (one call per 100 renewals seen in each window, at least one a window).'
            : data.nextRefresh.basis === 'portfolio'
              ? ' (one call per 100 renewals expected in each window: the months not read yet are estimated from the portfolio’s size, about one renewal per patent a year).'
              : ' at least (one per window; the first refresh tells how many renewals there are).'}{' '}
          The worker refreshes daily at 05:41 UTC.
        </dd>
        <dt className="text-muted-foreground">Background budget</dt>
        <dd>
          {data.budget.budget === null
            ? `${data.budget.spent} calls spent this quota day (the limit is known after the first call).`
            : `${data.budget.spent} of ${data.budget.budget} calls spent this quota day (${data.budget.sharePercent} % of the daily quota).`}{' '}
          A refresh that would go over it is skipped.
        </dd>
      </dl>
      {action}
    </section>
  );
}

/** Before any refresh: what builds the forecast and what happened last. */
export function ForecastEmpty({ data, locale, action }: ForecastPartProps) {
  const attempt = data.lastAttempt;
  return (
    <section
      aria-labelledby="forecast-empty-heading"
      className="rounded-lg border p-6 text-sm"
      data-testid="forecast-empty"
    >
      <h2 id="forecast-empty-heading" className="text-base font-semibold">
        The forecast is being built
      </h2>
      <p className="mt-2">
        The background worker builds it from the synced copy as soon as the copy holds every month it needs
        (no call to the service), then refreshes it once a day from the service&rsquo;s renewal lists with
        their estimated fees. Last run:{' '}
        {attempt
          ? `${formatTimestamp(attempt.startedAt, locale)}, ${OUTCOME_WORDS[attempt.status]}${attempt.detail ? ` (${attempt.detail})` : ''}.`
          : data.running
            ? `running since ${formatTimestamp(data.running.startedAt, locale)}.`
            : 'never.'}
      </p>
      {action ? <div className="mt-4">{action}</div> : null}
    </section>
  );
}

'use client';

import { useLocale } from '@/components/shell/locale';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { clickLoaded, LoadOnClick } from '@/components/ui/load-on-click';
import { formatClockTime, formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import type { CopyAge } from '@/lib/sync/age';
import type { CopyRefreshTarget } from './copy-refresh-button';

// Refresh now is a write through useApiMutation, whose code loads on the first click: every page
// that shows the copy's age would otherwise carry it in its first load (docs/performance.md, JS per
// route).
const CopyRefreshRun = clickLoaded(() =>
  import('./copy-refresh-button').then((module) => module.CopyRefreshRun),
);

function RefreshNow(target: CopyRefreshTarget) {
  return (
    <LoadOnClick
      part={CopyRefreshRun}
      props={target}
      button={(load, loading) => (
        <Button variant="outline" size="sm" className="h-7" disabled={loading} onClick={load}>
          {loading ? 'Refreshing…' : 'Refresh now'}
        </Button>
      )}
    />
  );
}

/**
 * How old the renewals on a page are (they come from our synced copy, never straight from the
 * service), what the copy lacks, and "Refresh now" for the months the page shows. While the
 * service does not answer, it says since when and what the page is showing instead.
 */
export function CopyAgeNotice({
  copy,
  months,
  patentId,
  freezeMonth,
  what = 'the renewals',
}: {
  copy: CopyAge | undefined;
  /** The months "Refresh now" reads again. */
  months: readonly string[];
  /** Or the one patent it reads again (its record and events). */
  patentId?: string;
  /** Or the month whose freeze preview (and the list of frozen months) it reads again. */
  freezeMonth?: string;
  what?: string;
}) {
  const locale = useLocale();
  if (!copy) return null;
  const asOf = copy.asOf ? formatTimestamp(copy.asOf, locale) : null;
  return (
    <div className="flex flex-col gap-2">
      {copy.notAnsweringSince ? (
        <Alert tone="warning">
          <p>
            The renewal service has not answered since{' '}
            {formatClockTime(new Date(copy.notAnsweringSince), locale)}
            {asOf ? `; showing what it said at ${asOf}.` : '.'} Sending decisions waits until it answers
            again; nothing you have drafted is lost.
          </p>
        </Alert>
      ) : null}
      {copy.incomplete.length > 0 ? (
        <Alert tone="warning">
          <p>
            {what[0]?.toUpperCase()}
            {what.slice(1)} of {copy.incomplete.map((month) => formatYearMonth(month, locale)).join(', ')} may
            be incomplete: the service's list kept changing while it was read. It is read again within
            minutes.
          </p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground" aria-live="polite">
        <span>
          {asOf ? `As of ${asOf}` : 'Not read from the renewal service yet'}
          {copy.neverRead.length > 0
            ? ` (not read yet: ${copy.neverRead.map((month) => formatYearMonth(month, locale)).join(', ')})`
            : ''}
          .
        </span>
        {months.length > 0 || patentId || freezeMonth ? (
          <RefreshNow months={months} patentId={patentId} freezeMonth={freezeMonth} />
        ) : null}
      </div>
    </div>
  );
}

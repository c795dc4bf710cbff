'use client';

import { useLocale } from '@/components/shell/locale';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { clickLoaded, LoadOnClick } from '@/components/ui/load-on-click';
import { formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import type { CopyAge } from '@/lib/sync/age';
import type { CopyRefreshTarget } from './copy-refresh-button';
import { useLookAgain } from './refresh-soon';

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
 * Months read from the service for the first time (a fresh start): how far the read is, while the
 * page shows what is read so far and renders itself again every few seconds until it is done.
 */
function FirstRead({ read, of, what }: { read: number; of: number; what: string }) {
  useLookAgain();
  return (
    <Alert tone="info" data-testid="first-read">
      <p>
        Reading {what} from the renewal service for the first time: {read} of {of} months. What is read so far
        is shown; the rest appears here by itself.
      </p>
    </Alert>
  );
}

/**
 * How old the renewals on a page are (they come from our synced copy, never straight from the
 * service), what the copy lacks, and "Refresh now" for the months the page shows. While the
 * service does not answer, it says since when and what the page is showing instead. Each page
 * puts it at its top, under the header: the first thing read is how old what follows is.
 */
export function CopyAgeNotice({
  copy,
  months,
  patentId,
  freezeMonth,
  what = 'the renewals',
  ageLine = true,
}: {
  copy: CopyAge | undefined;
  /** The months "Refresh now" reads again. */
  months: readonly string[];
  /** Or the one patent it reads again (its record and events). */
  patentId?: string;
  /** Or the month whose freeze preview (and the list of frozen months) it reads again. */
  freezeMonth?: string;
  what?: string;
  /** False where the page says its data's age itself (the portfolio's snapshot status). */
  ageLine?: boolean;
}) {
  const locale = useLocale();
  if (!copy) return null;
  const refreshable = months.length > 0 || Boolean(patentId) || Boolean(freezeMonth);
  // Nothing to say takes no room at the top of the page.
  if (
    !ageLine &&
    !refreshable &&
    !copy.notAnsweringSince &&
    !copy.firstRead &&
    !copy.shareSpent &&
    copy.incomplete.length === 0
  )
    return null;
  const asOf = copy.asOf ? formatTimestamp(copy.asOf, locale) : null;
  return (
    <div className="flex flex-col gap-2">
      {copy.firstRead && !copy.notAnsweringSince ? (
        // Keyed by progress: every month read gives the looking a fresh minute.
        <FirstRead key={copy.firstRead.read} read={copy.firstRead.read} of={copy.firstRead.of} what={what} />
      ) : null}
      {copy.notAnsweringSince ? (
        <Alert tone="warning">
          <p>
            The renewal service has not answered since {formatTimestamp(copy.notAnsweringSince, locale)}
            {asOf ? `; showing what it said at ${asOf}.` : '.'} Sending decisions waits until it answers
            again; nothing you have drafted is lost.
          </p>
        </Alert>
      ) : null}
      {copy.shareSpent ? (
        <Alert tone="warning" data-testid="read-share-spent">
          <p>
            Today's share of the service's quota for reading is spent; showing the copy
            {asOf ? ` as of ${asOf}` : ''}. What it lacks is read once the quota resets: the rest of today's
            quota is kept for sending instructions.
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
        {ageLine ? (
          <span>
            {asOf ? `As of ${asOf}` : 'Not read from the renewal service yet'}
            {copy.neverRead.length > 0
              ? ` (not read yet: ${copy.neverRead.map((month) => formatYearMonth(month, locale)).join(', ')})`
              : ''}
            .
          </span>
        ) : null}
        {refreshable ? <RefreshNow months={months} patentId={patentId} freezeMonth={freezeMonth} /> : null}
      </div>
    </div>
  );
}

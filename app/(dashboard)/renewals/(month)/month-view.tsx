'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { memo, useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { type ExportFormat, ExportLinks } from '@/components/data-table/export-links';
import { useUrlState } from '@/components/data-table/use-url-state';
import { PageShortcuts } from '@/components/keyboard/page-shortcuts';
import { renewalsQuery } from '@/components/renewals/renewals-query';
import { useWholeWindow } from '@/components/renewals/use-whole-window';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { useLocale } from '@/components/shell/locale';
import { QueryProblem } from '@/components/shell/query-problem';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SkeletonRows } from '@/components/ui/skeleton';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { formatTimestamp, formatYearMonth } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';
import { RENEWAL_COLUMN_IDS } from '@/lib/renewals/columns';
import type { BadgeKind } from '@/lib/renewals/instructability';
import {
  formatSort,
  localFiltersOf,
  parseSort,
  renewalsExportQuery,
  renewalsParams,
} from '@/lib/renewals/url-state';
import {
  applyLocalFilters,
  countByBadge,
  hasLocalFilters,
  type RowSort,
  SORTABLE_COLUMNS,
  SortRanks,
  sortRows,
  totalsByCurrency,
} from '@/lib/renewals/view-model';
import { type RenewalWindow, windowBounds } from '@/lib/renewals/window';
import { monthsOfWindow } from '@/lib/sync/age';
import { DecisionWorkspace } from './decision-workspace';
import { type Facets, MonthFilters, NO_LOCAL_FILTERS } from './month-filters';
import { MonthSummary } from './month-summary';
import { RenewalsTable } from './renewals-table';
import { WindowPicker } from './window-picker';

/**
 * The view answers a click from its own state at once; the address bar follows once the clicks
 * stop, because Next's router does work on every history entry and that work would otherwise sit
 * between a sort or filter click and the updated rows (bench: ≤ 16 ms).
 */
const URL_UPDATE_DELAY_MS = 150;

// Parts of the page a sort or a filter click leaves as they are: drawn again only when their own
// props change, so the click's render is the rows' (bench: sort or filter ≤ 16 ms).
const StableExportLinks = memo(ExportLinks);
const StablePageShortcuts = memo(PageShortcuts);
const StableCopyAgeNotice = memo(CopyAgeNotice);

/** Where the browser has no idle callbacks (Safari): a few milliseconds of work per timer. */
const FALLBACK_IDLE_MS = 4;

/**
 * Ranks the sortable columns of a fresh window and orders its rows by each, both ways, while the
 * browser is idle: a click on a header then finds its order made (a filter keeps its rows from it)
 * instead of sorting the window between the click and the updated rows (bench: sort ≤ 16 ms). The
 * work goes in steps of a fraction of a millisecond (SortRanks.prepare), only while the idle period
 * lasts: ranking a column of 4,000 case references or fees in one go was a long task of 50 ms and
 * more, and a click landing in it waited for its end. An order not made yet when clicked is made then.
 */
function useIdleRanks(ranks: SortRanks | null) {
  useEffect(() => {
    if (!ranks || ranks.rows.length === 0) return;
    const idle =
      window.requestIdleCallback ??
      ((run: IdleRequestCallback) =>
        window.setTimeout(() => {
          const until = performance.now() + FALLBACK_IDLE_MS;
          run({ didTimeout: false, timeRemaining: () => Math.max(0, until - performance.now()) });
        }, 50) as unknown as number);
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const sorts = SORTABLE_COLUMNS.flatMap((id) => [false, true].map((desc) => ({ id, desc })));
    let steps: Generator<void, void> | null = null;
    let handle = 0;
    const work = (deadline: IdleDeadline) => {
      while (deadline.timeRemaining() > 0) {
        if (!steps) {
          const sort = sorts.shift();
          if (!sort) return;
          steps = ranks.prepare(sort);
        }
        if (steps.next().done) steps = null;
      }
      handle = idle(work);
    };
    handle = idle(work);
    return () => cancel(handle);
  }, [ranks]);
}

function windowOf(params: { month: string | null; from: string | null; to: string | null }): RenewalWindow {
  if (params.month) return { kind: 'month', month: params.month };
  return { kind: 'range', from: params.from ?? '', to: params.to ?? '' };
}

/**
 * The paralegal's main screen. The URL holds every choice; the service's filters refetch the
 * window, the local ones only re-filter the rows already here.
 */
export function MonthView({
  facets,
  clients,
  canDecide,
  canSeeFreezes,
}: {
  facets: Facets;
  /** The user's clients to choose from (the `client` filter), when there is a choice; else none. */
  clients: readonly ClientRef[];
  canDecide: boolean;
  /** Whether to link the month's exchange-rate freeze page; that page checks the role again. */
  canSeeFreezes: boolean;
}) {
  const locale = useLocale();
  const [params, setParams] = useUrlState(renewalsParams, { history: 'push', delayMs: URL_UPDATE_DELAY_MS });
  const { month, from, to } = params;
  const dueWindow = useMemo(() => windowOf({ month, from, to }), [month, from, to]);
  const serverFilters = {
    offices: params.offices,
    owners: params.owners,
    family: params.family,
    client: params.client,
  };
  const query = useQuery({ ...renewalsQuery(dueWindow, serverFilters), placeholderData: keepPreviousData });
  // A new window (the rest of the month right after hydration, a refetch) is drawn at a lower
  // priority, in slices the browser can interleave with input, instead of one long task: the
  // query's own update is synchronous, and re-sorting and summing 2,000 rows with the table after it
  // was the load's longest task (Lighthouse's Total Blocking Time). The memoised table
  // and workspace below let the urgent render skip them while the new rows wait.
  const data = useDeferredValue(query.data);
  // Memoised on the URL value: a new object per render would re-sort 2,000 rows on every render.
  const sort = useMemo(() => parseSort(params.sort), [params.sort]);
  const { badge, decision, processing, graceFrom, graceTo, scoreBelow, tag } = params;
  const localFilters = useMemo(
    () => localFiltersOf({ badge, decision, processing, graceFrom, graceTo, scoreBelow, tag }),
    [badge, decision, processing, graceFrom, graceTo, scoreBelow, tag],
  );

  // The page's HTML holds the first screen of rows and the whole window's figures (`head`); the
  // rest arrives right after hydration. Until then the rows are shown as the server ordered them.
  useWholeWindow(data);
  const head = data?.head ?? null;
  const allRows = data?.rows;
  const ranks = useMemo(() => new SortRanks(allRows ?? []), [allRows]);
  useIdleRanks(head ? null : ranks);
  const counts = useMemo(() => head?.counts ?? countByBadge(allRows ?? []), [head, allRows]);
  const filteredRows = useMemo(
    () => (head ? (allRows ?? []) : applyLocalFilters(allRows ?? [], localFilters)),
    [head, allRows, localFilters],
  );
  const shownRows = useMemo(
    () => (head ? filteredRows : sortRows(filteredRows, sort, ranks)),
    [head, filteredRows, sort, ranks],
  );
  // The order does not change a sum: a sort click leaves the decimal totals alone. A filter's
  // totals follow its rows in a render of their own: decimal sums over a window of 3,000 renewals
  // would otherwise sit between the click and the updated rows (bench: sort or filter ≤ 16 ms).
  const totalledRows = useDeferredValue(filteredRows);
  const totals = useMemo(() => head?.totals ?? totalsByCurrency(totalledRows), [head, totalledRows]);
  const totalCount = head?.total ?? data?.rows.length ?? 0;
  const dataWindow = data?.window;
  const copyMonths = useMemo(() => {
    if (!dataWindow) return [];
    const { from: first, to: last } = windowBounds(dataWindow);
    return monthsOfWindow(first, last);
  }, [dataWindow]);
  const shownCount = head?.shown ?? shownRows.length;

  // The export links follow the address a moment after a click, in a render of their own: the
  // rows come first (bench: sort or filter ≤ 16 ms); nobody downloads within that moment.
  const exportParams = useDeferredValue(params);
  const exportHref = useCallback(
    (format: ExportFormat) =>
      `/api/renewals/export?${renewalsExportQuery({
        ...exportParams,
        format,
        columns: RENEWAL_COLUMN_IDS.filter((id) => !exportParams.hide.includes(id)),
      })}`,
    [exportParams],
  );

  const setWindow = useCallback(
    (next: RenewalWindow) =>
      void setParams(
        next.kind === 'month'
          ? { month: next.month, from: null, to: null }
          : { month: null, from: next.from, to: next.to },
      ),
    [setParams],
  );
  // Stable while the badges chosen are, so a sort click leaves the memoised summary alone.
  const activeBadges = params.badge;
  const toggleBadge = useCallback(
    (kind: BadgeKind) =>
      void setParams({
        badge: activeBadges.includes(kind) ? activeBadges.filter((k) => k !== kind) : [...activeBadges, kind],
      }),
    [activeBadges, setParams],
  );
  const clearLocalFilters = () => void setParams(NO_LOCAL_FILTERS);
  const onSortChange = useCallback(
    (next: RowSort | null) => void setParams({ sort: formatSort(next) }),
    [setParams],
  );
  const groupFigures = head?.groups ?? null;
  const grouped = params.group === 'office';
  const table = useMemo(
    () => (
      <RenewalsTable
        deciding={canDecide}
        rows={shownRows}
        shownCount={shownCount}
        groupFigures={groupFigures}
        totalRows={totalCount}
        grouped={grouped}
        hidden={params.hide}
        sort={sort}
        onSortChange={onSortChange}
      />
    ),
    [canDecide, shownRows, shownCount, groupFigures, totalCount, grouped, params.hide, sort, onSortChange],
  );
  const serverFiltered =
    params.offices.length + params.owners.length + params.family.length > 0 || params.client !== null;
  const windowName =
    dueWindow.kind === 'month'
      ? formatYearMonth(dueWindow.month, locale)
      : `${dueWindow.from} – ${dueWindow.to}`;

  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching || head !== null}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <WindowPicker key={`${month}|${from}|${to}`} dueWindow={dueWindow} onChange={setWindow} />
        <div className="flex flex-wrap items-center gap-2">
          {canSeeFreezes && dueWindow.kind === 'month' ? (
            <Button asChild variant="outline" size="sm" className="h-8">
              <Link href={`/rate-freezes/${dueWindow.month}`}>Exchange rates for {windowName}</Link>
            </Button>
          ) : null}
          <StableExportLinks href={exportHref} />
          <StablePageShortcuts help={canDecide ? 'deciding' : 'page'} />
        </div>
      </div>

      <MonthFilters
        clients={clients}
        client={params.client}
        offices={params.offices}
        owners={params.owners}
        family={params.family}
        badge={params.badge}
        decision={params.decision}
        processing={params.processing}
        tag={tag}
        scoreBelow={scoreBelow}
        graceFrom={graceFrom}
        graceTo={graceTo}
        group={params.group}
        hide={params.hide}
        facets={facets}
        counts={counts}
        filtered={hasLocalFilters(localFilters) || serverFiltered}
        setParams={setParams}
      />

      {query.error ? (
        <QueryProblem error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div aria-busy="true">
          <span className="sr-only">Loading renewals…</span>
          <SkeletonRows count={10} />
        </div>
      ) : (
        <>
          <StableCopyAgeNotice copy={data.copy} months={copyMonths} />
          <MonthSummary
            counts={counts}
            activeBadges={activeBadges}
            onToggleBadge={toggleBadge}
            totals={totals}
            shown={shownCount}
            total={totalCount}
          />
          {data.snapshot.unknownPatents > 0 ? (
            <Alert tone="warning">
              {plural(data.snapshot.unknownPatents, 'patent')}{' '}
              {pluralWord(data.snapshot.unknownPatents, 'is', 'are')} not in the portfolio snapshot yet, so
              their office is unknown. A refresh of the snapshot has started; reload in a minute.
            </Alert>
          ) : null}
          {totalCount === 0 ? (
            <Alert tone="info">
              <h2>No renewals due</h2>
              <p>
                No renewals fall due in {windowName}
                {serverFiltered ? ' for the chosen offices, owners or families' : ''}.
              </p>
            </Alert>
          ) : shownCount === 0 ? (
            <Alert tone="info">
              <h2>The filters hide every renewal</h2>
              <p>
                {plural(totalCount, 'renewal')} {pluralWord(totalCount, 'falls', 'fall')} due in {windowName},
                but none match the filters.{' '}
                <Button variant="link" className="h-auto p-0" onClick={clearLocalFilters}>
                  Clear the filters
                </Button>
              </p>
            </Alert>
          ) : (
            <DecisionWorkspace enabled={canDecide} shownRows={shownRows} complete={head === null}>
              {table}
            </DecisionWorkspace>
          )}
          {data.snapshot.refreshedAt ? (
            <p className="text-xs text-muted-foreground">
              Offices from the portfolio snapshot of {formatTimestamp(data.snapshot.refreshedAt, locale)}.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

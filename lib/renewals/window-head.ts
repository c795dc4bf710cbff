import type { BadgeKind } from './instructability';
import { localFiltersOf, parseSort } from './url-state';
import { applyLocalFilters, countByBadge, groupByOffice, sortRows, totalsByCurrency } from './view-model';
import type { RenewalWindowData } from './window-data';

/**
 * Rows the month page puts in its HTML: the table's first screen (its assumed 1,000 px viewport
 * of 52 px rows, and the overscan below it). The rest of the window comes after hydration
 * (components/renewals/use-whole-window.ts): hydrating 2,000 rows was most of the page's Total
 * Blocking Time (Lighthouse).
 */
export const FIRST_SCREEN_ROWS = 30;

/** The local part of the address the page opened with: what decides its first screen. */
export interface HeadView {
  badge: readonly BadgeKind[];
  decision: readonly string[];
  processing: readonly string[];
  graceFrom?: string | null;
  graceTo?: string | null;
  scoreBelow?: string | null;
  tag?: readonly string[];
  sort: string | null;
  group: string | null;
}

/**
 * The first screen of a window as the view will show it (filtered and sorted as the address
 * says, the same functions the browser runs) and the whole window's figures, so the counts and
 * totals on screen cover every row before the rest has arrived.
 */
export function windowHead(
  data: RenewalWindowData,
  view: HeadView,
  handoff: string,
  size = FIRST_SCREEN_ROWS,
): RenewalWindowData {
  const filters = localFiltersOf({
    badge: view.badge,
    decision: view.decision,
    processing: view.processing,
    graceFrom: view.graceFrom,
    graceTo: view.graceTo,
    scoreBelow: view.scoreBelow,
    tag: view.tag,
  });
  const filtered = applyLocalFilters(data.rows, filters);
  const shown = sortRows(filtered, parseSort(view.sort));
  const groups = view.group === 'office' ? groupByOffice(shown) : null;
  // Grouped, the table shows each office's rows together: its first screen is the first groups'.
  const ordered = groups ? groups.flatMap((group) => group.rows) : shown;
  return {
    ...data,
    head: {
      handoff,
      total: data.rows.length,
      shown: shown.length,
      counts: countByBadge(data.rows),
      totals: totalsByCurrency(filtered),
      groups:
        groups?.map((group) => ({ office: group.office, count: group.rows.length, totals: group.totals })) ??
        null,
    },
    rows: ordered.slice(0, size),
  };
}

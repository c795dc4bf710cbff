import { CLIENT_FILTER } from '@/lib/clients/client-filter';
import {
  choice,
  DUE_DATE,
  DUE_MONTH,
  list,
  requestQueryFor,
  tableExportParams,
  text,
  urlParsers,
} from '@/lib/http/url-state';
import { RENEWAL_COLUMN_IDS } from './columns';
import { BADGE_KINDS } from './instructability';
import { type LocalFilters, type RowSort, SORTABLE_COLUMNS } from './view-model';

/**
 * The month view's state in the URL: the one place to add a filter. Add a row to renewalsUrlState
 * with its kind and rules, and `sent` when the service (api) or the export must receive it; then
 * add its control in month-view.tsx. The parsers of its address (read by the client, and by the
 * page and written by links through ./url-state-address.ts), the query strings of /api/renewals
 * and of the export link, and the route handlers' schema (./query.ts, which answers a bad value
 * with a 400 naming it) all follow from this table. Lists are repeated keys: offices=EP&offices=US.
 */

const SERVICE = ['api', 'export'] as const;
const FREE_TEXT = { trim: true, min: 1, max: 200 };
const ENUM_TEXT = { trim: true, min: 1, max: 60 };
const OFFICE = {
  trim: true,
  upper: true,
  check: { test: (value: string) => /^[A-Z]{2}$/.test(value), message: 'an office is a two-letter code' },
};

export const renewalsUrlState = {
  // The window, and the filters the service applies (spec: Endpoints 9); the window's own rules
  // (both ends of a range, in order, at most a year) are in ./query.ts.
  // Due months and dates within the years a renewal can fall due (DUE_MONTH, lib/http/url-state.ts).
  month: text({ check: DUE_MONTH, sent: SERVICE }),
  from: text({ check: DUE_DATE, sent: SERVICE }),
  to: text({ check: DUE_DATE, sent: SERVICE }),
  offices: list(text(OFFICE), { sent: SERVICE }),
  owners: list(text(FREE_TEXT), { sent: SERVICE }),
  family: list(text(FREE_TEXT), { sent: SERVICE }),
  // One of the user's clients (spec: Authentication 1): the server reads that client's renewals
  // alone; without it, every client of the user's scope.
  client: text({ check: CLIENT_FILTER, sent: SERVICE }),
  // Local: the service has no filter on these (no duePeriod or status filter); the export applies
  // them as the view does.
  badge: list(choice(BADGE_KINDS), { sent: ['export'] }),
  decision: list(text(ENUM_TEXT), { sent: ['export'] }),
  processing: list(text(ENUM_TEXT), { sent: ['export'] }),
  // The grace period's end between two dates (Today's grace buckets link here: renewals due in one
  // month end their grace on different days, by office).
  graceFrom: text({ check: DUE_DATE, sent: ['export'] }),
  graceTo: text({ check: DUE_DATE, sent: ['export'] }),
  // Keep score below N (lib/signals/keep-score.ts): the renewals with the weakest case to keep.
  scoreBelow: text({
    max: 3,
    check: { test: (value) => /^(100|[1-9][0-9]?)$/.test(value), message: 'a whole score from 1 to 100' },
    sent: ['export'],
  }),
  // Tags on the patent or its family (lib/signals/tags.ts): any of them.
  tag: list(text({ trim: true, min: 1, max: 40 }), { sent: ['export'] }),
  // `column` ascending or `-column` descending (parseSort); an unknown column is refused.
  sort: text({
    max: 40,
    check: { test: (value) => parseSort(value) !== null, message: 'a column, or -column for descending' },
    sent: ['export'],
  }),
  group: choice(['office']),
  // The owner is one filter away; its column is shown on request to keep the table scannable.
  hide: list(text(), { default: ['owner'] }),
};

export const renewalsExportFields = { ...renewalsUrlState, ...tableExportParams(RENEWAL_COLUMN_IDS) };

/** The parser map useUrlState reads; pages load and link with ./url-state-address.ts. */
export const renewalsParams = urlParsers(renewalsUrlState);

export const renewalsApiQuery = requestQueryFor(renewalsUrlState, 'api');
export const renewalsExportQuery = requestQueryFor(renewalsExportFields, 'export');

export function localFiltersOf(values: {
  badge: LocalFilters['badges'];
  decision: LocalFilters['decisions'];
  processing: LocalFilters['processing'];
  graceFrom?: string | null;
  graceTo?: string | null;
  scoreBelow?: string | null;
  tag?: readonly string[];
}): LocalFilters {
  return {
    badges: values.badge,
    decisions: values.decision,
    processing: values.processing,
    graceFrom: values.graceFrom ?? null,
    graceTo: values.graceTo ?? null,
    scoreBelow: values.scoreBelow ? Number(values.scoreBelow) : null,
    tags: values.tag ?? [],
  };
}

/** Sort is `column` ascending or `-column` descending, like the service's own (spec: Endpoints 1). */
export function parseSort(value: string | null | undefined): RowSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return (SORTABLE_COLUMNS as readonly string[]).includes(id) ? { id: id as RowSort['id'], desc } : null;
}

export function formatSort(sort: RowSort | null): string | null {
  return sort ? `${sort.desc ? '-' : ''}${sort.id}` : null;
}

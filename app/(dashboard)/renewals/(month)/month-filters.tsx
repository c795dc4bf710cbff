'use client';

import { lazy, memo, Suspense, useMemo } from 'react';
import { ColumnVisibilityMenu } from '@/components/data-table/column-visibility-menu';
import { FacetedFilter, type FacetOption } from '@/components/data-table/faceted-filter';
import { useLocale } from '@/components/shell/locale';
import { Button } from '@/components/ui/button';
import { DECISIONS, PROCESSING_STATUSES } from '@/lib/annuity/enums';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { formatDate } from '@/lib/format/dates';
import type { UrlPatch, UrlValues } from '@/lib/http/url-parsers';
import { RENEWAL_COLUMNS } from '@/lib/renewals/columns';
import { BADGE_KIND_LABELS, BADGE_KINDS, type BadgeKind } from '@/lib/renewals/instructability';
import { decisionLabel, processingStatusLabel } from '@/lib/renewals/labels';
import type { renewalsParams } from '@/lib/renewals/url-state';
import { NONE } from '@/lib/renewals/view-model';
import { ScoreFilter } from './score-filter';

/**
 * The client choice is drawn only for users who work for several clients: its code loads then,
 * outside the route's first-load JS (JS ≤ 190 KiB, docs/performance.md).
 */
const ClientSelect = lazy(() =>
  import('@/components/clients/client-select').then((module) => ({ default: module.ClientSelect })),
);

type Params = UrlValues<typeof renewalsParams>;

export interface Facets {
  offices: Params['offices'];
  owners: Params['owners'];
  families: string[];
  tags: string[];
}

const toOptions = (values: readonly string[]): FacetOption[] =>
  values.map((value) => ({ value, label: value }));

const DECISION_OPTIONS: FacetOption[] = [
  ...DECISIONS.map((value) => ({ value, label: decisionLabel(value)?.label ?? value })),
  { value: NONE, label: 'No decision yet' },
];
const PROCESSING_OPTIONS: FacetOption[] = [
  ...PROCESSING_STATUSES.map((value) => ({ value, label: processingStatusLabel(value)?.label ?? value })),
  { value: NONE, label: 'No status' },
];

/** The address without the filters applied in the browser. */
export const NO_LOCAL_FILTERS = {
  badge: null,
  decision: null,
  processing: null,
  graceFrom: null,
  graceTo: null,
  scoreBelow: null,
  tag: null,
} as const;

/**
 * The month view's filters, each a value of the address. Memoised on those values: a sort click
 * changes none of them, so it redraws only the rows (bench: sort or filter ≤ 16 ms).
 */
export const MonthFilters = memo(function MonthFilters({
  clients,
  client,
  offices,
  owners,
  family,
  badge,
  decision,
  processing,
  tag,
  scoreBelow,
  graceFrom,
  graceTo,
  group,
  hide,
  facets,
  counts,
  filtered,
  setParams,
}: {
  /** The user's clients to choose from (the `client` filter), when there is a choice; else none. */
  clients: readonly ClientRef[];
  client: Params['client'];
  offices: string[];
  owners: string[];
  family: Params['family'];
  badge: Params['badge'];
  decision: Params['decision'];
  processing: Params['processing'];
  tag: Params['tag'];
  scoreBelow: Params['scoreBelow'];
  graceFrom: Params['graceFrom'];
  graceTo: Params['graceTo'];
  group: Params['group'];
  hide: Params['hide'];
  facets: Facets;
  /** Renewals per instructability badge in the whole window. */
  counts: Record<BadgeKind, number>;
  /** Whether any filter is set: "Clear filters" is offered. */
  filtered: boolean;
  setParams: (patch: UrlPatch<typeof renewalsParams>) => void;
}) {
  const locale = useLocale();
  const officeOptions = useMemo(() => toOptions(facets.offices), [facets.offices]);
  const ownerOptions = useMemo(() => toOptions(facets.owners), [facets.owners]);
  const familyOptions = useMemo(() => toOptions(facets.families), [facets.families]);
  const tagOptions = useMemo(() => toOptions(facets.tags), [facets.tags]);
  const badgeOptions = useMemo(
    () => BADGE_KINDS.map((kind) => ({ value: kind, label: BADGE_KIND_LABELS[kind], count: counts[kind] })),
    [counts],
  );
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Filters</legend>
      {graceFrom || graceTo ? (
        <span className="rounded-md border px-2 py-1 text-xs">
          Grace period ending {graceFrom ? formatDate(graceFrom, locale) : '…'} –{' '}
          {graceTo ? formatDate(graceTo, locale) : '…'}
        </span>
      ) : null}
      {clients.length > 1 ? (
        // One client's renewals, or all of the user's: the server reads only the chosen one.
        <Suspense fallback={null}>
          <ClientSelect
            aria-label="Client"
            clients={clients}
            value={client ?? ''}
            onChange={(event) => void setParams({ client: event.target.value || null })}
          />
        </Suspense>
      ) : null}
      <FacetedFilter
        title="Office"
        options={officeOptions}
        selected={offices}
        onChange={(offices) => void setParams({ offices })}
      />
      <FacetedFilter
        title="Owner"
        options={ownerOptions}
        selected={owners}
        onChange={(owners) => void setParams({ owners })}
      />
      <FacetedFilter
        title="Family"
        options={familyOptions}
        selected={family}
        onChange={(family) => void setParams({ family })}
        searchable
      />
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
      <FacetedFilter
        title="Instructability"
        options={badgeOptions}
        selected={badge}
        onChange={(badge) => void setParams({ badge: badge as BadgeKind[] })}
      />
      <FacetedFilter
        title="Decision"
        options={DECISION_OPTIONS}
        selected={decision}
        onChange={(decision) => void setParams({ decision })}
      />
      <FacetedFilter
        title="Processing"
        options={PROCESSING_OPTIONS}
        selected={processing}
        onChange={(processing) => void setParams({ processing })}
      />
      {tagOptions.length > 0 ? (
        <FacetedFilter
          title="Tag"
          options={tagOptions}
          selected={tag}
          onChange={(next) => void setParams({ tag: next })}
        />
      ) : null}
      <ScoreFilter value={scoreBelow} onChange={(next) => void setParams({ scoreBelow: next })} />
      <Button
        variant={group === 'office' ? 'secondary' : 'outline'}
        size="sm"
        className="h-8"
        aria-pressed={group === 'office'}
        onClick={() => void setParams({ group: group === 'office' ? null : 'office' })}
      >
        Group by office
      </Button>
      <ColumnVisibilityMenu
        columns={RENEWAL_COLUMNS}
        hidden={hide}
        onChange={(hide) => void setParams({ hide })}
      />
      {filtered ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-8"
          onClick={() =>
            void setParams({ ...NO_LOCAL_FILTERS, offices: null, owners: null, family: null, client: null })
          }
        >
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
});

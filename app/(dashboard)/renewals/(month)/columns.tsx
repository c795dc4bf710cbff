'use client';

import { columnVisibilityFeature, createColumnHelper, tableFeatures } from '@tanstack/react-table';
import Link from 'next/link';
import { DecisionCell, SelectAllHeader, SelectCell } from '@/components/decisions/decision-cells';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { EventDocuments } from '@/components/renewals/event-documents';
import { FeesCell } from '@/components/renewals/fees-cell';
import { InstructabilityBadge } from '@/components/renewals/instructability-badge';
import { useLocale } from '@/components/shell/locale';
import { useViewerRole } from '@/components/shell/viewer-role';
import { GraceNote } from '@/components/today/grace-note';
import { formatDate } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel, duePeriodLabel, feesStatusLabel, processingStatusLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';

/** Module scope, as TanStack Table 9 requires: stable features and columns (stack-notes). */
export const renewalFeatures = tableFeatures({ columnVisibilityFeature });
const helper = createColumnHelper<typeof renewalFeatures, RenewalRow>();

function rowName(row: RenewalRow): string {
  return patentName(row);
}

function RowDocuments({ row }: { row: RenewalRow }) {
  const role = useViewerRole();
  if (!role) return null;
  return (
    <EventDocuments
      event={{
        id: row.eventId,
        name: rowName(row),
        patentId: row.patentId,
        appliedDecision: row.appliedDecision,
        processingStatus: row.processingStatus,
        feesStatus: row.feesStatus,
      }}
      role={role}
      inline
    />
  );
}

/** The service's due period, with the grace surcharge and grace end inline while in grace (issue 14). */
function DuePeriodCell({ row }: { row: RenewalRow }) {
  const locale = useLocale();
  return (
    <span className="flex flex-col items-start gap-0.5">
      <EnumBadge value={duePeriodLabel(row.duePeriod)} />
      <GraceNote row={row} locale={locale} />
    </span>
  );
}

function DateCell({ value }: { value: string | null }) {
  const locale = useLocale();
  return value ? <span className="tabular-nums">{formatDate(value, locale)}</span> : <span>—</span>;
}

// Column ids match lib/renewals/columns.ts, which the export and the column menu read.
export const renewalColumns = helper.columns([
  helper.accessor('caseReference', {
    header: 'Case reference',
    cell: ({ row }) => (
      <span className="flex flex-col leading-tight">
        <Link
          href={patentHref(row.original.patentId)}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {rowName(row.original)}
        </Link>
        {row.original.caseReference && row.original.providerId ? (
          <span className="text-xs text-muted-foreground">{row.original.providerId}</span>
        ) : null}
      </span>
    ),
  }),
  helper.accessor('office', {
    header: 'Office',
    cell: ({ getValue }) => getValue() ?? <span className="text-muted-foreground">Unknown</span>,
  }),
  helper.accessor('annuityYear', {
    header: 'Annuity year',
    cell: ({ row }) => (
      <span className="tabular-nums">
        {row.original.annuityYear ?? '—'}
        {row.original.paymentSequence !== null ? (
          <span className="ml-1 text-xs text-muted-foreground">(payment {row.original.paymentSequence})</span>
        ) : null}
      </span>
    ),
  }),
  helper.accessor('dueDate', { header: 'Due date', cell: ({ getValue }) => <DateCell value={getValue()} /> }),
  helper.accessor('duePeriod', {
    header: 'Due period',
    cell: ({ row }) => <DuePeriodCell row={row.original} />,
  }),
  helper.accessor('instructability', {
    header: 'Instructability',
    cell: ({ getValue }) => <InstructabilityBadge instructability={getValue()} />,
  }),
  helper.accessor('fees', {
    header: 'Fees',
    cell: ({ row }) => <FeesCell fees={row.original.fees} label={rowName(row.original)} />,
  }),
  helper.accessor('appliedDecision', {
    header: 'Decision',
    cell: ({ getValue }) => <EnumBadge value={decisionLabel(getValue())} />,
  }),
  helper.accessor('processingStatus', {
    header: 'Processing',
    cell: ({ getValue }) => <EnumBadge value={processingStatusLabel(getValue())} />,
  }),
  helper.accessor('gracePeriodEndDate', {
    header: 'Grace ends',
    cell: ({ getValue }) => <DateCell value={getValue()} />,
  }),
  helper.accessor('title', {
    header: 'Title',
    cell: ({ getValue }) => (
      <span className="block max-w-64 truncate" title={getValue() ?? undefined}>
        {getValue() ?? '—'}
      </span>
    ),
  }),
  helper.accessor('feesStatus', {
    header: 'Fee status',
    cell: ({ getValue }) => <EnumBadge value={feesStatusLabel(getValue())} />,
  }),
  helper.display({
    id: 'documents',
    header: 'Documents',
    cell: ({ row }) => <RowDocuments row={row.original} />,
  }),
  helper.accessor('owner', {
    header: 'Owner',
    cell: ({ getValue }) => (
      <span className="block max-w-48 truncate" title={getValue() ?? undefined}>
        {getValue() ?? '—'}
      </span>
    ),
  }),
]);

/** The same columns with a selection box and the draft decision first, for those who decide. */
export const decidingColumns = helper.columns([
  helper.display({
    id: 'select',
    header: () => <SelectAllHeader />,
    cell: ({ row }) => <SelectCell row={row.original} />,
  }),
  helper.display({
    id: 'draftDecision',
    header: 'Your decision',
    cell: ({ row }) => <DecisionCell row={row.original} />,
  }),
  ...renewalColumns,
]);

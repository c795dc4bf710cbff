'use client';

import type { ReactNode } from 'react';
import { DecisionCell, SelectAllHeader, SelectCell } from '@/components/decisions/decision-cells';
import { PatentLink } from '@/components/portfolio/patent-link';
import { AnnuityYear } from '@/components/renewals/annuity-year';
import { DuePeriodBadge } from '@/components/renewals/due-period-badge';
import { EnumBadge } from '@/components/renewals/enum-badge';
import { EventDocuments } from '@/components/renewals/event-documents';
import { FeesCell } from '@/components/renewals/fees-cell';
import { InstructabilityBadge } from '@/components/renewals/instructability-badge';
import { useLocale } from '@/components/shell/locale';
import { useViewerAccess } from '@/components/shell/viewer-access';
import { SignalsToggle } from '@/components/signals/signals-toggle';
import { GraceNote } from '@/components/today/grace-note';
import { formatDate } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel, duePeriodLabel, feesStatusLabel, processingStatusLabel } from '@/lib/renewals/labels';
import type { RenewalRow } from '@/lib/renewals/rows';
import type { TableColumn } from '@/lib/table/columns';

/**
 * A column of the month view, with the width the windowed table's fixed layout gives it
 * (components/data-table/windowed-data-table.tsx): wide enough for the cell's content on one line,
 * and the key columns (the selection, your decision, the case, the due date, the fees) within a
 * 1280 px screen. Sorting is not the column's: the view orders the month's rows itself
 * (lib/renewals/view-model, the order the server uses for the export and the first screen).
 */
const accessor = <K extends keyof RenewalRow>(
  id: K,
  header: string,
  width: string,
  cell: (value: RenewalRow[K], row: RenewalRow) => ReactNode,
): TableColumn<RenewalRow> => ({ id, header, width, cell: (row) => cell(row[id], row) });

function rowName(row: RenewalRow): string {
  return patentName(row);
}

function RowDocuments({ row }: { row: RenewalRow }) {
  const access = useViewerAccess();
  if (!access) return null;
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
      access={access}
      inline
    />
  );
}

/**
 * The service's due period with the decision and processing state (a paid renewal past its due
 * date is not a red lapse), or, while undecided in grace, the grace end and surcharge.
 */
function DuePeriodCell({ row }: { row: RenewalRow }) {
  const locale = useLocale();
  if (row.appliedDecision === null && row.duePeriod === 'GRACE_PERIOD' && row.gracePeriodEndDate) {
    return (
      <span className="flex flex-col items-start gap-0.5">
        <EnumBadge value={duePeriodLabel(row.duePeriod)} />
        <GraceNote row={row} locale={locale} />
      </span>
    );
  }
  return <DuePeriodBadge row={row} />;
}

function DateCell({ value }: { value: string | null }) {
  const locale = useLocale();
  // Plain text: the row sets tabular figures for all its cells (renewals-table.tsx).
  return value ? formatDate(value, locale) : '—';
}

// Column ids match lib/renewals/columns.ts, which the export and the column menu read.
export const renewalColumns: readonly TableColumn<RenewalRow>[] = [
  accessor('caseReference', 'Case reference', '15rem', (_, row) => (
    <span className="flex flex-col leading-tight">
      <PatentLink patentId={row.patentId} inLongList>
        {rowName(row)}
      </PatentLink>
      {/* One line under the name, so a row keeps the table's fixed height (renewals-table.tsx). */}
      <span className="flex flex-wrap items-baseline gap-x-2 text-xs">
        {row.client ? <span className="text-muted-foreground">{row.client.name}</span> : null}
        {row.caseReference && row.providerId ? (
          <span className="text-muted-foreground">{row.providerId}</span>
        ) : null}
        {/* Open or closed is this renewal's (the toggle's state is kept per event id): a row the
            table reuses for another after a sort or a filter shows it closed. */}
        <SignalsToggle patentId={row.patentId} eventId={row.eventId} name={rowName(row)} />
        {row.underReview ? (
          <span className="font-medium text-warning" title={row.underReview}>
            Under review<span className="sr-only">: {row.underReview}</span>
          </span>
        ) : null}
      </span>
    </span>
  )),
  accessor(
    'office',
    'Office',
    '5.5rem',
    (office) => office ?? <span className="text-muted-foreground">Unknown</span>,
  ),
  accessor('annuityYear', 'Annuity year', '7.5rem', (_, row) => (
    <AnnuityYear year={row.annuityYear} paymentSequence={row.paymentSequence} />
  )),
  accessor('dueDate', 'Due date', '7rem', (value) => <DateCell value={value} />),
  accessor('fees', 'Fees', '11rem', (fees, row) => <FeesCell fees={fees} label={rowName(row)} />),
  // Out of 100; its sentence and reasons are in the row's signals (the toggle under the case reference).
  accessor('keepScore', 'Keep score', '7rem', (score) => score ?? '—'),
  accessor('duePeriod', 'Due period', '17rem', (_, row) => <DuePeriodCell row={row} />),
  accessor('instructability', 'Instructability', '11rem', (value) => (
    <InstructabilityBadge instructability={value} />
  )),
  accessor('appliedDecision', 'Decision', '8rem', (value) => <EnumBadge value={decisionLabel(value)} />),
  accessor('processingStatus', 'Processing', '9rem', (value) => (
    <EnumBadge value={processingStatusLabel(value)} />
  )),
  accessor('gracePeriodEndDate', 'Grace ends', '7.5rem', (value) => <DateCell value={value} />),
  accessor('title', 'Title', '17.5rem', (title) => (
    <span className="block max-w-64 truncate" title={title ?? undefined}>
      {title ?? '—'}
    </span>
  )),
  accessor('feesStatus', 'Fee status', '8rem', (value) => <EnumBadge value={feesStatusLabel(value)} />),
  { id: 'documents', header: 'Documents', width: '10rem', cell: (row) => <RowDocuments row={row} /> },
  accessor('owner', 'Owner', '13.5rem', (owner) => (
    <span className="block max-w-48 truncate" title={owner ?? undefined}>
      {owner ?? '—'}
    </span>
  )),
];

/** The same columns with a selection box and the draft decision first, for those who decide. */
export const decidingColumns: readonly TableColumn<RenewalRow>[] = [
  {
    id: 'select',
    header: 'Select',
    width: '2.75rem',
    headerCell: () => <SelectAllHeader />,
    cell: (row) => <SelectCell row={row} />,
  },
  { id: 'draftDecision', header: 'Your decision', width: '13rem', cell: (row) => <DecisionCell row={row} /> },
  ...renewalColumns,
];

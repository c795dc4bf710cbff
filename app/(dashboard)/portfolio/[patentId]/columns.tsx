import { EnumBadge } from '@/components/badges/enum-badge';
import { AnnuityYear } from '@/components/renewals/annuity-year';
import { DuePeriodBadge } from '@/components/renewals/due-period-badge';
import { EventDocuments } from '@/components/renewals/event-documents';
import { FeesCell } from '@/components/renewals/fees-cell';
import { InstructabilityBadge } from '@/components/renewals/instructability-badge';
import { LazyFees } from '@/components/renewals/lazy-fees';
import { CostOfWaiting } from '@/components/today/cost-of-waiting';
import { formatDate } from '@/lib/format/dates';
import { documentAccess, type Role } from '@/lib/policy/roles';
import { decisionLabel, processingStatusLabel } from '@/lib/renewals/labels';
import type { loadPatentDetail } from '@/lib/server/portfolio/patents';

import type { TableColumn } from '@/lib/table/columns';

type PatentDetail = Extract<Awaited<ReturnType<typeof loadPatentDetail>>, { events: unknown }>;
type PatentEvent = PatentDetail['events'][number];

/** A patent's renewals: dates, period, decision and processing, fees and documents. */
export function eventColumns({
  patentId,
  name,
  locale,
  role,
}: {
  patentId: string;
  name: string;
  locale: string;
  role: Role;
}): TableColumn<PatentEvent>[] {
  const access = documentAccess(role);
  const annuity = (event: PatentEvent) => `annuity ${event.renewal?.annuityYear ?? ''} of ${name}`;
  return [
    {
      id: 'annuityYear',
      header: 'Annuity year',
      cell: (event) => (
        <AnnuityYear
          year={event.renewal?.annuityYear}
          paymentSequence={event.renewal?.paymentSequenceNumber}
        />
      ),
    },
    {
      id: 'dueDate',
      header: 'Due date',
      className: 'whitespace-nowrap tabular-nums',
      cell: (event) => formatDate(event.dueDate, locale),
    },
    {
      id: 'graceEnds',
      header: 'Grace ends',
      className: 'whitespace-nowrap tabular-nums',
      cell: (event) => (event.gracePeriodEndDate ? formatDate(event.gracePeriodEndDate, locale) : '—'),
    },
    {
      id: 'duePeriod',
      header: 'Due period',
      cell: (event) => (
        <span className="flex flex-col items-start gap-0.5">
          {/* The period with the decision taken: a paid renewal past its due date is no lapse. */}
          <DuePeriodBadge row={event} />
          {event.appliedDecision === null ? (
            <CostOfWaiting row={{ ...event, fees: event.fees ?? null }} locale={locale} showLapsed={false} />
          ) : null}
        </span>
      ),
    },
    {
      id: 'instructability',
      header: 'Instructability',
      cell: (event) => <InstructabilityBadge instructability={event.instructability ?? null} />,
    },
    {
      id: 'decision',
      header: 'Decision',
      cell: (event) => <EnumBadge value={decisionLabel(event.appliedDecision)} />,
    },
    {
      id: 'processing',
      header: 'Processing',
      cell: (event) => <EnumBadge value={processingStatusLabel(event.processingStatus)} />,
    },
    {
      id: 'fees',
      header: 'Fees',
      cell: (event) =>
        event.fees ? (
          <FeesCell fees={event.fees} label={annuity(event)} />
        ) : (
          <LazyFees patentId={patentId} eventId={event.id} label={annuity(event)} />
        ),
    },
    {
      id: 'documents',
      header: 'Documents',
      cell: (event) => (
        <EventDocuments
          event={{
            id: event.id,
            name: `${name}, annuity ${event.renewal?.annuityYear ?? ''}`,
            patentId,
            appliedDecision: event.appliedDecision,
            processingStatus: event.processingStatus,
            feesStatus: event.fees?.feesStatus ?? event.feesStatus,
          }}
          access={access}
        />
      ),
    },
  ];
}

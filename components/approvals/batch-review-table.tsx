import Link from 'next/link';
import { EnumBadge } from '@/components/badges/enum-badge';
import { batchItemColumns as col } from '@/components/decisions/batch-item-columns';
import { BatchItemsTable } from '@/components/decisions/batch-items-table';
import { DecisionCostText } from '@/components/decisions/decision-cost-text';
import { AnnuityYear } from '@/components/renewals/annuity-year';
import { PageSection } from '@/components/shell/page-section';
import { Badge } from '@/components/ui/badge';
import { formatTotals, sumByCurrency } from '@/lib/annuity/money';
import { deadlinesPassed } from '@/lib/decisions/approval-policy';
import type { BatchView } from '@/lib/decisions/batch';
import { formatDate } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';
import { patentName } from '@/lib/portfolio/patent-name';
import { decisionLabel } from '@/lib/renewals/labels';
import type { TableColumn } from '@/lib/table/columns';

type Item = BatchView['items'][number];

/** The approver's columns: the office below 1536 px is in the row's details. */
function approvalColumns(overdue: ReadonlySet<string>, locale: string): TableColumn<Item>[] {
  return [
    col.patent(),
    col.office('low'),
    col.annuityYear(),
    col.dueDate(locale, (item) =>
      overdue.has(item.eventId) ? (
        <span className="block">
          <Badge tone="danger">Deadline passed</Badge>
        </span>
      ) : null,
    ),
    col.decision(),
    col.estimate('Estimate', locale),
    col.reason(),
  ];
}

/**
 * The review an approver sees: each decision with its estimate and its preparer's
 * reason, the deadlines that passed while it waited, and what proceeding costs per currency.
 */
export function BatchReviewTable({ batch, locale }: { batch: BatchView; locale: string }) {
  const overdue = new Set(deadlinesPassed(batch));
  const proceedTotals = sumByCurrency(
    batch.items.flatMap((item) =>
      item.decision === 'PROCEED' && item.estimate
        ? [{ amount: item.estimate.amount, currency: item.estimate.currency }]
        : [],
    ),
  );
  const columns = approvalColumns(overdue, locale);
  const counts = new Map<string, number>();
  for (const item of batch.items) counts.set(item.decision, (counts.get(item.decision) ?? 0) + 1);
  return (
    <PageSection id="batch-review-title" title="Decisions">
      <p className="text-sm">
        {[...counts]
          .map(([decision, count]) => `${count} × ${decisionLabel(decision)?.label ?? decision}`)
          .join(' · ')}
        {proceedTotals.length > 0 ? ` · to proceed: ${formatTotals(proceedTotals, locale)}` : ''}
      </p>
      {/* Below 768 px each decision is a card: a phone shows every decision and its reason without
          scrolling sideways, where seven columns cannot fit. */}
      <ul aria-label="Decisions to approve" className="flex flex-col gap-3 md:hidden">
        {batch.items.map((item) => (
          <li key={item.eventId} data-event-id={item.eventId} className="rounded-lg border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                href={patentHref(item.patentId)}
                className="font-medium break-all text-primary hover:underline"
              >
                {patentName(item)}
              </Link>
              <EnumBadge value={decisionLabel(item.decision)} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">Office</dt>
              <dd>{item.office ?? '—'}</dd>
              <dt className="text-muted-foreground">Annuity year</dt>
              <dd>
                <AnnuityYear year={item.annuityYear} paymentSequence={item.paymentSequence} />
              </dd>
              <dt className="text-muted-foreground">Due date</dt>
              <dd className="tabular-nums">
                {formatDate(item.dueDate, locale)}
                {overdue.has(item.eventId) ? (
                  <span className="ml-2">
                    <Badge tone="danger">Deadline passed</Badge>
                  </span>
                ) : null}
              </dd>
              <dt className="text-muted-foreground">Estimate</dt>
              <dd className="tabular-nums">
                <DecisionCostText
                  decision={item.decision}
                  estimate={item.estimate}
                  fxFrozen={item.estimate?.fxFrozen}
                  locale={locale}
                />
              </dd>
              <dt className="text-muted-foreground">Reason</dt>
              <dd className="break-words whitespace-pre-line">{item.rationale ?? '—'}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <BatchItemsTable label="Decisions to approve" items={batch.items} columns={columns} />
      </div>
    </PageSection>
  );
}

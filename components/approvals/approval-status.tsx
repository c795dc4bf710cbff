import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { deadlinesPassed, describeApprovalReason } from '@/lib/decisions/approval-policy';
import type { BatchView } from '@/lib/decisions/batch';
import { BATCH_STATE } from '@/lib/decisions/batch-states';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';

/**
 * Where a batch stands with its approval, on the batch page and the approver's review:
 * why it waits, renewals whose deadline passed while it waits, who approved or sent it back and why.
 */
export function ApprovalStatus({
  batch,
  locale,
  approvalsHref,
}: {
  batch: BatchView;
  locale: string;
  /** The approver's page, for those who may approve (not the preparer). */
  approvalsHref?: string;
}) {
  const { approval } = batch;
  if (!approval) return null;
  const nameOf = (eventId: string) => {
    const item = batch.items.find((candidate) => candidate.eventId === eventId);
    return item ? patentName(item) : eventId;
  };
  if (batch.state === BATCH_STATE.awaitingApproval) {
    const overdue = deadlinesPassed(batch);
    return (
      <div className="mb-4 flex flex-col gap-3">
        <Alert tone="warning">
          <h2>Awaiting a manager’s approval</h2>
          <p>
            Nothing has been sent. A manager other than {batch.createdByEmail ?? 'the preparer'} must approve
            it:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {approval.reasons.map((reason) => (
              <li key={JSON.stringify(reason)}>{describeApprovalReason(reason, nameOf)}</li>
            ))}
          </ul>
          {approvalsHref ? (
            <p className="mt-2">
              <Link href={approvalsHref} className="text-primary underline">
                Review it for approval
              </Link>
            </p>
          ) : null}
        </Alert>
        {overdue.length > 0 ? (
          <Alert tone="danger" data-testid="deadline-passed">
            <h2>
              {overdue.length === 1
                ? 'A deadline passed while this batch waited'
                : `${overdue.length} deadlines passed while this batch waited`}
            </h2>
            <ul className="list-disc pl-5">
              {overdue.map((eventId) => {
                const item = batch.items.find((candidate) => candidate.eventId === eventId);
                return (
                  <li key={eventId}>
                    {nameOf(eventId)}: due {formatDate(item?.dueDate, locale)}. A late payment may cost a
                    surcharge, or the right.
                  </li>
                );
              })}
            </ul>
          </Alert>
        ) : null}
      </div>
    );
  }
  if (batch.state === BATCH_STATE.returned) {
    return (
      <Alert tone="info" className="mb-4">
        <h2>Sent back by {approval.decidedByEmail ?? 'an approver'}</h2>
        <p>“{approval.returnReason}”</p>
        <p className="mt-1">
          Nothing was sent; the decisions are back in the draft of {batch.createdByEmail ?? 'the preparer'}
          {approval.decidedAt ? ` (${formatTimestamp(approval.decidedAt, locale)})` : ''}.
        </p>
      </Alert>
    );
  }
  return (
    <p className="mb-4 text-sm text-muted-foreground">
      Approved by {approval.decidedByEmail ?? 'a manager'}
      {approval.decidedAt ? ` on ${formatTimestamp(approval.decidedAt, locale)}` : ''} (prepared by{' '}
      {batch.createdByEmail ?? 'unknown'}).
    </p>
  );
}

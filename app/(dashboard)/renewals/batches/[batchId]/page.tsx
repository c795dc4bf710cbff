import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { ApprovalStatus } from '@/components/approvals/approval-status';
import { BatchStateBadge } from '@/components/badges/batch-state-badge';
import { BatchItemsTable } from '@/components/decisions/batch-items-table';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { Alert } from '@/components/ui/alert';
import { TitledCard } from '@/components/ui/card';
import { BATCH_STATE, isOpen } from '@/lib/decisions/batch-states';
import { describeBatchTimes, sentAt } from '@/lib/decisions/batch-timing';
import { getEnv } from '@/lib/env';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { batchView } from '@/lib/server/decisions/batch-records';
import { pageLocale } from '@/lib/server/http/request-context';
import { receiptColumns } from './columns';
import { ReconcileButton, ResendButton } from './reconcile-button';

export const metadata: Metadata = { title: 'Batch receipt' };

/** A sent batch: its receipt, each decision's outcome, and the instruction receipts to download. */
export default async function BatchPage({
  params,
  searchParams,
}: {
  params: Promise<{ batchId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('tracking:read');
  const { batchId } = await params;
  // sent in two from the review, the rest went for approval (a batch) or stayed in the draft.
  const heldParam = (await searchParams).held;
  const held =
    heldParam === 'draft' ? 'draft' : z.uuid().safeParse(heldParam).success ? (heldParam as string) : null;
  if (!z.uuid().safeParse(batchId).success) notFound();
  const batch = await batchView(batchId);
  const scope = await pageClientScope(viewer.userId);
  // Another client's batch does not exist for this viewer (spec: rule 2).
  if (!batch || !scope.connections.includes(batch.connection)) notFound();
  // Sent per client from one review: the other clients' batches of the same draft, when in scope.
  const also = (
    await Promise.all(
      String((await searchParams).also ?? '')
        .split(',')
        .filter((id) => z.uuid().safeParse(id).success && id !== batch.id)
        .slice(0, 20)
        .map((id) => batchView(id)),
    )
  ).filter(
    (other): other is NonNullable<typeof other> =>
      other !== null && scope.connections.includes(other.connection),
  );
  const locale = await pageLocale();
  const canDownload = can(viewer.role, 'event-documents:read');
  const open = isOpen(batch.state);
  const executed = batch.items.filter((item) => item.outcome === 'executed').length;
  const notConfirmed = batch.items.filter(
    (item) => item.outcome === 'pending' && item.problemCode === 'not_confirmed',
  ).length;
  const canSend = can(viewer.role, 'decisions:write') && !batch.receipt;
  const waitHours = getEnv().UNKNOWN_OUTCOME_WAIT_HOURS;
  const mayApprove = can(viewer.role, 'approvals:decide') && batch.createdByUserId !== viewer.userId;

  // Every renewal still pending is scheduled by the service's receipt: waiting for its date.
  const pendingItems = batch.items.filter((item) => item.outcome === 'pending');
  const allScheduled = pendingItems.length > 0 && pendingItems.every((item) => item.scheduledFor !== null);
  return (
    <>
      <BackLink href="/renewals/batches">Sent batches</BackLink>
      <PageHeader
        title={batch.receipt ? `Receipt no. ${batch.receipt.number}` : 'Batch of decisions'}
        description={describeBatchTimes(batch, (at) => formatTimestamp(at, locale))}
        actions={<BatchStateBadge state={batch.state} scheduled={allScheduled} />}
      />
      {held === 'draft' ? (
        <Alert tone="info" className="mb-4">
          <p>
            The decisions that need a manager’s approval were not submitted, since this batch did not go
            through whole: they are still in your draft.
          </p>
        </Alert>
      ) : held ? (
        <Alert tone="info" className="mb-4">
          <p>
            The decisions that need a manager’s approval were submitted as a batch of their own.{' '}
            <Link href={`/renewals/batches/${held}`} className="text-primary underline">
              Open the batch awaiting approval
            </Link>
          </p>
        </Alert>
      ) : null}
      {also.length > 0 ? (
        <Alert tone="info" className="mb-4">
          <p>
            The draft went as one batch per client. This is {clientNameOf(scope, batch.connection)}’s; the
            others:
          </p>
          <ul className="list-disc pl-5">
            {also.map((other) => (
              <li key={other.id}>
                <Link href={`/renewals/batches/${other.id}`} className="text-primary underline">
                  {clientNameOf(scope, other.connection)}’s batch ({other.eventCount} decision
                  {other.eventCount === 1 ? '' : 's'})
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {labelsClients(scope) && also.length === 0 ? (
        <p className="mb-4 text-sm text-muted-foreground">Client: {clientNameOf(scope, batch.connection)}</p>
      ) : null}
      <ApprovalStatus
        batch={batch}
        locale={locale}
        approvalsHref={mayApprove ? `/approvals/${batch.id}` : undefined}
      />
      {batch.problem && batch.state === BATCH_STATE.rejected ? (
        <Alert tone="danger" className="mb-4">
          <h2>{batch.problem.title}</h2>
          <p>{batch.problem.detail}</p>
          <p className="mt-1">Nothing was executed; the decisions are still in the draft.</p>
        </Alert>
      ) : null}
      {batch.problem && (batch.state === BATCH_STATE.settled || batch.state === BATCH_STATE.executed) ? (
        <Alert tone="warning" className="mb-4">
          <h2>{batch.problem.title}</h2>
          <p>{batch.problem.detail}</p>
        </Alert>
      ) : null}
      {open ? (
        <Alert tone="warning" className="mb-4">
          <h2>{allScheduled ? 'Scheduled at the service' : 'Checking with the service'}</h2>
          {batch.receipt ? (
            <p>
              The service accepted this batch and executes it on its own schedule. Each renewal shows as done
              once the service has applied it; nothing is sent again.
            </p>
          ) : (
            <p>
              The service did not answer this batch. It may have executed it, so its renewals stay here, shown
              as being sent, and go into no other batch. Each one settles when the service shows it. Those
              still &ldquo;Not confirmed yet&rdquo; can be sent again in this same batch (the service never
              executes a renewal twice); otherwise they go back to your draft after {waitHours} hours.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            <ReconcileButton batchId={batch.id} />
            {notConfirmed > 0 && canSend ? <ResendButton batchId={batch.id} count={notConfirmed} /> : null}
          </div>
        </Alert>
      ) : null}

      {batch.receipt ? (
        <TitledCard className="mb-4" title="Instruction receipt">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <dt className="text-muted-foreground">Number</dt>
            <dd className="tabular-nums">{batch.receipt.number}</dd>
            <dt className="text-muted-foreground">Reference</dt>
            <dd>{batch.receipt.reference}</dd>
            <dt className="text-muted-foreground">Issue date</dt>
            <dd>{formatDate(batch.receipt.issueDate, locale)}</dd>
            {/* When the batch left for the service, not when it was prepared: an approved batch
                  waited between the two. */}
            <dt className="text-muted-foreground">Sent</dt>
            <dd>{formatTimestamp(sentAt(batch), locale)}</dd>
            <dt className="text-muted-foreground">Executed</dt>
            <dd className="tabular-nums">
              {executed} of {batch.eventCount}
            </dd>
          </dl>
        </TitledCard>
      ) : null}

      <BatchItemsTable
        label="Decisions in the batch"
        items={batch.items}
        columns={receiptColumns(batch, locale, canDownload)}
      />
    </>
  );
}

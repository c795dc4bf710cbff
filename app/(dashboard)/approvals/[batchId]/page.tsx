import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { ApprovalActions } from '@/components/approvals/approval-actions';
import { ApprovalStatus } from '@/components/approvals/approval-status';
import { BatchReviewTable } from '@/components/approvals/batch-review-table';
import { BatchStateBadge } from '@/components/badges/batch-state-badge';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { Alert } from '@/components/ui/alert';
import { droppedNames } from '@/lib/decisions/approval-confirmation';
import { BATCH_STATE } from '@/lib/decisions/batch-states';
import { formatTimestamp } from '@/lib/format/dates';
import { requireViewer } from '@/lib/server/auth/session';
import { pageClientScope } from '@/lib/server/clients/scope';
import { batchView } from '@/lib/server/decisions/batch-records';
import { pageLocale } from '@/lib/server/http/request-context';

export const metadata: Metadata = { title: 'Approve decisions' };

/** One batch awaiting approval: the same review the preparer saw, then approve or send back. */
export default async function ApprovalPage({ params }: { params: Promise<{ batchId: string }> }) {
  const viewer = await requireViewer('approvals:decide');
  const { batchId } = await params;
  if (!z.uuid().safeParse(batchId).success) notFound();
  const batch = await batchView(batchId);
  if (!batch?.approval || !(await pageClientScope(viewer.userId)).connections.includes(batch.connection))
    notFound();
  const locale = await pageLocale();
  const waiting = batch.state === BATCH_STATE.awaitingApproval;
  const own = batch.createdByUserId === viewer.userId;
  return (
    <>
      <BackLink href="/approvals">Approvals</BackLink>
      <PageHeader
        title="Approve decisions"
        description={`Prepared by ${batch.createdByEmail ?? 'unknown'}, submitted ${formatTimestamp(batch.createdAt, locale)}`}
        actions={<BatchStateBadge state={batch.state} />}
      />
      <ApprovalStatus batch={batch} locale={locale} />
      {!waiting ? (
        <p className="mb-4 text-sm">
          <Link href={`/renewals/batches/${batch.id}`} className="text-primary underline">
            Open the batch
          </Link>
        </p>
      ) : null}
      <div className="flex flex-col gap-6">
        <BatchReviewTable batch={batch} locale={locale} />
        {waiting && own ? (
          <Alert tone="info">
            <p>You prepared this batch, so another manager must approve or send it back.</p>
          </Alert>
        ) : null}
        {waiting && !own ? (
          <ApprovalActions batchId={batch.id} decisions={batch.eventCount} drops={droppedNames(batch)} />
        ) : null}
      </div>
    </>
  );
}

import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DraftChangesNote } from '@/components/decisions/draft-changes-note';
import { draftQuery } from '@/components/decisions/draft-query';
import { StandingReviewNote } from '@/components/decisions/standing-review-note';
import { PageHeader } from '@/components/shell/page-header';
import { Alert } from '@/components/ui/alert';
import { BATCH_STATE } from '@/lib/decisions/batch-states';
import { patentName } from '@/lib/portfolio/patent-name';
import { monthViewReturn } from '@/lib/renewals/review-link';
import { requireViewer } from '@/lib/server/auth/session';
import { clientNameOf, pageClientScope } from '@/lib/server/clients/scope';
import { readApprovalPolicy } from '@/lib/server/decisions/approval-policy';
import { batchIdByKey, batchView } from '@/lib/server/decisions/batch-records';
import { entriesByClient } from '@/lib/server/decisions/client-parts';
import { readDraft } from '@/lib/server/decisions/drafts';
import { draftFollowingInstructions } from '@/lib/server/decisions/standing-instructions';
import { pageLocale } from '@/lib/server/http/request-context';
import { draftAgainstCopy } from '@/lib/server/sync/draft-against-copy';
import { ReviewForm } from './review-form';

export const metadata: Metadata = { title: 'Review decisions' };

export default async function ReviewPage({
  searchParams,
}: {
  searchParams: Promise<{ from?: string | string[] }>;
}) {
  const viewer = await requireViewer('decisions:write');
  const monthView = monthViewReturn((await searchParams).from);
  const queryClient = new QueryClient();
  const [draft, scope] = await Promise.all([readDraft(viewer.userId), pageClientScope(viewer.userId)]);
  // The draft's decisions per client (each client's go as a batch of their own); a decision the
  // copy places in none of the viewer's clients is refused by the send, which names it.
  const parts = await entriesByClient(draft.entries, scope).catch(() => new Map<string, unknown[]>());
  const policy = await readApprovalPolicy([...parts.keys()][0]);
  const clientParts =
    parts.size > 1
      ? [...parts].map(([connection, entries]) => ({
          name: clientNameOf(scope, connection),
          count: entries.length,
        }))
      : [];
  queryClient.setQueryData(draftQuery.queryKey, draft);
  // This very draft (its key) may already wait for a manager's approval.
  const submittedId = draft.entries.length > 0 ? await batchIdByKey(draft.batchKey) : null;
  const submitted = submittedId ? await batchView(submittedId) : null;
  const [following, changes, locale] = await Promise.all([
    draftFollowingInstructions(draft.entries, scope.connections),
    draftAgainstCopy(draft.entries, scope.connections),
    pageLocale(),
  ]);
  // One renewal, one open batch: those held by a batch not settled yet are named here.
  const beingSent = draft.entries.filter((entry) => draft.beingSent?.[entry.eventId]);
  return (
    <>
      <PageHeader
        title="Review and send decisions"
        description="The decisions are sent to the renewal service as one batch: all are executed, or none."
      />
      {submitted?.state === BATCH_STATE.awaitingApproval ? (
        <Alert tone="warning" className="mb-4">
          <h2>These decisions already wait for a manager’s approval</h2>
          <p>
            Nothing is sent until a manager approves them.{' '}
            <Link href={`/renewals/batches/${submitted.id}`} className="text-primary underline">
              Open the waiting batch
            </Link>
            . Changing the decisions in the month view makes a new draft; the waiting batch stays as it was.
          </p>
        </Alert>
      ) : null}
      {beingSent.length > 0 && submitted?.state !== BATCH_STATE.awaitingApproval ? (
        <Alert tone="warning" className="mb-4">
          <h2>Being sent</h2>
          <p>
            {beingSent.length === 1 ? 'This renewal is' : 'These renewals are'} already in a batch whose
            outcome is not settled yet, so {beingSent.length === 1 ? 'it goes' : 'they go'} into no other
            batch: remove {beingSent.length === 1 ? 'it' : 'them'} from the draft to send the rest.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {beingSent.map((entry) => (
              <li key={entry.eventId}>
                {patentName(entry)}:{' '}
                <Link
                  href={`/renewals/batches/${draft.beingSent?.[entry.eventId]}`}
                  className="text-primary underline"
                >
                  open the batch being sent
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <DraftChangesNote changes={changes} entries={draft.entries} locale={locale} />
      <StandingReviewNote items={following} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ReviewForm
          monthView={monthView}
          clientParts={clientParts}
          policy={{
            dropRequiresApproval: policy.dropRequiresApproval,
            proceedAbove: policy.proceedAbove,
            batchAbove: policy.batchAbove,
            unlistedCurrencyRequiresApproval: policy.unlistedCurrencyRequiresApproval,
          }}
        />
      </HydrationBoundary>
    </>
  );
}

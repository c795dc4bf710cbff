import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { draftQuery } from '@/components/decisions/draft-query';
import { PageHeader } from '@/components/shell/page-header';
import { requireViewer } from '@/lib/server/auth/session';
import { readDraft } from '@/lib/server/decisions/drafts';
import { ReviewForm } from './review-form';

export const metadata: Metadata = { title: 'Review decisions' };

export default async function ReviewPage() {
  const viewer = await requireViewer('decisions:write');
  const queryClient = new QueryClient();
  queryClient.setQueryData(draftQuery.queryKey, await readDraft(viewer.userId));
  return (
    <>
      <PageHeader
        title="Review and send decisions"
        description="The decisions are sent to the renewal service as one batch: all are executed, or none."
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ReviewForm />
      </HydrationBoundary>
    </>
  );
}

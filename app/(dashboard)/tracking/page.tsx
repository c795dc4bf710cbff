import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ClientFilter } from '@/components/clients/client-filter';
import { AddressChecked } from '@/components/shell/address-checked';
import { PageHeader } from '@/components/shell/page-header';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { TrackingBoard } from '@/components/tracking/tracking-board';
import { trackingQuery } from '@/components/tracking/tracking-query';
import { SkeletonRows } from '@/components/ui/skeleton';
import { currentYearMonth } from '@/lib/format/dates';
import { addressProblems, readField } from '@/lib/http/url-state-rules';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { type ClientScope, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { loadTrackingMonth } from '@/lib/server/tracking/board';
import { trackingUrlState } from '@/lib/tracking/url-state';

export const metadata: Metadata = { title: 'Tracking' };

export default async function TrackingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('tracking:read');
  const search = await searchParams;
  // Without a month the address opens this month's board; a month it cannot use is named.
  const month = readField(trackingUrlState.month, search.month) ?? currentYearMonth();
  const client = readField(trackingUrlState.client, search.client) ?? undefined;
  const problems = addressProblems(trackingUrlState, search);
  const [requestId, scope] = await Promise.all([pageRequestId(), pageClientScope(viewer.userId)]);
  return (
    <AddressChecked
      header={
        <PageHeader
          title="Tracking"
          description="Instructed renewals by processing stage, per due month: what is paid, confirmed, and still open."
          actions={labelsClients(scope) ? <ClientFilter clients={scope.clients} /> : undefined}
        />
      }
      problems={problems}
      path="/tracking"
      search={search}
      requestId={requestId}
    >
      <Suspense key={`${month}/${client ?? ''}`} fallback={<SkeletonRows count={8} />}>
        <TrackingData
          month={month}
          client={client}
          scope={scope}
          requestId={requestId}
          canDownload={can(viewer.role, 'event-documents:read')}
        />
      </Suspense>
    </AddressChecked>
  );
}

async function TrackingData({
  month,
  client,
  scope,
  requestId,
  canDownload,
}: {
  month: string;
  client: string | undefined;
  scope: ClientScope;
  requestId: string;
  canDownload: boolean;
}) {
  const loaded = await loadForPage(requestId, () => loadTrackingMonth(month, requestId, scope, client));
  // A failure is left to the board, which shows it with the request id and a retry.
  return (
    <SeededQueries seeds={loaded.ok ? [[trackingQuery(month, client).queryKey, loaded.data]] : []}>
      <TrackingBoard month={month} canDownload={canDownload} client={client} />
    </SeededQueries>
  );
}

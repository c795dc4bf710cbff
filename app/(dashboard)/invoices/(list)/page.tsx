import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { Suspense } from 'react';
import { invoiceListQuery } from '@/components/invoices/invoices-query';
import { AddressProblemPanel } from '@/components/shell/address-problem';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { SkeletonRows } from '@/components/ui/skeleton';
import { SavedViewsMenu } from '@/components/views/saved-views-menu';
import { addressProblems } from '@/lib/http/url-state-rules';
import { type InvoiceListQuery, invoiceQueryFromParams, invoiceUrlState } from '@/lib/invoices/url-state';
import { loadInvoiceParams } from '@/lib/invoices/url-state-address';
import { requireViewer } from '@/lib/server/auth/session';
import { type ClientScope, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { loadInvoiceList } from '@/lib/server/invoices/invoices';
import { listSavedViews } from '@/lib/server/views/saved-views';
import { InvoicesTable } from './invoices-table';

export const metadata: Metadata = { title: 'Invoices' };

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer('invoices:read');
  const search = await searchParams;
  const query = invoiceQueryFromParams(await loadInvoiceParams(search));
  const [requestId, views, scope] = await Promise.all([
    pageRequestId(),
    listSavedViews(viewer, 'invoices'),
    pageClientScope(viewer.userId),
  ]);
  const header = (
    <PageHeader
      title="Invoices"
      description="Renewal invoices from the service, checked line by line against decisions and estimates."
      actions={<SavedViewsMenu page="invoices" views={views} />}
    />
  );
  // A value the list cannot use is named, with the address without it, never quietly replaced.
  const problems = addressProblems(invoiceUrlState, search);
  if (problems.length > 0) {
    return (
      <>
        {header}
        <AddressProblemPanel problems={problems} path="/invoices" search={search} requestId={requestId} />
      </>
    );
  }
  return (
    <>
      {header}
      <Suspense fallback={<SkeletonRows count={12} />}>
        <InvoicesData query={query} requestId={requestId} scope={scope} />
      </Suspense>
    </>
  );
}

async function InvoicesData({
  query,
  requestId,
  scope,
}: {
  query: InvoiceListQuery;
  requestId: string;
  scope: ClientScope;
}) {
  const loaded = await loadForPage(requestId, () => loadInvoiceList(query, requestId, scope));
  if (!loaded.ok) return <ProblemPanel problem={loaded.problem} />;
  return (
    <SeededQueries seeds={[[invoiceListQuery(query).queryKey, loaded.data]]}>
      <InvoicesTable clients={labelsClients(scope) ? scope.clients : null} />
    </SeededQueries>
  );
}

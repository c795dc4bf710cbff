import type { Metadata } from 'next';
import { Suspense } from 'react';
import { invoiceListQuery } from '@/components/invoices/invoices-query';
import { AddressChecked } from '@/components/shell/address-checked';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { PageHeader } from '@/components/shell/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { SavedViewsMenu } from '@/components/views/saved-views-menu';
import type { SearchParams } from '@/lib/http/url-parsers';
import { addressProblems } from '@/lib/http/url-state-rules';
import { invoiceQueryFromParams, invoiceUrlState } from '@/lib/invoices/url-state';
import { loadInvoiceParams } from '@/lib/invoices/url-state-address';
import { requireViewer } from '@/lib/server/auth/session';
import { labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { pageRequestId } from '@/lib/server/http/request-context';
import { loadInvoiceList } from '@/lib/server/invoices/invoices';
import { copyAge } from '@/lib/server/sync/copy';
import { listSavedViews } from '@/lib/server/views/saved-views';
import { SeededRead } from '../../seeded-read';
import { InvoicesTable } from './invoices-table';

export const metadata: Metadata = { title: 'Invoices' };

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer('invoices:read');
  const search = await searchParams;
  const query = invoiceQueryFromParams(loadInvoiceParams(search));
  const [requestId, views, scope] = await Promise.all([
    pageRequestId(),
    listSavedViews(viewer, 'invoices'),
    pageClientScope(viewer.userId),
  ]);
  // Whether the service answers; the list says itself when it was read (its summary line).
  const health = await copyAge([], scope.connections);
  return (
    // A value the list cannot use is named, with the address without it, never quietly replaced.
    <AddressChecked
      header={
        <PageHeader
          title="Invoices"
          description="Renewal invoices from the service, checked line by line against decisions and estimates."
          actions={<SavedViewsMenu page="invoices" views={views} />}
        />
      }
      problems={addressProblems(invoiceUrlState, search)}
      path="/invoices"
      search={search}
      requestId={requestId}
    >
      <div className="flex flex-col gap-4">
        <CopyAgeNotice copy={health} months={[]} what="the invoices" ageLine={false} />
        <Suspense fallback={<SkeletonRows count={12} />}>
          <SeededRead
            requestId={requestId}
            queryKey={invoiceListQuery(query).queryKey}
            load={() => loadInvoiceList(query, requestId, scope)}
          >
            <InvoicesTable clients={labelsClients(scope) ? scope.clients : null} />
          </SeededRead>
        </Suspense>
      </div>
    </AddressChecked>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { portfolioQuery } from '@/components/portfolio/portfolio-query';
import { SnapshotStatus, type SnapshotStatusBody } from '@/components/portfolio/snapshot-status';
import { AddressChecked } from '@/components/shell/address-checked';
import { CopyAgeNotice } from '@/components/shell/copy-age-notice';
import { PageHeader } from '@/components/shell/page-header';
import { SkeletonRows } from '@/components/ui/skeleton';
import { SavedViewsMenu } from '@/components/views/saved-views-menu';
import type { SearchParams } from '@/lib/http/url-parsers';
import { addressProblems } from '@/lib/http/url-state-rules';
import { portfolioQueryFromParams, portfolioUrlState } from '@/lib/portfolio/url-state';
import { loadPortfolioParams } from '@/lib/portfolio/url-state-address';
import { requireViewer } from '@/lib/server/auth/session';
import { labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { pageRequestId } from '@/lib/server/http/request-context';
import { loadPatentPage } from '@/lib/server/portfolio/patents';
import { snapshotsStatus } from '@/lib/server/portfolio/snapshot';
import { copyAge } from '@/lib/server/sync/copy';
import { listSavedViews } from '@/lib/server/views/saved-views';
import { SeededRead } from '../../seeded-read';
import { PortfolioTable } from './portfolio-table';
import { PortfolioToolbar } from './portfolio-toolbar';

export const metadata: Metadata = { title: 'Portfolio' };

export default async function PortfolioPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer('portfolio:read');
  const search = await searchParams;
  const params = loadPortfolioParams(search);
  const requestId = await pageRequestId();
  const query = portfolioQueryFromParams(params);
  const scope = await pageClientScope(viewer.userId);
  // One row of our database per client, read with the page so the header's status line is there at
  // first paint (a status arriving after hydration grew the header: CLS 0.2 on a phone, Lighthouse).
  const [status, views, health] = await Promise.all([
    snapshotsStatus(scope.connections),
    listSavedViews(viewer, 'portfolio'),
    // Whether the service answers (no months: the patents come from the snapshot, not the copy).
    copyAge([], scope.connections),
  ]);
  // The client filter, for a user whose list holds several clients (none with one: unchanged).
  const filter =
    labelsClients(scope) && scope.connections.length > 1
      ? scope.clients.filter((client) => scope.connections.includes(client.id))
      : undefined;
  return (
    // A value the list cannot use is named, with the address without it, never quietly replaced.
    <AddressChecked
      header={
        <PageHeader
          title="Portfolio"
          description="Every patent under management."
          actions={
            <>
              <Link
                href="/portfolio/data-quality"
                className="text-sm text-primary underline-offset-2 hover:underline"
              >
                Data quality
              </Link>
              <SavedViewsMenu page="portfolio" views={views} />
              <SnapshotStatus initial={statusBody(status)} />
            </>
          }
        />
      }
      problems={addressProblems(portfolioUrlState, search)}
      path="/portfolio"
      search={search}
      requestId={requestId}
    >
      <div className="flex flex-col gap-4">
        <CopyAgeNotice
          copy={{ ...health, asOf: status.refreshedAt?.toISOString() ?? null }}
          months={[]}
          what="the patents"
          ageLine={false}
        />
        <PortfolioToolbar clients={filter} />
        <Suspense fallback={<SkeletonRows count={12} />}>
          <SeededRead
            requestId={requestId}
            queryKey={portfolioQuery(query).queryKey}
            load={() => loadPatentPage(query, requestId, scope)}
          >
            <PortfolioTable />
          </SeededRead>
        </Suspense>
      </div>
    </AddressChecked>
  );
}

/** The status as GET /api/portfolio/snapshot answers it (dates as ISO strings). */
function statusBody(status: Awaited<ReturnType<typeof snapshotsStatus>>): SnapshotStatusBody {
  return {
    refreshedAt: status.refreshedAt?.toISOString() ?? null,
    patentCount: status.patentCount,
    refreshing: status.refreshing && {
      startedAt: status.refreshing.startedAt.toISOString(),
      pagesDone: status.refreshing.pagesDone,
      pagesTotal: status.refreshing.pagesTotal,
    },
    lastError: status.lastError,
    isStale: status.isStale,
  };
}

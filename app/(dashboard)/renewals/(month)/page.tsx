import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { SearchParams } from 'nuqs/server';
import { Suspense } from 'react';
import { draftQuery } from '@/components/decisions/draft-query';
import { renewalsQueryKey } from '@/components/renewals/renewals-query';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SkeletonRows } from '@/components/ui/skeleton';
import { can } from '@/lib/policy/roles';
import { renewalsViewSchema } from '@/lib/renewals/query';
import { loadRenewalsParams, serializeRenewalsParams } from '@/lib/renewals/url-state-address';
import { type RenewalWindow, windowFromParams } from '@/lib/renewals/window';
import type { ServerFilters } from '@/lib/renewals/window-data';
import { requireViewer } from '@/lib/server/auth/session';
import { readDraft } from '@/lib/server/decisions/drafts';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { snapshotFacets } from '@/lib/server/portfolio/snapshot';
import { defaultRenewalMonth, loadRenewalWindow } from '@/lib/server/renewals/window';
import { MonthView } from './month-view';

export const metadata: Metadata = { title: 'Renewals' };

export default async function RenewalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer('renewals:read');
  const canDecide = can(viewer.role, 'decisions:write');
  const search = await searchParams;
  const requestId = await pageRequestId();
  const header = (
    <PageHeader
      title="Renewals"
      description="What falls due, what it will cost, and what can be decided today."
    />
  );

  // The rules /api/renewals applies, so an address the page accepts is one its queries can send.
  const parsed = renewalsViewSchema.safeParse(search);
  if (!parsed.success) {
    const { issues } = parsed.error;
    return (
      <>
        {header}
        <ProblemPanel
          problem={{
            title: 'This address does not name a valid view',
            detail: `Check ${issues.map((issue) => `${issue.path.join('.')} (${issue.message})`).join(', ')}.`,
            requestId,
          }}
          action={
            <a className="text-primary underline" href="/renewals">
              Open the current renewals
            </a>
          }
        />
      </>
    );
  }

  const window = windowFromParams(parsed.data);
  if (!window) {
    const month = await loadForPage(requestId, () => defaultRenewalMonth(requestId));
    if (!month.ok) {
      return (
        <>
          {header}
          <ProblemPanel problem={month.problem} />
        </>
      );
    }
    redirect(serializeRenewalsParams('/renewals', { ...loadRenewalsParams(search), month: month.data }));
  }

  return (
    <>
      {header}
      <Suspense
        fallback={
          <div aria-busy="true">
            <span className="sr-only">Loading renewals…</span>
            <SkeletonRows count={12} />
          </div>
        }
      >
        <MonthViewData
          window={window}
          filters={{ offices: parsed.data.offices, owners: parsed.data.owners, family: parsed.data.family }}
          requestId={requestId}
          draftOf={canDecide ? viewer.userId : null}
          canSeeFreezes={can(viewer.role, 'rate-freezes:read')}
        />
      </Suspense>
    </>
  );
}

/** Reads the window on the server and hands it to the browser's query cache (no second fetch). */
async function MonthViewData({
  window,
  filters,
  requestId,
  draftOf,
  canSeeFreezes,
}: {
  window: RenewalWindow;
  filters: ServerFilters;
  requestId: string;
  /** The user whose decision draft the view edits; null for roles that do not decide. */
  draftOf: string | null;
  canSeeFreezes: boolean;
}) {
  const loaded = await loadForPage(requestId, () => loadRenewalWindow(window, filters, requestId));
  if (!loaded.ok) return <ProblemPanel problem={loaded.problem} />;
  const facets = await snapshotFacets();
  const queryClient = new QueryClient();
  queryClient.setQueryData(renewalsQueryKey(window, filters), loaded.data);
  if (draftOf) queryClient.setQueryData(draftQuery.queryKey, await readDraft(draftOf));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MonthView facets={facets} canDecide={draftOf !== null} canSeeFreezes={canSeeFreezes} />
    </HydrationBoundary>
  );
}

import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { draftQuery } from '@/components/decisions/draft-query';
import { renewalsQueryKey } from '@/components/renewals/renewals-query';
import { AddressProblemPanel } from '@/components/shell/address-problem';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SkeletonRows } from '@/components/ui/skeleton';
import { SavedViewsMenu } from '@/components/views/saved-views-menu';
import { STANDING_INSTRUCTIONS_QUERY_KEY } from '@/lib/decisions/standing-instructions';
import type { SearchParams } from '@/lib/http/url-parsers';
import { addressProblems } from '@/lib/http/url-state-rules';
import { can } from '@/lib/policy/roles';
import { withOpenedOn } from '@/lib/renewals/opened-on';
import { renewalsViewSchema } from '@/lib/renewals/query';
import { renewalsUrlState } from '@/lib/renewals/url-state';
import { loadRenewalsParams, serializeRenewalsParams } from '@/lib/renewals/url-state-address';
import { type RenewalWindow, windowFromParams } from '@/lib/renewals/window';
import type { ServerFilters } from '@/lib/renewals/window-data';
import { FIRST_SCREEN_ROWS, type HeadView, windowHead } from '@/lib/renewals/window-head';
import { requireViewer } from '@/lib/server/auth/session';
import { connectionsToRead } from '@/lib/server/clients/client-filter';
import { type ClientScope, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { readDraft } from '@/lib/server/decisions/drafts';
import { listStandingInstructions } from '@/lib/server/decisions/standing-instructions';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { snapshotFacets } from '@/lib/server/portfolio/snapshot';
import { keepForHandoff } from '@/lib/server/renewals/handoff';
import { defaultRenewalMonth, loadRenewalWindow, windowClients } from '@/lib/server/renewals/window';
import { tagSummary } from '@/lib/server/tags/tags';
import { listSavedViews } from '@/lib/server/views/saved-views';
import { MonthView } from './month-view';
import { OpenedOnNote } from './opened-on-note';

export const metadata: Metadata = { title: 'Renewals' };

/** The values a corrected address leaves out: a window is dropped whole (the default month opens). */
function correctedFields(problems: readonly { field: string }[]): string[] {
  const fields = problems.map((problem) => problem.field);
  return fields.some((field) => ['month', 'from', 'to'].includes(field))
    ? [...fields, 'month', 'from', 'to']
    : fields;
}

export default async function RenewalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requireViewer('renewals:read');
  const canDecide = can(viewer.role, 'decisions:write');
  const search = await searchParams;
  const [requestId, views, scope] = await Promise.all([
    pageRequestId(),
    listSavedViews(viewer, 'renewals'),
    pageClientScope(viewer.userId),
  ]);
  const header = (
    <PageHeader
      title="Renewals"
      description="What falls due, what it will cost, and what can be decided today."
      actions={<SavedViewsMenu page="renewals" views={views} />}
    />
  );

  // The rules /api/renewals applies, so an address the page accepts is one its queries can send;
  // and every other value of the address (badge, sort, grouping…) is checked the same way, so a bad
  // one is named here rather than quietly dropped while the address keeps it.
  const parsed = renewalsViewSchema.safeParse(search);
  const problems = addressProblems(renewalsUrlState, search);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      if (!problems.some((problem) => problem.field === field))
        problems.push({ field, message: issue.message });
    }
  }
  if (!parsed.success || problems.length > 0) {
    return (
      <>
        {header}
        <AddressProblemPanel
          problems={problems}
          path="/renewals"
          search={search}
          fields={correctedFields(problems)}
          requestId={requestId}
        />
      </>
    );
  }

  const dueWindow = windowFromParams(parsed.data);
  if (!dueWindow) {
    const month = await loadForPage(requestId, () =>
      defaultRenewalMonth(requestId, new Date(), connectionsToRead(scope, parsed.data.client)),
    );
    if (!month.ok) {
      return (
        <>
          {header}
          <ProblemPanel problem={month.problem} />
        </>
      );
    }
    // Marked as chosen by the view, so it can say why it opened there (lib/renewals/opened-on.ts).
    redirect(
      withOpenedOn(
        serializeRenewalsParams('/renewals', { ...loadRenewalsParams(search), month: month.data }),
        month.data,
      ),
    );
  }

  return (
    <>
      {header}
      <OpenedOnNote />
      <Suspense
        fallback={
          <div aria-busy="true">
            <span className="sr-only">Loading renewals…</span>
            <SkeletonRows count={12} />
          </div>
        }
      >
        <MonthViewData
          dueWindow={dueWindow}
          filters={{
            offices: parsed.data.offices,
            owners: parsed.data.owners,
            family: parsed.data.family,
            client: parsed.data.client ?? null,
          }}
          scope={scope}
          view={loadRenewalsParams(search)}
          userId={viewer.userId}
          requestId={requestId}
          draftOf={canDecide ? viewer.userId : null}
          canSeeFreezes={can(viewer.role, 'rate-freezes:read')}
        />
      </Suspense>
    </>
  );
}

/**
 * Reads the window on the server and hands its first screen to the browser's query cache, with
 * the whole window's counts and totals; the browser fetches the rest, kept here, after hydration
 * (no second read of the service; docs/performance.md).
 */
async function MonthViewData({
  dueWindow,
  filters,
  view,
  scope,
  userId,
  requestId,
  draftOf,
  canSeeFreezes,
}: {
  dueWindow: RenewalWindow;
  filters: ServerFilters;
  /** The viewer's clients: the rows read are theirs, narrowed by the `client` filter. */
  scope: ClientScope;
  /** The address's local filters, order and grouping: they decide which rows are the first screen. */
  view: HeadView;
  userId: string;
  requestId: string;
  /** The user whose decision draft the view edits; null for roles that do not decide. */
  draftOf: string | null;
  canSeeFreezes: boolean;
}) {
  const loaded = await loadForPage(requestId, async () => {
    const clients = windowClients(scope, filters.client);
    return {
      clients,
      window: await loadRenewalWindow(dueWindow, filters, requestId, { keepScores: true, clients }),
    };
  });
  if (!loaded.ok) return <ProblemPanel problem={loaded.problem} />;
  const { window: whole, clients } = loaded.data;
  const [facets, tags] = await Promise.all([
    snapshotFacets(clients.connections),
    tagSummary(clients.connections),
  ]);
  const queryClient = new QueryClient();
  const data =
    whole.rows.length > FIRST_SCREEN_ROWS
      ? windowHead(whole, view, keepForHandoff('renewals', userId, whole))
      : whole;
  queryClient.setQueryData(renewalsQueryKey(dueWindow, filters), data);
  if (draftOf) {
    const [draft, instructions] = await Promise.all([
      readDraft(draftOf),
      listStandingInstructions(clients.connections),
    ]);
    queryClient.setQueryData(draftQuery.queryKey, draft);
    // Standing instructions come as data; the browser suggests from them (no extra call).
    queryClient.setQueryData(STANDING_INSTRUCTIONS_QUERY_KEY, { instructions });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MonthView
        facets={{ ...facets, tags: tags.map((entry) => entry.tag) }}
        // A choice only when the header chose none and the user works for several clients.
        clients={labelsClients(scope) && scope.chosen === null ? scope.clients : []}
        canDecide={draftOf !== null}
        canSeeFreezes={canSeeFreezes}
      />
    </HydrationBoundary>
  );
}

import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ClientFilter } from '@/components/clients/client-filter';
import { YourReviews } from '@/components/reviews/holds-list';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { TodayView } from '@/components/today/today-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';
import { can, type Role } from '@/lib/policy/roles';
import { requireViewer, type Viewer } from '@/lib/server/auth/session';
import { type ClientScope, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { keepForHandoff } from '@/lib/server/renewals/handoff';
import { windowClients } from '@/lib/server/renewals/window';
import { listHolds } from '@/lib/server/reviews/holds';
import { firstScreenOfToday, hasMoreThanFirstScreen, restOfToday } from '@/lib/server/today/first-screen';
import { loadToday } from '@/lib/server/today/load';
import type { TodayBucketId } from '@/lib/today/buckets';
import { todayFocus } from '@/lib/today/links';
import { todayViewLinks } from '@/lib/today/view-links';

export const metadata: Metadata = { title: 'Today' };

/** How long the buckets' other items stay kept for "show all" (a miss reads Today again). */
const TODAY_REST_TTL_MS = 15 * 60_000;

// Shown at once, before the data streams in: what the page holds and in which order.
const DESCRIPTIONS: Record<Role, string> = {
  paralegal:
    'The renewals that need your decision, most urgent first: those about to lapse, those in their grace period paying the surcharge, those due this month and next, and those opening soon. Each bucket goes into your decision draft in one action; you review and send it from there.',
  finance: 'The invoices and billing that need you now.',
  manager: 'What needs the team now: decisions, billing, freezes and spend.',
  admin: 'The health of the service connection and of sign-ins.',
};

/** Today: the home page for every role. Each section loads and fails on its own. */
export default async function TodayPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('today:read');
  const [requestId, scope, search] = await Promise.all([
    pageRequestId(),
    pageClientScope(viewer.userId),
    searchParams,
  ]);
  // A digest's link names the bucket it summed up: that card is shown whole and focused.
  const focus = todayFocus(search);
  // One of the user's clients (address param `client`), or all of them; a malformed one is none.
  const client = clientFilterSchema.safeParse(search.client).data ?? null;
  return (
    <>
      <PageHeader
        title="Today"
        description={DESCRIPTIONS[viewer.role]}
        actions={
          labelsClients(scope) && scope.chosen === null ? <ClientFilter clients={scope.clients} /> : undefined
        }
      />
      {can(viewer.role, 'reviews:write') ? (
        <Suspense fallback={null}>
          <YourReviewsData userId={viewer.userId} connections={scope.connections} />
        </Suspense>
      ) : null}
      <Suspense
        fallback={
          <div aria-busy="true">
            <span className="sr-only">Loading today&apos;s work…</span>
            <SkeletonRows count={8} />
          </div>
        }
      >
        <TodayData viewer={viewer} requestId={requestId} focus={focus} scope={scope} client={client} />
      </Suspense>
    </>
  );
}

/** The renewals put under review for this person (lib/server/reviews); nothing when there are none. */
async function YourReviewsData({ userId, connections }: { userId: string; connections: readonly string[] }) {
  const [holds, locale] = await Promise.all([listHolds({ ownerUserId: userId, connections }), pageLocale()]);
  return holds.length > 0 ? <YourReviews holds={holds} locale={locale} /> : null;
}

async function TodayData({
  viewer: { userId, role },
  requestId,
  focus,
  scope,
  client,
}: {
  viewer: Pick<Viewer, 'userId' | 'role'>;
  requestId: string;
  focus: TodayBucketId | null;
  /** The viewer's clients, narrowed by the `client` filter (another client's id: not found). */
  scope: ClientScope;
  client: string | null;
}) {
  const clients = await loadForPage(requestId, async () => windowClients(scope, client));
  if (!clients.ok) return <ProblemPanel problem={clients.problem} />;
  const [whole, locale] = await Promise.all([
    loadToday({ userId, role }, requestId, new Date(), clients.data),
    pageLocale(),
  ]);
  // The first items of each bucket travel with the page; the cards fetch the rest on demand.
  const rest = hasMoreThanFirstScreen(whole)
    ? keepForHandoff('today', userId, restOfToday(whole), TODAY_REST_TTL_MS)
    : null;
  const data = firstScreenOfToday(whole, focus, rest);
  return (
    <TodayView
      data={data}
      links={todayViewLinks(data)}
      locale={locale}
      canDecide={can(role, 'decisions:write')}
      focus={focus}
    />
  );
}

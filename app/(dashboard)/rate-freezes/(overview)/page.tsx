import type { Metadata } from 'next';
import { freezeOverviewQuery } from '@/components/rate-freezes/rate-freezes-query';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { CHOOSE_CLIENT_TO_FREEZE, freezePageDescription } from '@/lib/rate-freezes/labels';
import { requireViewer } from '@/lib/server/auth/session';
import { clientFilterOf, pageClientOf } from '@/lib/server/clients/client-filter';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeOverview } from '@/lib/server/rate-freezes/freezes';
import { FreezeOverview } from './freeze-overview';

export const metadata: Metadata = { title: 'Rate freezes' };

/**
 * A freeze is one client's: the page works on one client (pageClientOf: the only one, the sidebar's
 * choice, or while that shows all clients the one a link names); a user with several who has chosen
 * none is asked to choose in the sidebar, the one choice of client: the page has no selector of its own.
 */
export default async function RateFreezesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('rate-freezes:read');
  const [requestId, scope] = await Promise.all([pageRequestId(), pageClientScope(viewer.userId)]);
  const several = labelsClients(scope);
  const named = clientFilterOf((await searchParams).client);
  const loaded = await loadForPage(requestId, async () => {
    const connection = pageClientOf(scope, named);
    return connection
      ? { connection, data: await loadFreezeOverview(requestId, new Date(), connection) }
      : null;
  });
  const shown = loaded.ok && loaded.data ? loaded.data.connection : null;
  const header = (
    <PageHeader
      title="Rate freezes"
      description={freezePageDescription(
        "Pin a month's exchange rates so the estimates of its renewals stop moving.",
        several && shown ? clientNameOf(scope, shown) : null,
      )}
    />
  );
  if (!loaded.ok) {
    return (
      <>
        {header}
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  if (!loaded.data) {
    return (
      <>
        {header}
        <p className="text-sm">{CHOOSE_CLIENT_TO_FREEZE}</p>
      </>
    );
  }
  const client = several ? loaded.data.connection : null;
  return (
    <>
      {header}
      <SeededQueries seeds={[[freezeOverviewQuery(client).queryKey, loaded.data.data]]}>
        <FreezeOverview client={client} />
      </SeededQueries>
    </>
  );
}

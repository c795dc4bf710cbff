import type { Metadata } from 'next';
import { ClientFilter } from '@/components/clients/client-filter';
import { freezeOverviewQuery } from '@/components/rate-freezes/rate-freezes-query';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { requireViewer } from '@/lib/server/auth/session';
import { clientFilterOf, oneClientOf } from '@/lib/server/clients/client-filter';
import { labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeOverview } from '@/lib/server/rate-freezes/freezes';
import { FreezeOverview } from './freeze-overview';

export const metadata: Metadata = { title: 'Rate freezes' };

/**
 * A freeze is one client's: the page works on one client (the only one, the header's choice or the
 * `client` address parameter); a user with several who has chosen none is asked to choose.
 */
export default async function RateFreezesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('rate-freezes:read');
  const [requestId, scope] = await Promise.all([pageRequestId(), pageClientScope(viewer.userId)]);
  const several = labelsClients(scope);
  const header = (
    <PageHeader
      title="Rate freezes"
      description="Pin a month's exchange rates so the estimates of its renewals stop moving."
      actions={several ? <ClientFilter clients={scope.clients} /> : undefined}
    />
  );
  const loaded = await loadForPage(requestId, async () => {
    const connection = oneClientOf(scope, clientFilterOf((await searchParams).client));
    return connection
      ? { connection, data: await loadFreezeOverview(requestId, new Date(), connection) }
      : null;
  });
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
        <p className="text-sm">Choose a client: a freeze pins one client's exchange rates.</p>
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

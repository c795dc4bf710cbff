import type { Metadata } from 'next';
import { freezeOverviewQuery } from '@/components/rate-freezes/rate-freezes-query';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SeededQueries } from '@/components/shell/seeded-queries';
import { requireViewer } from '@/lib/server/auth/session';
import { loadForPage, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeOverview } from '@/lib/server/rate-freezes/freezes';
import { FreezeOverview } from './freeze-overview';

export const metadata: Metadata = { title: 'Rate freezes' };

export default async function RateFreezesPage() {
  await requireViewer('rate-freezes:read');
  const requestId = await pageRequestId();
  const header = (
    <PageHeader
      title="Rate freezes"
      description="Pin a month's exchange rates so the estimates of its renewals stop moving."
    />
  );
  const loaded = await loadForPage(requestId, () => loadFreezeOverview(requestId));
  if (!loaded.ok) {
    return (
      <>
        {header}
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  return (
    <>
      {header}
      <SeededQueries seeds={[[freezeOverviewQuery().queryKey, loaded.data]]}>
        <FreezeOverview />
      </SeededQueries>
    </>
  );
}

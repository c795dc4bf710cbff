import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  freezeClientQuery,
  freezeEstimatesQuery,
  freezeMonthQuery,
} from '@/components/rate-freezes/rate-freezes-query';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { type QuerySeed, SeededQueries } from '@/components/shell/seeded-queries';
import { formatYearMonth, monthOf } from '@/lib/format/dates';
import { dueMonthSchema } from '@/lib/http/query';
import { can } from '@/lib/policy/roles';
import { CHOOSE_CLIENT_TO_FREEZE, freezePageDescription } from '@/lib/rate-freezes/labels';
import { requireViewer } from '@/lib/server/auth/session';
import { clientFilterOf, pageClientOf } from '@/lib/server/clients/client-filter';
import { clientNameOf, labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { serviceToday } from '@/lib/server/connection/service-day';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';
import { loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { MonthFreeze } from './month-freeze';

export const metadata: Metadata = { title: 'Rate freeze' };

/**
 * A freeze is one client's: the page shows one client's preview and freezes for it (pageClientOf:
 * the only one, the sidebar's choice, or while that shows all clients the one a link names); with
 * several and none chosen, it asks to choose in the sidebar: the page has no selector of its own.
 */
export default async function RateFreezeMonthPage({
  params,
  searchParams,
}: {
  params: Promise<{ yearMonth: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const viewer = await requireViewer('rate-freezes:read');
  const parsed = dueMonthSchema.safeParse((await params).yearMonth);
  if (!parsed.success) notFound();
  const month = parsed.data;
  const [requestId, locale, scope] = await Promise.all([
    pageRequestId(),
    pageLocale(),
    pageClientScope(viewer.userId),
  ]);
  const several = labelsClients(scope);
  const chosen = await loadForPage(requestId, async () =>
    pageClientOf(scope, clientFilterOf((await searchParams).client)),
  );
  const shown = several && chosen.ok ? chosen.data : null;
  const header = (
    <>
      {/* Back to the same client's freezes. */}
      <BackLink href={`/rate-freezes${freezeClientQuery(shown)}`}>Rate freezes</BackLink>
      <PageHeader
        title={`Exchange rates for ${formatYearMonth(month, locale)}`}
        description={freezePageDescription(
          'What a freeze of this month covers, and its fees per currency.',
          shown ? clientNameOf(scope, shown) : null,
        )}
      />
    </>
  );
  if (!chosen.ok || !chosen.data) {
    return (
      <>
        {header}
        {chosen.ok ? (
          <p className="text-sm">{CHOOSE_CLIENT_TO_FREEZE}</p>
        ) : (
          <ProblemPanel problem={chosen.problem} />
        )}
      </>
    );
  }
  const connection = chosen.data;
  const client = several ? connection : null;

  // The estimates in the invoice currency are read beside the freeze's own read; if
  // they fail, the page still shows the month and the browser asks for them again.
  const serviceMonth = monthOf(await serviceToday(new Date(), [connection]));
  const [loaded, estimates] = await Promise.all([
    loadForPage(requestId, () => loadFreezeMonth(month, requestId, connection)),
    // A past month, by the service's day (spec: Limits 2 and 5), cannot be frozen: its
    // estimates are not read (the page does not show them).
    month >= serviceMonth
      ? loadForPage(requestId, () => loadFreezeEstimates(month, requestId, connection))
      : null,
  ]);
  if (!loaded.ok) {
    return (
      <>
        {header}
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  const seeds: QuerySeed[] = [[freezeMonthQuery(month, client).queryKey, loaded.data]];
  if (estimates?.ok) seeds.push([freezeEstimatesQuery(month, client).queryKey, estimates.data]);
  return (
    <>
      {header}
      <SeededQueries seeds={seeds}>
        <MonthFreeze month={month} canFreeze={can(viewer.role, 'rate-freezes:write')} client={client} />
      </SeededQueries>
    </>
  );
}

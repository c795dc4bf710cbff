import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ClientFilter } from '@/components/clients/client-filter';
import {
  freezeClientQuery,
  freezeEstimatesQuery,
  freezeMonthQuery,
} from '@/components/rate-freezes/rate-freezes-query';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { type QuerySeed, SeededQueries } from '@/components/shell/seeded-queries';
import { currentYearMonth, formatYearMonth } from '@/lib/format/dates';
import { dueMonthSchema } from '@/lib/http/query';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { clientFilterOf, oneClientOf } from '@/lib/server/clients/client-filter';
import { labelsClients, pageClientScope } from '@/lib/server/clients/scope';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';
import { loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { MonthFreeze } from './month-freeze';

export const metadata: Metadata = { title: 'Rate freeze' };

/**
 * A freeze is one client's: the page shows the chosen client's preview and freezes for it (the only
 * one, the header's choice or the `client` address parameter); with several and none chosen, it
 * asks to choose.
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
  const named = clientFilterOf((await searchParams).client);
  const header = (
    <>
      {/* Back to the same client's freezes. */}
      <BackLink href={`/rate-freezes${freezeClientQuery(named ?? null)}`}>Rate freezes</BackLink>
      <PageHeader
        title={`Exchange rates for ${formatYearMonth(month, locale)}`}
        description="What a freeze of this month covers, and its fees per currency."
        actions={several ? <ClientFilter clients={scope.clients} /> : undefined}
      />
    </>
  );
  const chosen = await loadForPage(requestId, async () => oneClientOf(scope, named));
  if (!chosen.ok || !chosen.data) {
    return (
      <>
        {header}
        {chosen.ok ? (
          <p className="text-sm">Choose a client: a freeze pins one client's exchange rates.</p>
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
  const [loaded, estimates] = await Promise.all([
    loadForPage(requestId, () => loadFreezeMonth(month, requestId, connection)),
    // A past month cannot be frozen: its estimates are not read (the page does not show them).
    month >= currentYearMonth()
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

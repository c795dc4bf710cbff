import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { freezeEstimatesQuery, freezeMonthQuery } from '@/components/rate-freezes/rate-freezes-query';
import { BackLink } from '@/components/shell/back-link';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { type QuerySeed, SeededQueries } from '@/components/shell/seeded-queries';
import { currentYearMonth, formatYearMonth } from '@/lib/format/dates';
import { dueMonthSchema } from '@/lib/http/query';
import { can } from '@/lib/policy/roles';
import { requireViewer } from '@/lib/server/auth/session';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';
import { loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { MonthFreeze } from './month-freeze';

export const metadata: Metadata = { title: 'Rate freeze' };

export default async function RateFreezeMonthPage({ params }: { params: Promise<{ yearMonth: string }> }) {
  const viewer = await requireViewer('rate-freezes:read');
  const parsed = dueMonthSchema.safeParse((await params).yearMonth);
  if (!parsed.success) notFound();
  const month = parsed.data;
  const requestId = await pageRequestId();
  const locale = await pageLocale();
  const header = (
    <>
      <BackLink href="/rate-freezes">Rate freezes</BackLink>
      <PageHeader
        title={`Exchange rates for ${formatYearMonth(month, locale)}`}
        description="What a freeze of this month covers, and its fees per currency."
      />
    </>
  );

  // The estimates in the invoice currency are read beside the freeze's own read; if
  // they fail, the page still shows the month and the browser asks for them again.
  const [loaded, estimates] = await Promise.all([
    loadForPage(requestId, () => loadFreezeMonth(month, requestId)),
    // A past month cannot be frozen: its estimates are not read (the page does not show them).
    month >= currentYearMonth() ? loadForPage(requestId, () => loadFreezeEstimates(month, requestId)) : null,
  ]);
  if (!loaded.ok) {
    return (
      <>
        {header}
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  const seeds: QuerySeed[] = [[freezeMonthQuery(month).queryKey, loaded.data]];
  if (estimates?.ok) seeds.push([freezeEstimatesQuery(month).queryKey, estimates.data]);
  return (
    <>
      {header}
      <SeededQueries seeds={seeds}>
        <MonthFreeze month={month} canFreeze={can(viewer.role, 'rate-freezes:write')} />
      </SeededQueries>
    </>
  );
}

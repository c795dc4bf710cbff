import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { freezeMonthQuery } from '@/components/rate-freezes/rate-freezes-query';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { formatYearMonth } from '@/lib/format/dates';
import { can } from '@/lib/policy/roles';
import { yearMonthSchema } from '@/lib/rate-freezes/months';
import { requireViewer } from '@/lib/server/auth/session';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';
import { loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { MonthFreeze } from './month-freeze';

export const metadata: Metadata = { title: 'Rate freeze' };

export default async function RateFreezeMonthPage({ params }: { params: Promise<{ yearMonth: string }> }) {
  const viewer = await requireViewer('rate-freezes:read');
  const parsed = yearMonthSchema.safeParse((await params).yearMonth);
  if (!parsed.success) notFound();
  const month = parsed.data;
  const requestId = await pageRequestId();
  const locale = await pageLocale();
  const header = (
    <>
      <p className="mb-2 text-sm">
        <Link href="/rate-freezes" className="text-primary underline-offset-2 hover:underline">
          ← Rate freezes
        </Link>
      </p>
      <PageHeader
        title={`Exchange rates for ${formatYearMonth(month, locale)}`}
        description="What a freeze of this month covers, and its fees per currency."
      />
    </>
  );

  const loaded = await loadForPage(requestId, () => loadFreezeMonth(month, requestId));
  if (!loaded.ok) {
    return (
      <>
        {header}
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  const queryClient = new QueryClient();
  queryClient.setQueryData(freezeMonthQuery(month).queryKey, loaded.data);
  return (
    <>
      {header}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MonthFreeze month={month} canFreeze={can(viewer.role, 'rate-freezes:write')} />
      </HydrationBoundary>
    </>
  );
}

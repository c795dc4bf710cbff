import type { Metadata } from 'next';
import { SpendAnalytics } from '@/components/analytics/spend-tables';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { formatTimestamp } from '@/lib/format/dates';
import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { requireViewer } from '@/lib/server/auth/session';
import { loadForPage, pageLocale, pageRequestId } from '@/lib/server/http/request-context';

export const metadata: Metadata = { title: 'Analytics' };

export default async function AnalyticsPage() {
  await requireViewer('analytics:read');
  const requestId = await pageRequestId();
  const locale = await pageLocale();
  const loaded = await loadForPage(requestId, () => loadSpendAnalytics(requestId));
  return (
    <>
      <PageHeader
        title="Analytics"
        description="What renewals cost: invoiced amounts by month, office and fee component, grace surcharges, and invoices against estimates. Per currency, never converted."
      />
      {loaded.ok ? (
        <>
          <SpendAnalytics data={loaded.data} locale={locale} />
          <p className="mt-6 text-xs text-muted-foreground">
            From the invoice list read {formatTimestamp(loaded.data.catalogReadAt, locale)}.
          </p>
        </>
      ) : (
        <ProblemPanel problem={loaded.problem} />
      )}
    </>
  );
}

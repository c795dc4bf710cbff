import type { Metadata } from 'next';
import { SpendAnalytics } from '@/components/analytics/spend-tables';
import { ClientFilter } from '@/components/clients/client-filter';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { formatTimestamp } from '@/lib/format/dates';
import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { labelsClients } from '@/lib/server/clients/scope';
import { loadForPage } from '@/lib/server/http/request-context';
import { type AnalyticsSearchParams, analyticsPageContext } from './page-context';

export const metadata: Metadata = { title: 'Analytics' };

export default async function AnalyticsPage({ searchParams }: { searchParams: AnalyticsSearchParams }) {
  const { requestId, locale, scope, client } = await analyticsPageContext(searchParams);
  const loaded = await loadForPage(requestId, () => loadSpendAnalytics(requestId, scope, client));
  return (
    <>
      <PageHeader
        title="Analytics"
        description="What renewals cost: invoiced amounts by month, office and fee component, grace surcharges, and invoices against estimates. Per currency, never converted."
        actions={labelsClients(scope) ? <ClientFilter clients={scope.clients} /> : undefined}
      />
      {loaded.ok ? (
        <>
          <SpendAnalytics data={loaded.data} locale={locale} client={client} />
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

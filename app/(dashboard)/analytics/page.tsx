import type { Metadata } from 'next';
import { SpendAnalytics } from '@/components/analytics/spend-tables';
import { ClientFilter } from '@/components/clients/client-filter';
import { AddressProblemPanel } from '@/components/shell/address-problem';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { SPEND_ADDRESS, SURCHARGES_STEP } from '@/lib/analytics/spend-address';
import { formatTimestamp } from '@/lib/format/dates';
import { addressProblems } from '@/lib/http/url-state-rules';
import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { labelsClients } from '@/lib/server/clients/scope';
import { loadForPage } from '@/lib/server/http/request-context';
import { type AnalyticsSearchParams, analyticsPageContext } from './page-context';

export const metadata: Metadata = { title: 'Analytics' };

export default async function AnalyticsPage({ searchParams }: { searchParams: AnalyticsSearchParams }) {
  const { requestId, locale, scope, client } = await analyticsPageContext(searchParams);
  const search = await searchParams;
  // A count of surcharges the page cannot use is named, with the address without it.
  const problems = addressProblems(SPEND_ADDRESS, search);
  if (problems.length > 0)
    return <AddressProblemPanel problems={problems} path="/analytics" search={search} />;
  const surcharges =
    typeof search.surcharges === 'string' && search.surcharges !== ''
      ? Number(search.surcharges)
      : SURCHARGES_STEP;
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
          <SpendAnalytics data={loaded.data} locale={locale} client={client} surchargesShown={surcharges} />
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

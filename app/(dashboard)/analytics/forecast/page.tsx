import type { Metadata } from 'next';
import { ForecastRefreshButton } from '@/components/analytics/forecast-refresh-button';
import { ForecastCost, ForecastEmpty } from '@/components/analytics/forecast-status';
import { ForecastTables } from '@/components/analytics/forecast-tables';
import { ClientFilter } from '@/components/clients/client-filter';
import { PageHeader } from '@/components/shell/page-header';
import { ProblemPanel } from '@/components/shell/problem-panel';
import { can } from '@/lib/policy/roles';
import { connectionsToRead } from '@/lib/server/clients/client-filter';
import { labelsClients } from '@/lib/server/clients/scope';
import { loadForecast } from '@/lib/server/forecast/load';
import { forecastRefreshOffers } from '@/lib/server/forecast/refresh-now';
import { loadForPage } from '@/lib/server/http/request-context';
import { type AnalyticsSearchParams, analyticsPageContext } from '../page-context';

export const metadata: Metadata = { title: 'Forecast' };

/**
 * The renewal forecast: what the coming months' renewals are estimated to cost, from the
 * worker's copy in our database (no upstream call on a view), with what that copy cost in quota.
 */
export default async function ForecastPage({ searchParams }: { searchParams: AnalyticsSearchParams }) {
  const { viewer, requestId, locale, scope, client } = await analyticsPageContext(searchParams);
  const loaded = await loadForPage(requestId, () => loadForecast(connectionsToRead(scope, client)));
  if (!loaded.ok) {
    return (
      <>
        <PageHeader title="Forecast" />
        <ProblemPanel problem={loaded.problem} />
      </>
    );
  }
  const data = loaded.data;
  // A refresh is one client's (its key, its budget): one per client the page shows.
  const action = can(viewer.role, 'forecast:refresh') ? (
    <div className="flex flex-col gap-2">
      {forecastRefreshOffers(scope, client, data.runningClients).map((offer) => (
        <ForecastRefreshButton
          key={offer.client ?? 'only'}
          running={offer.running}
          client={offer.client}
          clientName={offer.name ?? undefined}
        />
      ))}
    </div>
  ) : null;
  return (
    <>
      <PageHeader
        title="Forecast"
        description="Estimated renewal costs for the coming months by month, office, owner and family, from the service’s estimates. Per currency, never converted."
        actions={labelsClients(scope) ? <ClientFilter clients={scope.clients} /> : undefined}
      />
      <div className="flex flex-col gap-8">
        {data.window ? (
          <>
            <ForecastCost data={data} locale={locale} action={action} />
            <ForecastTables data={data} locale={locale} client={client} />
          </>
        ) : (
          <ForecastEmpty data={data} locale={locale} action={action} />
        )}
      </div>
    </>
  );
}

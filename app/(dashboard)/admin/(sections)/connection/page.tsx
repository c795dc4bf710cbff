import type { Metadata } from 'next';
import { ApiKeysPanel } from '@/components/admin/api-keys-panel';
import { ClientsPanel } from '@/components/admin/clients-panel';
import { ConnectionPanel } from '@/components/admin/connection-panel';
import { SsoPanel } from '@/components/admin/sso-panel';
import { SyncPlanPanel } from '@/components/admin/sync-plan-panel';
import { requireViewer } from '@/lib/server/auth/session';
import { ssoOverview } from '@/lib/server/auth/sso-admin';
import { clientNameOf, pageClientScope } from '@/lib/server/clients/scope';
import { listApiKeys } from '@/lib/server/connection/api-keys';
import { listClientConnections } from '@/lib/server/connection/clients';
import { latestConnectionReport } from '@/lib/server/connection/connection';
import { pageLocale } from '@/lib/server/http/request-context';
import { syncPlanView } from '@/lib/server/sync/run';

export const metadata: Metadata = { title: 'API connection' };

export default async function ConnectionPage() {
  const viewer = await requireViewer('connection:manage');
  // The key's expiry alert is in the layout above every admin page, this one included.
  // Each client has its own key and quota (spec: Authentication 1, Limits 2), so its own sync
  // plan: one per client in the viewer's scope (the header's choice, or all of theirs).
  const scope = await pageClientScope(viewer.userId);
  const [clients, keys, sso, plans, locale] = await Promise.all([
    listClientConnections(),
    listApiKeys(),
    ssoOverview(),
    Promise.all(scope.connections.map((connection) => syncPlanView(connection))),
    pageLocale(),
  ]);
  return (
    <div className="flex flex-col gap-10">
      <ConnectionPanel initial={latestConnectionReport()} />
      {plans.map((plan) => (
        <SyncPlanPanel
          key={plan.connection}
          view={plan}
          clientName={scope.connections.length > 1 ? clientNameOf(scope, plan.connection) : null}
          locale={locale}
        />
      ))}
      <ClientsPanel initial={clients} />
      <ApiKeysPanel initial={keys} />
      <SsoPanel initial={sso} />
    </div>
  );
}

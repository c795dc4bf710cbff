import type { Metadata } from 'next';
import { ApiKeysPanel } from '@/components/admin/api-keys-panel';
import { ClientsPanel } from '@/components/admin/clients-panel';
import { ConnectionPanel } from '@/components/admin/connection-panel';
import { SsoPanel } from '@/components/admin/sso-panel';
import { SyncPlanPanel } from '@/components/admin/sync-plan-panel';
import { requireViewer } from '@/lib/server/auth/session';
import { ssoOverview } from '@/lib/server/auth/sso-admin';
import { listApiKeys } from '@/lib/server/connection/api-keys';
import { listClientConnections } from '@/lib/server/connection/clients';
import { latestConnectionReport } from '@/lib/server/connection/connection';
import { pageLocale } from '@/lib/server/http/request-context';
import { syncPlanView } from '@/lib/server/sync/run';

export const metadata: Metadata = { title: 'API connection' };

export default async function ConnectionPage() {
  await requireViewer('connection:manage');
  // The key's expiry alert is in the layout above every admin page, this one included.
  const [clients, keys, sso, plan, locale] = await Promise.all([
    listClientConnections(),
    listApiKeys(),
    ssoOverview(),
    syncPlanView(),
    pageLocale(),
  ]);
  return (
    <div className="flex flex-col gap-10">
      <ConnectionPanel initial={latestConnectionReport()} />
      <SyncPlanPanel view={plan} locale={locale} />
      <ClientsPanel initial={clients} />
      <ApiKeysPanel initial={keys} />
      <SsoPanel initial={sso} />
    </div>
  );
}

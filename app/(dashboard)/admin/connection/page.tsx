import type { Metadata } from 'next';
import { ConnectionPanel } from '@/components/admin/connection-panel';
import { requireViewer } from '@/lib/server/auth/session';
import { latestConnectionReport } from '@/lib/server/connection/connection';

export const metadata: Metadata = { title: 'API connection' };

export default async function ConnectionPage() {
  await requireViewer('connection:manage');
  return <ConnectionPanel initial={latestConnectionReport()} />;
}

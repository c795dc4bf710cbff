import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';
import { requireViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Rate freezes' };

export default async function RatefreezesPage() {
  await requireViewer('rate-freezes:read');
  return <ComingSoon title="Rate freezes" what="Frozen months and freezing a month's exchange rates." />;
}

import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';
import { requireViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Renewals' };

export default async function RenewalsPage() {
  await requireViewer('renewals:read');
  return (
    <ComingSoon
      title="Renewals"
      what="The month view of due renewals: what falls due, what it will cost, and what can be decided today."
    />
  );
}

import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';
import { requireViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Invoices' };

export default async function InvoicesPage() {
  await requireViewer('invoices:read');
  return (
    <ComingSoon
      title="Invoices"
      what="Invoices from the renewal service, checked line by line against decisions and estimates."
    />
  );
}

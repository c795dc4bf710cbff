import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';
import { requireViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Tracking' };

export default async function TrackingPage() {
  await requireViewer('tracking:read');
  return (
    <ComingSoon
      title="Tracking"
      what="The month-close board: instructed renewals by processing status, official receipts and invoice lines."
    />
  );
}

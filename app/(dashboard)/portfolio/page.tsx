import type { Metadata } from 'next';
import { ComingSoon } from '@/components/shell/coming-soon';
import { requireViewer } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Portfolio' };

export default async function PortfolioPage() {
  await requireViewer('portfolio:read');
  return (
    <ComingSoon
      title="Portfolio"
      what="The patent portfolio: a sortable, filterable table of every patent, with patent detail and its renewal timeline."
    />
  );
}

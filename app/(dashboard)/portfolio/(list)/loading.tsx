import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function PortfolioLoading() {
  return <SectionSkeleton label="Loading the portfolio…" rows={12} />;
}

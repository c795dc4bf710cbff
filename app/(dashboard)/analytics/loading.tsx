import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function AnalyticsLoading() {
  return <SectionSkeleton label="Loading the spend analytics…" rows={12} />;
}

import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function RateFreezesLoading() {
  return <SectionSkeleton label="Loading the rate freezes…" rows={12} />;
}

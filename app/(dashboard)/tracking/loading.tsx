import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function TrackingLoading() {
  return <SectionSkeleton label="Loading the tracking board…" cards={5} rows={8} />;
}

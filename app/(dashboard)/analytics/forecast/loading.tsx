import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function ForecastLoading() {
  return <SectionSkeleton label="Loading the forecast…" rows={14} />;
}

import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function RenewalsLoading() {
  return <SectionSkeleton label="Loading the renewals…" rows={12} />;
}

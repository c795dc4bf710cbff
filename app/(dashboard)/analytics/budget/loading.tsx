import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function BudgetLoading() {
  return <SectionSkeleton label="Loading the budget comparison…" rows={14} />;
}

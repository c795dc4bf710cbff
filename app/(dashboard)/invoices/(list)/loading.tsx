import { SectionSkeleton } from '@/components/shell/section-skeleton';

export default function InvoicesLoading() {
  return <SectionSkeleton label="Loading the invoices…" rows={12} />;
}

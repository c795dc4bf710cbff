import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

export default function SectionLoading() {
  return (
    <div aria-busy="true" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96" />
      <div className="pt-4">
        <SkeletonRows count={8} />
      </div>
    </div>
  );
}

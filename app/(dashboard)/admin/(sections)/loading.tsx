import { SkeletonRows } from '@/components/ui/skeleton';

export default function AdminLoading() {
  return (
    <div aria-busy="true" className="pt-2">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <SkeletonRows count={8} />
    </div>
  );
}

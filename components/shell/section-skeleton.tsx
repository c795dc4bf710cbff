import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';

/**
 * What a section shows while its page is prepared: the page's own shape (heading, optional summary
 * cards, rows), so nothing jumps when the content arrives.
 */
export function SectionSkeleton({
  label,
  cards = 0,
  rows = 10,
}: {
  label: string;
  cards?: number;
  rows?: number;
}) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96" />
      {cards > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {Array.from({ length: cards }, (_, card) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards are identical and never reorder
            <Skeleton key={card} className="h-28" />
          ))}
        </div>
      ) : null}
      <SkeletonRows count={rows} />
    </div>
  );
}

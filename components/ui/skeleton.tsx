import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** Placeholder rows for a list or table that is loading. */
export function SkeletonRows({ count, className }: { count: number; className?: string }) {
  return (
    <div className="flex flex-col gap-2">
      {Array.from({ length: count }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows are identical and never reorder
        <Skeleton key={row} className={cn('h-9 w-full', className)} />
      ))}
    </div>
  );
}

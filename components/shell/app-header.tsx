import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The bar above every page: who is signed in, whether the service answers, and how much of the
 * shared daily API quota is left. The live parts stream in so a slow service never blocks a page.
 */
export function AppHeader({ start, children }: { start?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <header className="flex h-14 items-center gap-3 border-b px-4 md:px-6">
      {/* The navigation of narrow screens, where the sidebar is hidden. */}
      {start}
      <Suspense fallback={<Skeleton className="ml-auto h-5 w-48" />}>
        {/* ml-auto, not justify-end: on a narrow screen anything that does not fit spills to the
            right, never off the left edge where the menu is. */}
        <div className="ml-auto flex min-w-0 items-center gap-3 md:gap-4">{children}</div>
      </Suspense>
    </header>
  );
}

import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The bar above every page: who is signed in, whether the service answers, and how much of the
 * shared daily API quota is left. The live parts stream in so a slow service never blocks a page.
 */
export function AppHeader({ start, children }: { start?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <header className="flex h-14 items-center justify-end gap-4 border-b px-4 md:px-6">
      {/* The navigation of narrow screens, where the sidebar is hidden. */}
      {start ? <div className="mr-auto">{start}</div> : null}
      <Suspense fallback={<Skeleton className="h-5 w-48" />}>
        <div className="flex items-center gap-4">{children}</div>
      </Suspense>
    </header>
  );
}

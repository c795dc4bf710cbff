'use client';

import { Button } from '@/components/ui/button';
import { SkeletonRows } from '@/components/ui/skeleton';
import { problemBody } from '@/lib/http/api-client';
import { isPassing, ProblemPanel } from './problem-panel';

/** A failed query of our API as the user reads it, with a way to try again. */
export function QueryProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const problem = problemBody(error);
  // Data still being read is asked for again by itself until it is in.
  if (isPassing(problem)) return <ProblemPanel problem={problem} lookAgain={onRetry} />;
  return (
    <ProblemPanel
      problem={problem}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/**
 * What a region shows while its query has no data: the failure with a way to try again, else
 * skeleton rows announced as loading (`loading` says what).
 */
export function QueryFallback({
  query,
  loading,
  rows,
}: {
  query: { error: Error | null; refetch: () => unknown };
  loading: string;
  rows: number;
}) {
  if (query.error) return <QueryProblem error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div aria-busy="true">
      <span className="sr-only">{loading}</span>
      <SkeletonRows count={rows} />
    </div>
  );
}

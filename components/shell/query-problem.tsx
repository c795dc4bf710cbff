'use client';

import { Button } from '@/components/ui/button';
import { problemBody } from '@/lib/http/api-client';
import { ProblemPanel } from './problem-panel';

/** A failed query of our API as the user reads it, with a way to try again. */
export function QueryProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <ProblemPanel
      problem={problemBody(error)}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

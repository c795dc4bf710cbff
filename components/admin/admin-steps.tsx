'use client';

import { useRouter } from 'next/navigation';
import { Alert, FailureAlert } from '@/components/ui/alert';
import { useApiMutation } from '@/lib/forms/use-api-mutation';

/** One change made on an admin panel: what it does, what it says when done, and its fallback failure. */
export interface AdminStep {
  /** What the step acts on (a key, a client, or "add"): its button says it is busy. */
  id: string;
  action: () => Promise<unknown>;
  done: string;
  fallback: string;
  after?: () => void;
}

/**
 * An admin panel's changes, one at a time: the step's action, then `reload` (the panel's list as
 * the server now has it), then the step's `after` and a refresh of the server-rendered layout
 * (the header's key and quota alerts). `busy` is the id of the step running, `notice` what the
 * last one did.
 */
export function useAdminSteps(reload: () => Promise<void>) {
  const router = useRouter();
  const step = useApiMutation({
    mutationFn: async (run: AdminStep) => {
      await run.action();
      await reload();
    },
    failure: (run) => run.fallback,
    onSuccess: (_answer, run) => {
      run.after?.();
      router.refresh();
    },
  });
  return {
    run: (next: AdminStep) => step.mutate(next),
    busy: step.isPending ? step.variables.id : null,
    failure: step.failureMessage,
    notice: step.isSuccess ? step.variables.done : null,
  };
}

/** What the panel's last step did, or why it could not: above the panel's table. */
export function StepOutcome({ failure, notice }: { failure: string | null; notice: string | null }) {
  return (
    <>
      <FailureAlert message={failure} />
      {notice ? (
        <Alert tone="info">
          <p>{notice}</p>
        </Alert>
      ) : null}
    </>
  );
}

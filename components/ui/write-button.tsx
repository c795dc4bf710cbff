'use client';

import { useRouter } from 'next/navigation';
import type { ComponentProps, ReactNode } from 'react';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { Button } from './button';
import { cn } from './cn';

/**
 * A small outlined button that makes one write and then re-renders the page from the server (the
 * change shows where the page lists it). It is disabled while the write runs, shows `pending`
 * then if given, and the failure is announced beside it (role="alert"), under it when `stacked`.
 */
export function WriteButton({
  write,
  failure,
  pending,
  stacked = false,
  children,
  ...button
}: Omit<ComponentProps<typeof Button>, 'onClick' | 'disabled' | 'type'> & {
  write: () => Promise<unknown>;
  /** What the user reads when the failure carries no words of the server's. */
  failure: string;
  pending?: ReactNode;
  stacked?: boolean;
}) {
  const router = useRouter();
  const mutation = useApiMutation({ mutationFn: write, failure, onSuccess: () => router.refresh() });
  return (
    <span className={cn('inline-flex', stacked ? 'flex-col gap-1' : 'items-center gap-2')}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        {...button}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {mutation.isPending && pending !== undefined ? pending : children}
      </Button>
      {mutation.failureMessage ? (
        <span role="alert" className="text-xs text-destructive">
          {mutation.failureMessage}
        </span>
      ) : null}
    </span>
  );
}
